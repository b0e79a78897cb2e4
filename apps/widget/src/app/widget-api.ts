import type { VisitorAttachment } from "@harbor/contract/message-data";
import type { WidgetGetResponse } from "@harbor/contract/widget";

type Envelope<T> = { hasError: boolean; message: string; data: T };

/** A failed call: the server's message, and its status (401: the visitor token is no good any more). */
export class WidgetApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The widget's REST calls, on the iframe's own origin (the server's). A failed call throws a WidgetApiError. */
async function post<T>(path: string, body: object | FormData): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(path, {
    method: "POST",
    headers: isForm ? undefined : { "content-type": "application/json" },
    body: isForm ? body : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.hasError) throw new WidgetApiError(envelope.message, response.status);
  return envelope.data;
}

export const widgetApi = {
  /**
   * POST /api/widget/get: the widget, this visitor's token (renewed, or a fresh one when absent,
   * foreign or expired), their open chat.
   */
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
