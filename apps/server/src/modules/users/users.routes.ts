import {
  addUsersRequestSchema,
  companySummarySchema,
  deleteUserRequestSchema,
  getUserResponseSchema,
  invitationRequestSchema,
  teamListSchema,
  teamMemberSchema,
  updateUserRequestSchema,
} from "@harbor/contract/user";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, emptyOkResponse, okResponse } from "../../platform/http";
import { requireAdmin, requireUser } from "../../platform/session";
import type { UsersService } from "./users.service";

export function usersRoutes(app: FastifyInstance, deps: { usersService: UsersService }) {
  const router = asRouter(app);
  const tags = ["user"];

  router.get("/api/user/", { schema: { tags, response: okResponse(getUserResponseSchema) } }, async (request) =>
    ok(await deps.usersService.getCurrentUser(requireUser(request))),
  );

  router.get("/api/user/all", { schema: { tags, response: okResponse(teamListSchema) } }, async (request) =>
    ok(await deps.usersService.listTeam(requireAdmin(request))),
  );

  router.post(
    "/api/user/add-users",
    { schema: { tags, body: addUsersRequestSchema, response: okResponse(teamListSchema) } },
    async (request) => {
      const invited = await deps.usersService.addUsers(requireAdmin(request), request.body.users);
      return ok(
        invited,
        invited.length === 1
          ? "Invitation sent. They join once they accept it."
          : `${invited.length} invitations sent. Each person joins once they accept.`,
      );
    },
  );

  router.post(
    "/api/user/update",
    { schema: { tags, body: updateUserRequestSchema, response: okResponse(teamMemberSchema) } },
    async (request) => ok(await deps.usersService.updateUser(requireAdmin(request), request.body), "User updated."),
  );

  router.post(
    "/api/user/delete",
    { schema: { tags, body: deleteUserRequestSchema, response: okResponse(teamMemberSchema) } },
    async (request) => {
      const removed = await deps.usersService.deleteUser(requireAdmin(request), request.body.userID);
      return ok(removed, `${removed.name} was removed.`);
    },
  );

  // The invitee's answer (paths not in the spec, in its style). Signed in, no workspace needed:
  // someone invited before they had any workspace accepts here first.
  router.post(
    "/api/user/invitation/accept",
    { schema: { tags, body: invitationRequestSchema, response: okResponse(companySummarySchema) } },
    async (request) => {
      const company = await deps.usersService.acceptInvitation(requireUser(request), request.body.invitationID);
      return ok(company, `You joined ${company.name}.`);
    },
  );

  router.post(
    "/api/user/invitation/decline",
    { schema: { tags, body: invitationRequestSchema, response: emptyOkResponse } },
    async (request) => {
      await deps.usersService.declineInvitation(requireUser(request), request.body.invitationID);
      return ok(null, "Invitation declined.");
    },
  );
}
