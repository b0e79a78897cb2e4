import { dataModelSchema } from "@harbor/contract/ai-agent";
import {
  CUSTOM_REPLY_FILE_MAX_BYTES,
  CUSTOM_REPLY_FILE_MAX_MB,
  customReplyFileSchema,
  customReplyIdRequestSchema,
  customReplyListItemSchema,
  customReplySchema,
  deleteIntentRequestSchema,
  intentSchema,
  questionCategoryIdRequestSchema,
  questionCategorySchema,
  saveCustomReplyRequestSchema,
  saveDataModelRequestSchema,
  saveIntentRequestSchema,
  saveQuestionCategoryRequestSchema,
} from "@harbor/contract/automation";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../platform/envelope";
import { AppError } from "../../platform/errors";
import { asRouter, emptyOkResponse, okResponse } from "../../platform/http";
import { readMultipart } from "../../platform/multipart";
import { requireAdmin } from "../../platform/session";
import type { CustomRepliesService } from "./custom-replies.service";
import type { CustomReplyFiles } from "./custom-reply-files";
import type { DataModelsService } from "./data-models.service";
import type { QuestionCategoriesService } from "./question-categories.service";

/**
 * Automation (spec part 2 §7), admin only: question categories with their intents, custom
 * replies, data models. Saves create without an id and update with one (§4).
 */
export function automationRoutes(
  app: FastifyInstance,
  deps: {
    categories: QuestionCategoriesService;
    customReplies: CustomRepliesService;
    dataModels: DataModelsService;
    replyFiles: CustomReplyFiles;
  },
) {
  const router = asRouter(app);

  // Multipart with one part `file`: a file a message_file action sends, stored for the company.
  router.post(
    "/api/custom-reply/upload",
    {
      schema: { tags: ["automation"], consumes: ["multipart/form-data"], response: okResponse(customReplyFileSchema) },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const { files } = await readMultipart(request, {
        maxFileBytes: CUSTOM_REPLY_FILE_MAX_BYTES,
        maxFiles: 1,
        tooLargeMessage: `The file is larger than ${CUSTOM_REPLY_FILE_MAX_MB} MB. Choose a smaller one.`,
      });
      const file = files.find((candidate) => candidate.fieldName === "file");
      if (!file) throw new AppError("BAD_REQUEST", "file: Choose a file to upload.");
      return ok(await deps.replyFiles.store(auth.companyId, file.bytes), "File uploaded");
    },
  );
  const { categories, customReplies, dataModels } = deps;
  const tags = ["automation"];
  const categoryResponse = okResponse(questionCategorySchema);
  const intentResponse = okResponse(intentSchema);

  router.get(
    "/api/question-category/all",
    { schema: { tags, response: okResponse(z.array(questionCategorySchema)) } },
    async (request) => ok(await categories.all(requireAdmin(request))),
  );

  router.post(
    "/api/question-category/get",
    { schema: { tags, body: questionCategoryIdRequestSchema, response: categoryResponse } },
    async (request) => ok(await categories.get(requireAdmin(request), request.body.questionCategoryID)),
  );

  // /add and /update are one save: the id decides (spec part 2 §4).
  for (const path of ["/api/question-category/add", "/api/question-category/update"]) {
    router.post(
      path,
      { schema: { tags, body: saveQuestionCategoryRequestSchema, response: categoryResponse } },
      async (request) => ok(await categories.save(requireAdmin(request), request.body), "Category saved"),
    );
  }

  router.post(
    "/api/question-category/delete",
    { schema: { tags, body: questionCategoryIdRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await categories.delete(requireAdmin(request), request.body.questionCategoryID);
      return ok(null, "Category deleted");
    },
  );

  for (const path of ["/api/question-category/intent/add", "/api/question-category/intent/update"]) {
    router.post(path, { schema: { tags, body: saveIntentRequestSchema, response: intentResponse } }, async (request) =>
      ok(await categories.saveIntent(requireAdmin(request), request.body), "Intent saved"),
    );
  }

  router.post(
    "/api/question-category/intent/delete",
    { schema: { tags, body: deleteIntentRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await categories.deleteIntent(requireAdmin(request), request.body);
      return ok(null, "Intent deleted");
    },
  );

  router.get(
    "/api/custom-reply/all",
    { schema: { tags, response: okResponse(z.array(customReplyListItemSchema)) } },
    async (request) => ok(await customReplies.all(requireAdmin(request))),
  );

  router.post(
    "/api/custom-reply/get",
    { schema: { tags, body: customReplyIdRequestSchema, response: okResponse(customReplySchema) } },
    async (request) => ok(await customReplies.get(requireAdmin(request), request.body.customReplyID)),
  );

  router.post(
    "/api/custom-reply/save",
    { schema: { tags, body: saveCustomReplyRequestSchema, response: okResponse(customReplySchema) } },
    async (request) => ok(await customReplies.save(requireAdmin(request), request.body), "Custom reply saved"),
  );

  // The spec leaves the path open; this follows /question-category/delete (decision 038).
  router.post(
    "/api/custom-reply/delete",
    { schema: { tags, body: customReplyIdRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await customReplies.delete(requireAdmin(request), request.body.customReplyID);
      return ok(null, "Custom reply deleted");
    },
  );

  router.get(
    "/api/data-model/all",
    { schema: { tags, response: okResponse(z.array(dataModelSchema)) } },
    async (request) => ok(await dataModels.all(requireAdmin(request))),
  );

  router.post(
    "/api/data-model/save",
    { schema: { tags, body: saveDataModelRequestSchema, response: okResponse(dataModelSchema) } },
    async (request) => ok(await dataModels.save(requireAdmin(request), request.body), "Data model saved"),
  );
}
