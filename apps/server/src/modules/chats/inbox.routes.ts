import {
  chatActionResponseSchema,
  chatIdRequestSchema,
  chatSchema,
  getChatRequestSchema,
  inboxCategoriesSchema,
  inboxRequestSchema,
  inboxResponseSchema,
  shopifyCustomerRequestSchema,
  shopifyCustomerResponseSchema,
  staffMessageRequestSchema,
  staffMessageResponseSchema,
  takeoverRequestSchema,
  toggleFlagRequestSchema,
  toggleResolutionRequestSchema,
  toggleTicketRequestSchema,
} from "@harbor/contract/chat";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, okResponse } from "../../platform/http";
import { requireCompany } from "../../platform/session";
import type { InboxService } from "./inbox.service";

/** The inbox calls (spec part 1 §7 Chat): any signed-in member of the company, admin or agent. */
export function inboxRoutes(app: FastifyInstance, deps: { inboxService: InboxService }) {
  const router = asRouter(app);
  const service = deps.inboxService;
  const tags = ["inbox"];
  const actionResponse = okResponse(chatActionResponseSchema);

  router.post(
    "/api/chat/inbox",
    { schema: { tags, body: inboxRequestSchema, response: okResponse(inboxResponseSchema) } },
    async (request) => ok(await service.list(requireCompany(request), request.body)),
  );

  router.get(
    "/api/chat/inbox/categories",
    { schema: { tags, response: okResponse(inboxCategoriesSchema) } },
    async (request) => ok(await service.categories(requireCompany(request))),
  );

  router.post(
    "/api/chat/",
    { schema: { tags, body: getChatRequestSchema, response: okResponse(chatSchema) } },
    async (request) => ok(await service.getChat(requireCompany(request), request.body)),
  );

  router.post(
    "/api/chat/delete",
    { schema: { tags, body: chatIdRequestSchema, response: actionResponse } },
    async (request) => ok(await service.deleteChat(requireCompany(request), request.body.chatID), "Chat deleted."),
  );

  router.post(
    "/api/chat/mark-unread",
    { schema: { tags, body: chatIdRequestSchema, response: actionResponse } },
    async (request) => ok(await service.markUnread(requireCompany(request), request.body.chatID)),
  );

  router.post(
    "/api/chat/chat/toggle-flag",
    { schema: { tags, body: toggleFlagRequestSchema, response: actionResponse } },
    async (request) => ok(await service.setFlag(requireCompany(request), request.body.chatID, request.body.isFlagged)),
  );

  router.post(
    "/api/chat/chat/toggle-resolution",
    { schema: { tags, body: toggleResolutionRequestSchema, response: actionResponse } },
    async (request) =>
      ok(await service.setResolved(requireCompany(request), request.body.chatID, request.body.resolved)),
  );

  // Not in the spec's table (method and path not shown); chosen in the inbox issue.
  router.post(
    "/api/chat/chat/toggle-ticket",
    { schema: { tags, body: toggleTicketRequestSchema, response: actionResponse } },
    async (request) =>
      ok(await service.setTicketStatus(requireCompany(request), request.body.chatID, request.body.status)),
  );

  // Human takeover (inbox issue point 4, beyond the spec): paths chosen in the spec's style.
  router.post(
    "/api/chat/chat/reply",
    { schema: { tags, body: staffMessageRequestSchema, response: okResponse(staffMessageResponseSchema) } },
    async (request) => ok(await service.reply(requireCompany(request), request.body)),
  );

  router.post(
    "/api/chat/chat/note",
    { schema: { tags, body: staffMessageRequestSchema, response: okResponse(staffMessageResponseSchema) } },
    async (request) => ok(await service.note(requireCompany(request), request.body)),
  );

  router.post(
    "/api/chat/chat/take-over",
    { schema: { tags, body: takeoverRequestSchema, response: actionResponse } },
    async (request) => ok(await service.takeOver(requireCompany(request), request.body.chatID)),
  );

  router.post(
    "/api/chat/chat/hand-back",
    { schema: { tags, body: takeoverRequestSchema, response: actionResponse } },
    async (request) => ok(await service.handBack(requireCompany(request), request.body.chatID)),
  );

  router.post(
    "/api/chat/shopify/get-customer",
    { schema: { tags, body: shopifyCustomerRequestSchema, response: okResponse(shopifyCustomerResponseSchema) } },
    async (request) => ok(await service.shopifyCustomer(requireCompany(request), request.body.chatID)),
  );
}
