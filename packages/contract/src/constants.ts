/** Business constants shared by the server and the dashboard (spec part 1 §9, part 2 §9). */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MINUTES = 10;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;
export const ONBOARDING_STEP_MS = 1000;
export const WORKSPACE_REDIRECT_DELAY_MS = 1500;
export const NOTIFICATION_SUCCESS_MS = 2500;
export const NOTIFICATION_ERROR_MS = 3000;
export const NOTIFICATION_DEFAULT_MS = 6000;
export const SESSION_TTL_DAYS = 30;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 120;

/*
 * The visitor's side: the realtime channel and what a visitor may send. Here, without zod, so the
 * widget uses the same values as the server instead of copies.
 */
export const VISITOR_NAMESPACE = "/visitor";
export const STAFF_NAMESPACE = "/staff";
/** socket.io's path, beside the API. */
export const SOCKET_PATH = "/socket.io";
/** A typing indicator clears itself after this long without news (a lost "stopped" event never sticks). */
export const VISITOR_TYPING_MS = 6000;
/** Visitor attachments (spec part 2 §5): per file. */
export const VISITOR_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const VISITOR_FILE_TOO_LARGE = "some files are larger than 10MB";
export const VISITOR_FILE_TOO_LARGE_MS = 2000;
/** Attachments a visitor may send with one message. */
export const VISITOR_ATTACHMENTS_MAX = 5;
/** Images always; pdf and office documents where a field allows "any" (spec part 2 §5). */
export const VISITOR_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const VISITOR_DOCUMENT_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
] as const;
/** What the chat's file picker offers: pictures, pdf and office documents (the server checks the bytes). */
export const VISITOR_FILE_ACCEPT: readonly string[] = [...VISITOR_IMAGE_TYPES, ...VISITOR_DOCUMENT_TYPES];
/** A visitor's message, in characters (the realtime channel refuses longer ones). */
export const VISITOR_MESSAGE_MAX = 2000;
