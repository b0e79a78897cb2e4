import { Transform, type TransformCallback } from "node:stream";
import { FileTooLargeError } from "./file-store";

/**
 * Counts bytes on their way through and fails the stream the moment there are too many. `error()`
 * tells afterwards whether the limit stopped it, however a consumer wrapped the stream's failure.
 */
export function byteLimit(maxBytes: number) {
  let byteSize = 0;
  let tooLarge: FileTooLargeError | undefined;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      byteSize += chunk.length;
      if (byteSize > maxBytes) {
        tooLarge = new FileTooLargeError(maxBytes);
        callback(tooLarge);
      } else callback(null, chunk);
    },
  });
  return { transform, byteSize: () => byteSize, error: () => tooLarge };
}
