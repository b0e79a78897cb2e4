/** What went wrong, in terms a caller can act on (retry later, ask for new credentials, fix a bug). */
export type IntegrationErrorKind =
  | "auth"
  | "not_found"
  | "rate_limited"
  | "invalid"
  | "unavailable"
  | "network"
  | "timeout";

/** How a vendor is named to the user, and what its credential is called there. */
export interface VendorLabel {
  name: string;
  credential: string;
}

export interface IntegrationErrorOptions {
  vendor: VendorLabel;
  kind: IntegrationErrorKind;
  /** HTTP status, when an answer arrived at all. */
  status?: number;
  /** The vendor's own error text, for logs and for the places the spec shows it to the user. */
  vendorMessage?: string;
  cause?: unknown;
}

/**
 * The one error every integration client throws. `message` is written for the merchant and
 * never contains the vendor's raw answer: that stays in `vendorMessage` so each caller decides
 * whether to show it.
 */
export class IntegrationError extends Error {
  readonly vendor: string;
  readonly kind: IntegrationErrorKind;
  readonly status: number | undefined;
  readonly vendorMessage: string | undefined;

  constructor(options: IntegrationErrorOptions) {
    super(userMessage(options), { cause: options.cause });
    this.name = "IntegrationError";
    this.vendor = options.vendor.name;
    this.kind = options.kind;
    this.status = options.status;
    this.vendorMessage = options.vendorMessage;
  }
}

/** All user-facing integration failure texts live here. */
function userMessage({ vendor, kind, status }: IntegrationErrorOptions): string {
  switch (kind) {
    case "auth":
      return status === 403
        ? `${vendor.name} refused access. Check the permissions granted to Harbor.`
        : `${vendor.name} rejected the ${vendor.credential}.`;
    case "not_found":
      return `${vendor.name} could not find what Harbor asked for.`;
    case "rate_limited":
      return `${vendor.name} is limiting requests right now. Please try again in a minute.`;
    case "invalid":
      return `${vendor.name} rejected the request.`;
    case "unavailable":
      return status !== undefined && status < 300
        ? `${vendor.name} sent an answer Harbor did not understand.`
        : `${vendor.name} is not available right now. Please try again later.`;
    case "network":
      return `${vendor.name} could not be reached.`;
    case "timeout":
      return `${vendor.name} took too long to answer.`;
  }
}
