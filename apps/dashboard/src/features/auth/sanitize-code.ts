import { SIGN_IN_CODE_LENGTH } from "@harbor/contract/constants";

/** Keeps letters and digits only, upper-cased, at most the code length ("ab-12 cd" → "AB12CD"). */
export function sanitizeCode(raw: string): string {
  return raw
    .replace(/[^a-z0-9]/gi, "")
    .toUpperCase()
    .slice(0, SIGN_IN_CODE_LENGTH);
}
