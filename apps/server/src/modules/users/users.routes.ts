import {
  addUsersRequestSchema,
  deleteUserRequestSchema,
  getUserResponseSchema,
  teamListSchema,
  teamMemberSchema,
  updateUserRequestSchema,
} from "@harbor/contract/user";
import type { FastifyInstance } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, okResponse } from "../../platform/http";
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
      const added = await deps.usersService.addUsers(requireAdmin(request), request.body.users);
      return ok(added, added.length === 1 ? "User added. We sent them an invitation." : `${added.length} users added.`);
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
}
