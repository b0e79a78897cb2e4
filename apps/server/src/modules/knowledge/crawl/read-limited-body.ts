/**
 * The response body, or null when it is larger than `maxBytes`. Reads chunk by chunk and cancels
 * the download as soon as the limit is passed, so a 50 MB page costs at most `maxBytes` of memory.
 */
export async function readLimitedBody(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
