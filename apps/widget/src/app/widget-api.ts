import type { VisitorAttachment } from "@harbor/contract/message-data";
import type {
  CancellationReasonsRequest,
  CancellationReasonsResponse,
  ChangeAddressInput,
  ChangeAddressResponse,
  ChangeSubscriptionRequest,
  ChangeSubscriptionResponse,
  ListSubscriptionsRequest,
  ListSubscriptionsResponse,
  ManageOrderGetRequest,
  ManageOrderGetResponse,
  ReportIssueRequest,
  ReportIssueResponse,
  RequestCancellationRequest,
  RequestCancellationResponse,
  SendOrderCodeRequest,
  SendOrderCodeResponse,
} from "@harbor/contract/orders";
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

  /** POST /api/widget/manage-order/send-code: a one-time code mailed for the order (portal method email). */
  sendOrderCode: (request: SendOrderCodeRequest) =>
    post<SendOrderCodeResponse>("/api/widget/manage-order/send-code", request),

  /** POST /api/widget/manage-order/get: the order, once the number and contact prove it the visitor's. */
  getOrder: (request: ManageOrderGetRequest) => post<ManageOrderGetResponse>("/api/widget/manage-order/get", request),

  /** POST /api/widget/manage-order/get-cancellation-reasons: the shop's reasons, in the visitor's language. */
  cancellationReasons: (request: CancellationReasonsRequest) =>
    post<CancellationReasonsResponse>("/api/widget/manage-order/get-cancellation-reasons", request),

  /** POST /api/widget/manage-order/request-cancellation: recorded once per client key. */
  requestCancellation: (request: RequestCancellationRequest) =>
    post<RequestCancellationResponse>("/api/widget/manage-order/request-cancellation", request),

  /** POST /api/widget/manage-order/subscriptions: the customer's Recharge subscriptions, for a proven order. */
  listSubscriptions: (request: ListSubscriptionsRequest) =>
    post<ListSubscriptionsResponse>("/api/widget/manage-order/subscriptions", request),

  /** POST /api/widget/manage-order/change-subscription: a next charge date or frequency, done once per client key. */
  changeSubscription: (request: ChangeSubscriptionRequest) =>
    post<ChangeSubscriptionResponse>("/api/widget/manage-order/change-subscription", request),

  /** POST /api/widget/manage-order/change-address: a new shipping address, made once per client key (decision 047). */
  changeAddress: (request: ChangeAddressInput) =>
    post<ChangeAddressResponse>("/api/widget/manage-order/change-address", request),

  /** POST /api/widget/manage-order/report-issue: one of the shop's Order Issues, recorded once per client key (decision 054). */
  reportIssue: (request: ReportIssueRequest) =>
    post<ReportIssueResponse>("/api/widget/manage-order/report-issue", request),
};
