import type { VisitorAttachment, WidgetGetResponse } from "@harbor/contract/widget";

type Envelope<T> = { hasError: boolean; message: string; data: T };

/** The widget's REST calls, on the iframe's own origin (the server's). A failed call throws its message. */
async function post<T>(path: string, body: object | FormData): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method: "POST",
    headers: isForm ? undefined : { "content-type": "application/json" },
    body: isForm ? body : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.hasError) throw new Error(envelope.message);
  return envelope.data;
}

export const widgetApi = {
  /** POST /api/widget/get: the widget, this visitor's token (a fresh one when absent or foreign), their open chat. */
  get: (request: { widgetID: string; visitorToken?: string }) => post<WidgetGetResponse>("/api/widget/get", request),

  /** POST /api/widget/upload: one file; the answer goes with the question in `attachments`. */
  upload(request: { widgetID: string; visitorToken: string; file: File }) {
    const form = new FormData();
    form.append("widgetID", request.widgetID);
    form.append("visitorToken", request.visitorToken);
    form.append("file", request.file);
    return post<VisitorAttachment>("/api/widget/upload", form);
  },
};
