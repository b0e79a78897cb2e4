import { randomBytes } from "node:crypto";

/**
 * The uploading visitor of `bench/uploads.ts`, in a process of its own (forked by the bench) so
 * encoding and sending its files does not share the server's event loop — a real visitor is on
 * another machine. It uploads until told to stop ("stop" over IPC), then answers its measurements.
 */
export type UploadClientOrder = {
  url: string;
  widgetID: string;
  visitorToken: string;
  fileBytes: number;
  parallel: number;
  forwardedFor: string;
};

export type UploadClientResult = { uploadMs: number[]; refused: number; elapsedS: number };

/** A PNG's signature: the server judges an upload's type by its first bytes. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let isStopping = false;

async function run(order: UploadClientOrder): Promise<UploadClientResult> {
  const picture = new Blob([Buffer.concat([PNG_SIGNATURE, randomBytes(order.fileBytes - PNG_SIGNATURE.length)])], {
    type: "image/png",
  });
  const uploadMs: number[] = [];
  let refused = 0;
  const startedAt = performance.now();
  const uploader = async () => {
    while (!isStopping) {
      const form = new FormData();
      form.append("widgetID", order.widgetID);
      form.append("visitorToken", order.visitorToken);
      form.append("file", picture, "photo.png");
      const sentAt = performance.now();
      const response = await fetch(`${order.url}/api/widget/upload`, {
        method: "POST",
        headers: { "x-forwarded-for": order.forwardedFor },
        body: form,
      });
      await response.arrayBuffer();
      if (response.status === 200) uploadMs.push(performance.now() - sentAt);
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: order.parallel }, () => uploader()));
  return { uploadMs, refused, elapsedS: (performance.now() - startedAt) / 1000 };
}

process.on("message", (message: UploadClientOrder | "stop") => {
  if (message === "stop") {
    isStopping = true;
    return;
  }
  run(message).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
  // Ready once the first request is under way.
  process.send?.("started");
});
