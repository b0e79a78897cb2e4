import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { failure } from "./envelope";
import { AppError } from "./errors";

/** Messages for the framework's own 4xx errors: safe to show, no internals. */
function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This content type is not supported here.";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is empty.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_BAD_URL":
      return "The address is not valid.";
    case "FST_ERR_MAX_PARAM_LENGTH":
      return "The address is too long.";
    default:
      if (error instanceof SyntaxError) return "The request body is not valid JSON.";
      return "The request could not be understood.";
  }
}

/** The one place errors become envelopes (STYLE.md rule 9). 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(failure(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || issue.params?.missingProperty || "body",
        message: issue.message ?? "is not valid",
      }));
      const first = fields[0];
      const message = first ? `${first.field}: ${first.message}` : "The request is not valid.";
      return reply.status(400).send({ hasError: true, message, data: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(failure(clientErrorMessage(error)));
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send(failure("Something went wrong on our side. Please try again."));
  });
}

/**
 * Errors Fastify raises while routing, before any hook or the error handler runs (a path segment
 * that is not valid percent-encoding, a parameter over the router's length): its default answer
 * is its own JSON shape, so they are written as the envelope here (Fastify's `frameworkErrors`).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(failure(clientErrorMessage(error)));
}
