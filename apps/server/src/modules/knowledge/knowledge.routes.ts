import {
  addBlogRequestSchema,
  addSourceRequestSchema,
  companyWithSourcesSchema,
  documentRefRequestSchema,
  documentSchema,
  documentWithChunksSchema,
  listDocumentsRequestSchema,
  listDocumentsResponseSchema,
  saveArticleRequestSchema,
  sourceIdRequestSchema,
  toggleDocumentRequestSchema,
  updateSourceRequestSchema,
} from "@harbor/contract/knowledge";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, emptyOkResponse, okResponse } from "../../platform/http";
import { requireAdmin } from "../../platform/session";
import type { KnowledgeService } from "./knowledge.service";

/** Knowledge base API (spec part 1 §7); admin only. */
export function knowledgeRoutes(app: FastifyInstance, deps: { knowledgeService: KnowledgeService }) {
  const router = asRouter(app);
  const service = deps.knowledgeService;
  const tags = ["knowledge"];
  const companyResponse = okResponse(companyWithSourcesSchema);

  router.get("/api/document/sources", { schema: { tags, response: companyResponse } }, async (request) =>
    ok(await service.companyWithSources(requireAdmin(request))),
  );

  router.post(
    "/api/document/sources/add",
    { schema: { tags, body: addSourceRequestSchema, response: companyResponse } },
    async (request) =>
      ok(await service.addSource(requireAdmin(request), request.body), "Source added. Syncing has started."),
  );

  router.post(
    "/api/document/sources/update",
    { schema: { tags, body: updateSourceRequestSchema, response: companyResponse } },
    async (request) => ok(await service.updateSource(requireAdmin(request), request.body), "Source updated."),
  );

  router.post(
    "/api/document/sources/delete",
    { schema: { tags, body: sourceIdRequestSchema, response: companyResponse } },
    async (request) => ok(await service.deleteSource(requireAdmin(request), request.body.sourceID), "Source deleted."),
  );

  router.post(
    "/api/document/sources/resync",
    { schema: { tags, body: sourceIdRequestSchema, response: companyResponse } },
    async (request) => ok(await service.resyncSource(requireAdmin(request), request.body.sourceID), "Resync started."),
  );

  router.post(
    "/api/document/blog/add",
    { schema: { tags, body: addBlogRequestSchema, response: companyResponse } },
    async (request) =>
      ok(await service.addBlog(requireAdmin(request), request.body), "Blog added. Syncing has started."),
  );

  router.post(
    "/api/document/all",
    { schema: { tags, body: listDocumentsRequestSchema, response: okResponse(listDocumentsResponseSchema) } },
    async (request) => ok(await service.listDocuments(requireAdmin(request), request.body)),
  );

  router.post(
    "/api/document/get",
    { schema: { tags, body: documentRefRequestSchema, response: okResponse(documentWithChunksSchema) } },
    async (request) => ok(await service.getDocument(requireAdmin(request), request.body)),
  );

  router.post(
    "/api/document/article/save",
    { schema: { tags, body: saveArticleRequestSchema, response: okResponse(documentWithChunksSchema) } },
    async (request) => ok(await service.saveArticle(requireAdmin(request), request.body), "Article saved."),
  );

  router.post(
    "/api/document/delete",
    { schema: { tags, body: documentRefRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await service.deleteDocument(requireAdmin(request), request.body);
      return ok(null, "Document deleted.");
    },
  );

  router.post(
    "/api/document/toggle",
    { schema: { tags, body: toggleDocumentRequestSchema, response: okResponse(documentSchema) } },
    async (request) => ok(await service.toggleDocument(requireAdmin(request), request.body), "Document updated."),
  );

  router.post(
    "/api/document/resync",
    { schema: { tags, body: documentRefRequestSchema, response: okResponse(documentSchema) } },
    async (request) => ok(await service.resyncDocument(requireAdmin(request), request.body), "Update started."),
  );
}
