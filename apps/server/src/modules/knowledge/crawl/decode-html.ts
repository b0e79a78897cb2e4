/** How far into the page a <meta charset> is looked for (the HTML standard's prescan reads 1024 bytes; be lenient). */
const META_PRESCAN_BYTES = 4096;

const charsetFromContentType = (contentType: string | null) =>
  contentType?.match(/charset\s*=\s*["']?([^"';\s]+)/i)?.[1] ?? null;

const charsetFromBom = (bytes: Uint8Array) => {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
};

const charsetFromMeta = (bytes: Uint8Array) => {
  // Latin-1 maps every byte to one character, so ASCII markup reads right whatever the real encoding.
  const head = new TextDecoder("windows-1252").decode(bytes.subarray(0, META_PRESCAN_BYTES));
  const label = head.match(/<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i)?.[1] ?? null;
  // A page that reached us as bytes cannot be UTF-16 just because its markup says so (HTML standard).
  return label && /^utf-?16/i.test(label) ? "utf-8" : label;
};

/**
 * Windows-1252 characters for bytes 0x80–0x9F (€, curly quotes, dashes, Š, Ž, …). Node 20's
 * TextDecoder decodes "windows-1252" (and so "iso-8859-1", which the Encoding standard maps to it)
 * as plain Latin-1 and returns the C1 control characters U+0080–U+009F instead; this puts the right
 * characters back. On a Node without that bug the text has no such controls and nothing changes.
 */
const WINDOWS_1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

const fixWindows1252 = (text: string) =>
  text.replace(/[\u0080-\u009f]/g, (control) => WINDOWS_1252_C1[control.charCodeAt(0) - 0x80] ?? control);

const decoderFor = (label: string) => {
  try {
    return new TextDecoder(label);
  } catch {
    // Unknown labels (typos such as "utf8mb4") fall back to UTF-8, which most such pages really are.
    return new TextDecoder("utf-8");
  }
};

/**
 * HTML bytes as text, in the page's own encoding. Order as in the HTML standard: byte-order mark,
 * then the Content-Type charset, then <meta charset>/<meta http-equiv>, then UTF-8.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  const label = charsetFromBom(bytes) ?? charsetFromContentType(contentType) ?? charsetFromMeta(bytes) ?? "utf-8";
  const decoder = decoderFor(label);
  const text = decoder.decode(bytes);
  return decoder.encoding === "windows-1252" ? fixWindows1252(text) : text;
}
