import { addCompanyRequestSchema, addCompanyResponseSchema, deleteCompanyRequestSchema } from "@harbor/contract/admin";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, emptyOkResponse, okResponse } from "../../platform/http";
import { requireUser } from "../../platform/session";
import type { AdminService } from "./admin.service";

export function adminRoutes(app: FastifyInstance, deps: { adminService: AdminService }) {
  const router = asRouter(app);
  const tags = ["admin"];

  router.post(
    "/api/admin/add-company",
    { schema: { tags, body: addCompanyRequestSchema, response: okResponse(addCompanyResponseSchema) } },
    async (request) => ok(await deps.adminService.addCompany(requireUser(request), request.body), "Company created."),
  );

  router.post(
    "/api/admin/delete-company",
    { schema: { tags, body: deleteCompanyRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await deps.adminService.deleteCompany(requireUser(request), request.body.companyID);
      return ok(null, "Company deleted with all its data.");
    },
  );
}
