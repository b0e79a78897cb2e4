import {
  getEmailOtpRequestSchema,
  registerRequestSchema,
  selectCompanyRequestSchema,
  toggleCompanyRequestSchema,
  validateEmailOtpRequestSchema,
  validateEmailOtpResponseSchema,
} from "@harbor/contract/auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ok } from "../../platform/envelope";
import { asRouter, authRateLimit, emptyOkResponse, okResponse } from "../../platform/http";
import { clearSessionCookie, requireUser, setSessionCookie } from "../../platform/session";
import type { AuthService } from "./auth.service";

export function authRoutes(app: FastifyInstance, deps: { authService: AuthService; isSecureCookie: boolean }) {
  const router = asRouter(app);
  const tags = ["auth"];

  router.post(
    "/api/auth/register",
    { schema: { tags, body: registerRequestSchema, response: emptyOkResponse }, config: authRateLimit },
    async (request) => {
      const { message } = await deps.authService.register({ email: request.body.email, ip: request.ip });
      return ok(null, message);
    },
  );

  router.post(
    "/api/auth/get-email-otp",
    { schema: { tags, body: getEmailOtpRequestSchema, response: emptyOkResponse }, config: authRateLimit },
    async (request) => {
      const { message } = await deps.authService.requestSignInCode({ email: request.body.email, ip: request.ip });
      return ok(null, message);
    },
  );

  router.post(
    "/api/auth/validate-email-otp",
    {
      schema: { tags, body: validateEmailOtpRequestSchema, response: okResponse(validateEmailOtpResponseSchema) },
      config: authRateLimit,
    },
    async (request, reply) => {
      const { result, session } = await deps.authService.validateCode(request.body);
      if (request.auth) await deps.authService.logout(request.auth.tokenHash);
      setSessionCookie(reply, { ...session, isSecure: deps.isSecureCookie });
      return ok(result, "You are signed in.");
    },
  );

  // Picking a workspace after sign-in and switching from the header are the same act; only the
  // spec's payloads and wording differ.
  const selectCompany = (message: string) => async (request: FastifyRequest<{ Body: { companyID: string } }>) => {
    const auth = requireUser(request);
    await deps.authService.selectCompany({
      tokenHash: auth.tokenHash,
      userId: auth.userId,
      companyId: request.body.companyID,
      fromCompanyId: auth.companyId,
    });
    return ok(null, message);
  };
  router.post(
    "/api/auth/select-company",
    { schema: { tags, body: selectCompanyRequestSchema, response: emptyOkResponse } },
    selectCompany("Workspace selected."),
  );
  router.post(
    "/api/auth/toggle-company",
    { schema: { tags, body: toggleCompanyRequestSchema, response: emptyOkResponse } },
    selectCompany("Workspace switched."),
  );

  // A POST, so another site can't sign a user out with a link or an image (the spec's GET could):
  // the Origin check refuses cross-site POSTs, and a GET finds no route.
  router.post("/api/auth/logout", { schema: { tags, response: emptyOkResponse } }, async (request, reply) => {
    if (request.auth) await deps.authService.logout(request.auth.tokenHash);
    clearSessionCookie(reply, deps.isSecureCookie);
    return ok(null, "You are signed out.");
  });
}
