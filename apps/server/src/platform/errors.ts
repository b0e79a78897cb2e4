/** HTTP status for each kind of failure a handler can report. */
const statusByCode = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Another system (a vendor) refused what was asked, with its reason. */
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof statusByCode;

/**
 * The one error type handlers and services throw. Its message is shown to the user as-is, so it
 * must be written for them; anything else thrown becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
    this.statusCode = statusByCode[code];
  }
}

export const notSignedIn = () => new AppError("UNAUTHORIZED", "Please sign in to continue.");
export const adminOnly = () => new AppError("FORBIDDEN", "Only admins of this workspace can do that.");
