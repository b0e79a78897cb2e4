import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { trustedProxyHops } from "../platform/client-address";
import { frameworkErrorHandler, registerErrorHandler } from "../platform/error-handler";
import { registerStorableTextCheck } from "../platform/storable-text-check";
import type { AppDeps } from "./app-deps";

/** A route as Fastify registered it; `schema.body` is a contract zod schema where the route has one. */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown } | undefined;
};

const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The Fastify instance every part registers on: zod validation, the error envelope, the check
 * that stored text is storable, and a list of every route as registered.
 */
export function createHttpApp(deps: AppDeps): { app: FastifyInstance; routes: RegisteredRoute[] } {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustedProxyHops > 0 ? trustedProxyHops(config.trustedProxyHops) : false,
    routerOptions: { ignoreTrailingSlash: false },
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route as Fastify registered it, plugins' included: the resilience suite sweeps them all,
  // so a route added tomorrow is fed odd input without anyone listing it.
  const routes: RegisteredRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
  registerErrorHandler(app);
  registerStorableTextCheck(app);
  return { app, routes };
}
