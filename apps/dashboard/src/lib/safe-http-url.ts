/** Only http(s) addresses become links or images; anything else (javascript:, data:) is ignored. */
export function safeHttpURL(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
