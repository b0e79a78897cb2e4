import {
  agentCompanySchema,
  aiAgentSchema,
  answerRuleIdRequestSchema,
  answerRuleSchema,
  type PlaygroundRequest,
  type PlaygroundResponse,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  personaSchema,
  playgroundRequestSchema,
  playgroundResponseSchema,
  saveAnswerRuleRequestSchema,
  workflowsSchema,
} from "@harbor/contract/ai-agent";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../platform/envelope";
import { AppError } from "../../platform/errors";
import type { FileStore } from "../../platform/files/file-store";
import { asRouter, emptyOkResponse, okResponse } from "../../platform/http";
import { parseJsonPart, readMultipart, sniffImageType } from "../../platform/multipart";
import { requireAdmin } from "../../platform/session";
import type { AiAgentService } from "./ai-agent.service";

/** The answer a visitor would get, with what led to it (the AI engine's preview; no chat is made). */
export type Playground = (companyId: string, request: PlaygroundRequest) => Promise<PlaygroundResponse>;

const MAX_PICTURE_MB = PROFILE_IMAGE_MAX_BYTES / 1024 / 1024;

/** AI agent area (spec part 1 §7), admin only; plus the pictures it serves and the playground. */
export function aiAgentRoutes(
  app: FastifyInstance,
  deps: { aiAgentService: AiAgentService; playground: Playground; fileStore: FileStore },
) {
  const router = asRouter(app);
  const service = deps.aiAgentService;
  const tags = ["ai-agent"];
  const agentResponse = okResponse(aiAgentSchema);

  router.get("/api/ai-agent/", { schema: { tags, response: agentResponse } }, async (request) =>
    ok(await service.getAgent(requireAdmin(request))),
  );

  // Multipart: persona + company JSON parts (and `images` + thumbnailAdded when the picture
  // changed), or a workflows JSON part.
  router.post(
    "/api/ai-agent/save",
    { schema: { tags, consumes: ["multipart/form-data"], response: agentResponse } },
    async (request) => {
      const auth = requireAdmin(request);
      const { fields, files } = await readMultipart(request, {
        maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
        maxFiles: 1,
        tooLargeMessage: `The picture is larger than ${MAX_PICTURE_MB} MB. Choose a smaller one.`,
      });
      if (fields.workflows !== undefined) {
        const workflows = parseJsonPart(workflowsSchema, fields.workflows, "workflows");
        return ok(await service.saveWorkflows(auth, workflows), "Workflows saved.");
      }
      const persona = parseJsonPart(personaSchema, fields.persona, "persona");
      const company = parseJsonPart(agentCompanySchema, fields.company, "company");
      let picture: { contentType: string; bytes: Buffer } | undefined;
      if (fields.thumbnailAdded === "true") {
        const file = files.find((candidate) => candidate.fieldName === "images");
        if (!file || file.bytes.length === 0) throw new AppError("BAD_REQUEST", "images: the new picture is missing");
        const contentType = sniffImageType(file.bytes);
        if (!contentType || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(contentType)) {
          throw new AppError("BAD_REQUEST", "images: the picture must be a JPG, PNG or WebP image");
        }
        picture = { contentType, bytes: file.bytes };
      }
      return ok(await service.savePersona(auth, { persona, company, picture }), "Persona saved.");
    },
  );

  router.post(
    "/api/ai-agent/answer-rule/save",
    { schema: { tags, body: saveAnswerRuleRequestSchema, response: okResponse(answerRuleSchema) } },
    async (request) => ok(await service.saveAnswerRule(requireAdmin(request), request.body), "Answer rule saved."),
  );

  router.post(
    "/api/ai-agent/answer-rule/delete",
    { schema: { tags, body: answerRuleIdRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await service.deleteAnswerRule(requireAdmin(request), request.body.ruleID);
      return ok(null, "Answer rule deleted.");
    },
  );

  router.post(
    "/api/ai-agent/playground",
    { schema: { tags, body: playgroundRequestSchema, response: okResponse(playgroundResponseSchema) } },
    async (request) => {
      const auth = requireAdmin(request);
      return ok(await deps.playground(auth.companyId, request.body));
    },
  );

  // Pictures are public (the widget shows the agent's face on shop pages), and so are attachments
  // to whoever has the chat's link; ids are random uuids. A deleted chat's files have no row: 404.
  router.get(
    "/api/files/:fileId",
    { schema: { tags, params: z.object({ fileId: z.uuid({ error: "Not a valid id" }) }) } },
    async (request, reply) => {
      const file = await service.findFile(request.params.fileId);
      if (!file) throw new AppError("NOT_FOUND", "This file does not exist.");
      // Files saved before the file store still carry their bytes (decision 027).
      const body = file.bytes ?? (await deps.fileStore.read(file.id));
      if (!body) throw new AppError("NOT_FOUND", "This file does not exist.");
      return reply
        .header("content-type", file.contentType)
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("cross-origin-resource-policy", "cross-origin")
        .header("content-length", file.byteSize)
        .send(body);
    },
  );
}
