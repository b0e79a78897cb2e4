import { VISITOR_DOCUMENT_TYPES, VISITOR_FILE_MAX_BYTES, VISITOR_FILE_TOO_LARGE } from "@harbor/contract/constants";
import { visitorAttachmentSchema } from "@harbor/contract/message-data";
import {
  visitorChatSchema,
  widgetGetChatRequestSchema,
  widgetGetRequestSchema,
  widgetGetResponseSchema,
  widgetResolveChatRequestSchema,
  widgetSaveCustomerRequestSchema,
} from "@harbor/contract/widget";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { AppError } from "../../platform/errors";
import { asRouter, emptyOkResponse, okResponse } from "../../platform/http";
import { sniffImageType, streamMultipartFile } from "../../platform/multipart";
import type { VisitorService } from "./visitor.service";
import type { VisitorFiles } from "./visitor-files";

const tags = ["visitor widget"];

export const FIELDS_BEFORE_FILE = "Send widgetID and visitorToken before the file in the form.";

/** Per IP: a shop's visitors share nothing, but one script must not flood the public calls. */
const visitorRateLimit = { rateLimit: { max: 120, timeWindow: "1 minute" } };

/**
 * The widget's public calls (spec part 2 §7 "Visitor widget"). No session: each call names the
 * widget and carries the visitor token, and reads only that visitor's chats. CORS is open for
 * these paths only (the loader calls /api/widget/get from the shop's page).
 */
export function visitorRoutes(app: FastifyInstance, deps: { visitorService: VisitorService; files: VisitorFiles }) {
  const router = asRouter(app);
  const service = deps.visitorService;

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/widget/")) return;
    reply.header("access-control-allow-origin", "*");
    reply.header("cross-origin-resource-policy", "cross-origin");
    if (request.method === "OPTIONS") {
      reply
        .header("access-control-allow-methods", "POST, OPTIONS")
        .header("access-control-allow-headers", "content-type")
        .header("access-control-max-age", "600");
      return reply.status(204).send();
    }
  });
  // Preflights need a route of their own in this module's plugin (the hook above answers them).
  app.options("/api/widget/*", async (_request, reply) => reply.status(204).send());

  router.post(
    "/api/widget/get",
    {
      config: visitorRateLimit,
      schema: { tags, body: widgetGetRequestSchema, response: okResponse(widgetGetResponseSchema) },
    },
    async (request) => ok(await service.getWidget({ ...request.body, clientAddress: request.ip })),
  );

  router.post(
    "/api/widget/get-chat",
    {
      config: visitorRateLimit,
      schema: { tags, body: widgetGetChatRequestSchema, response: okResponse(visitorChatSchema) },
    },
    async (request) => {
      const scope = await service.resolveScope({
        widgetId: request.body.widgetID,
        visitorToken: request.body.visitorToken,
        clientAddress: request.ip,
      });
      return ok(await service.getChat(scope, request.body.chatID));
    },
  );

  router.post(
    "/api/widget/save-customer",
    { config: visitorRateLimit, schema: { tags, body: widgetSaveCustomerRequestSchema, response: emptyOkResponse } },
    async (request) => {
      const scope = await service.resolveScope({
        widgetId: request.body.widgetID,
        visitorToken: request.body.visitorToken,
        clientAddress: request.ip,
      });
      return ok(await service.saveCustomer(scope, request.body.chatID, request.body.customer), "Details saved");
    },
  );

  router.post(
    "/api/widget/resolve-chat",
    { config: visitorRateLimit, schema: { tags, body: widgetResolveChatRequestSchema, response: emptyOkResponse } },
    async (request) => {
      const { widgetID, visitorToken, chatID, resolved, rating } = request.body;
      const scope = await service.resolveScope({ widgetId: widgetID, visitorToken, clientAddress: request.ip });
      return ok(await service.resolveChat(scope, chatID, resolved, rating));
    },
  );

  router.post(
    "/api/widget/upload",
    { config: visitorRateLimit, schema: { tags, response: okResponse(visitorAttachmentSchema) } },
    async (request) => {
      const { stored } = await streamMultipartFile(request, {
        maxFileBytes: VISITOR_FILE_MAX_BYTES,
        tooLargeMessage: VISITOR_FILE_TOO_LARGE,
        async onFile(file, fields) {
          // Who sends the file is checked before a byte of it is read, so it must come first.
          if (fields.widgetID === undefined || fields.visitorToken === undefined) {
            throw new AppError("BAD_REQUEST", FIELDS_BEFORE_FILE);
          }
          const scope = await service.resolveScope({
            widgetId: fields.widgetID ?? "",
            visitorToken: fields.visitorToken ?? "",
            clientAddress: request.ip,
          });
          return deps.files.upload({
            scope,
            ip: request.ip,
            declaredBytes: Number(request.headers["content-length"]) || 0,
            file: { name: file.filename, claimedType: file.mimetype, stream: file.stream },
            judgeType: visitorFileType,
          });
        },
      });
      if (!stored) throw new AppError("BAD_REQUEST", "Choose a file to send.");
      return ok(stored);
    },
  );
}

/**
 * The type a visitor's file really is, judged by its first bytes (the browser's claim alone is not
 * trusted): jpg and png, pdf, and office documents (zip-based or the older compound format) whose
 * claimed type is an office type. Anything else is refused.
 */
export function visitorFileType(bytes: Buffer, claimed: string): string | null {
  const image = sniffImageType(bytes);
  if (image === "image/jpeg" || image === "image/png") return image;
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  const isOfficeClaim =
    (VISITOR_DOCUMENT_TYPES as readonly string[]).includes(claimed) && claimed !== "application/pdf";
  const isZip = bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
  const isCompound = bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1;
  return isOfficeClaim && (isZip || isCompound) ? claimed : null;
}
