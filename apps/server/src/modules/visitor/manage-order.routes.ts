import {
  cancellationReasonsRequestSchema,
  cancellationReasonsResponseSchema,
  changeAddressRequestSchema,
  changeAddressResponseSchema,
  changeSubscriptionRequestSchema,
  changeSubscriptionResponseSchema,
  listSubscriptionsRequestSchema,
  listSubscriptionsResponseSchema,
  manageOrderGetRequestSchema,
  manageOrderGetResponseSchema,
  reportIssueRequestSchema,
  reportIssueResponseSchema,
  requestCancellationRequestSchema,
  requestCancellationResponseSchema,
  sendOrderCodeRequestSchema,
  sendOrderCodeResponseSchema,
} from "@harbor/contract/orders";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, okResponse } from "../../platform/http";
import type { VisitorService } from "./visitor.service";
import type { VisitorOrders } from "./visitor-orders";

const tags = ["visitor widget"];
/** Per IP, as the widget's other calls (visitor.routes.ts); each call also counts per visitor. */
const visitorRateLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

/** The widget's order self-service (spec part 2 §7: /widget/manage-order/*). */
export function manageOrderRoutes(
  app: FastifyInstance,
  deps: { visitorService: VisitorService; visitorOrders: VisitorOrders },
) {
  const router = asRouter(app);
  const scopeOf = (body: { widgetID: string; visitorToken: string }, clientAddress: string) =>
    deps.visitorService.resolveScope({ widgetId: body.widgetID, visitorToken: body.visitorToken, clientAddress });

  router.post(
    "/api/widget/manage-order/send-code",
    {
      config: visitorRateLimit,
      schema: { tags, body: sendOrderCodeRequestSchema, response: okResponse(sendOrderCodeResponseSchema) },
    },
    async (request) => {
      const scope = await scopeOf(request.body, request.ip);
      const sent = await deps.visitorOrders.sendCode(scope, request.body);
      const isText = scope.settings.customerAccountPortal.authentication === "phone";
      return ok(sent, `We sent a code to your ${isText ? "phone" : "e-mail"}.`);
    },
  );

  router.post(
    "/api/widget/manage-order/get",
    {
      config: visitorRateLimit,
      schema: { tags, body: manageOrderGetRequestSchema, response: okResponse(manageOrderGetResponseSchema) },
    },
    async (request) => ok(await deps.visitorOrders.getOrder(await scopeOf(request.body, request.ip), request.body)),
  );

  router.post(
    "/api/widget/manage-order/get-cancellation-reasons",
    {
      config: visitorRateLimit,
      schema: { tags, body: cancellationReasonsRequestSchema, response: okResponse(cancellationReasonsResponseSchema) },
    },
    async (request) =>
      ok(await deps.visitorOrders.cancellationReasons(await scopeOf(request.body, request.ip), request.body)),
  );

  router.post(
    "/api/widget/manage-order/request-cancellation",
    {
      config: visitorRateLimit,
      schema: {
        tags,
        body: requestCancellationRequestSchema,
        response: okResponse(requestCancellationResponseSchema),
      },
    },
    async (request) =>
      ok(
        await deps.visitorOrders.requestCancellation(await scopeOf(request.body, request.ip), request.body),
        "Your cancellation request was sent. Our team will review it and get back to you.",
      ),
  );

  router.post(
    "/api/widget/manage-order/change-address",
    {
      config: visitorRateLimit,
      schema: { tags, body: changeAddressRequestSchema, response: okResponse(changeAddressResponseSchema) },
    },
    async (request) =>
      ok(
        await deps.visitorOrders.changeAddress(await scopeOf(request.body, request.ip), request.body),
        "Your shipping address was changed.",
      ),
  );

  router.post(
    "/api/widget/manage-order/report-issue",
    {
      config: visitorRateLimit,
      schema: { tags, body: reportIssueRequestSchema, response: okResponse(reportIssueResponseSchema) },
    },
    async (request) =>
      ok(
        await deps.visitorOrders.reportIssue(await scopeOf(request.body, request.ip), request.body),
        "Your report was sent.",
      ),
  );

  router.post(
    "/api/widget/manage-order/subscriptions",
    {
      config: visitorRateLimit,
      schema: { tags, body: listSubscriptionsRequestSchema, response: okResponse(listSubscriptionsResponseSchema) },
    },
    async (request) =>
      ok(await deps.visitorOrders.listSubscriptions(await scopeOf(request.body, request.ip), request.body)),
  );

  router.post(
    "/api/widget/manage-order/change-subscription",
    {
      config: visitorRateLimit,
      schema: { tags, body: changeSubscriptionRequestSchema, response: okResponse(changeSubscriptionResponseSchema) },
    },
    async (request) =>
      ok(
        await deps.visitorOrders.changeSubscription(await scopeOf(request.body, request.ip), request.body),
        "Your subscription was changed.",
      ),
  );
}
