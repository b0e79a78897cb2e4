/** Long vendor answers (HTML error pages) are cut so logs and UIs stay readable. */
const MAX_LENGTH = 500;

/**
 * The vendor's own error text from any of the error bodies in docs integrations.md:
 * Shopify `{errors: string | [{message}] | {field: [msg]}}`, Recharge `{errors: string | object}`,
 * Loop `{error: {message}}` and `{message, errors}`, Gorgias `{error: {msg, data}}`, Zendesk `{error, description, details}`,
 * OAuth `{error, error_description}`, or a plain-text body.
 */
export function extractVendorMessage(body: unknown): string | undefined {
  const text = messageFrom(body);
  if (!text) return undefined;
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}

function messageFrom(body: unknown): string | undefined {
  if (typeof body === "string") return body.trim() || undefined;
  if (!isRecord(body)) return undefined;

  const { error, errors, message, description } = body;
  const details = flatten(body.details) ?? flatten(errors);

  if (typeof error === "string") {
    // Zendesk puts a code in `error` ("RecordInvalid") and the prose beside it.
    const prose = stringOrUndefined(description) ?? stringOrUndefined(body.error_description);
    return join([prose ? `${error}: ${prose}` : error, details]);
  }
  // Loop `{error: {message}}`; Gorgias `{error: {msg, data}}` with the field problems in `data`.
  if (isRecord(error))
    return join([stringOrUndefined(error.message) ?? stringOrUndefined(error.msg), flatten(error.data)]);
  if (typeof message === "string") return join([message, details]);
  if (typeof description === "string") return description;
  return details;
}

/** Field errors of any nesting as "field: problem; other: problem". */
function flatten(value: unknown, field?: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string" || typeof value === "number") {
    return field ? `${field}: ${value}` : String(value);
  }
  if (Array.isArray(value)) return join(value.map((item) => flatten(item, field)));
  if (!isRecord(value)) return undefined;
  // An error object in a list (GraphQL `{message}`, Zendesk `{description, error}`).
  const own = stringOrUndefined(value.message) ?? stringOrUndefined(value.description);
  if (own) return field ? `${field}: ${own}` : own;
  return join(Object.entries(value).map(([key, item]) => flatten(item, field ? `${field}.${key}` : key)));
}

function join(parts: (string | undefined)[]): string | undefined {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join("; ") : undefined;
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
