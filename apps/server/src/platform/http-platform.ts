import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { envelopeSchema, errorEnvelopeSchema } from "@harbor/contract/envelope";
import { healthResponseSchema, publicConfigSchema } from "@harbor/contract/platform";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { DatabaseHandle } from "../db/client";
import { addressLimitKey } from "./client-address";
import { failure, ok } from "./envelope";
import { AppError } from "./errors";
import { asRouter, okResponse } from "./http";

/** The HTTP plugins every route relies on: cookies, security headers, multipart, limits, OpenAPI. */
export async function registerHttpPlugins(
  app: FastifyInstance,
  options: {
    rateLimitMax: number;
    /** Scaled mode: the per-address counts live in Redis, shared by every node (decision 029). */
    redis?: Redis | null;
    keyPrefix?: string;
  },
) {
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "style-src": ["'self'", "'unsafe-inline'"],
      },
    },
  });
  await app.register(fastifyMultipart);
  await app.register(fastifyRateLimit, {
    max: options.rateLimitMax,
    timeWindow: "1 minute",
    ...(options.redis
      ? {
          redis: options.redis,
          nameSpace: `${options.keyPrefix ?? "harbor:limit"}:http:`,
          // Redis away: requests go through rather than fail; the visitor limiters still count per process.
          skipOnError: true,
        }
      : {}),
    // An IPv6 client counts by its /64, as the visitor limits do.
    keyGenerator: (request) => addressLimitKey(request.ip),
    // Built files cost a disk read and are cached for good; a dashboard load alone fetches dozens,
    // and an office behind one address would otherwise lock itself out of its own app.
    allowList: (request) => isStaticFileRequest(request.method, request.url),
    errorResponseBuilder: () =>
      new AppError("TOO_MANY_REQUESTS", "Too many requests. Please wait a minute and try again."),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Harbor API", version: "0.1.0", description: "Every answer is { hasError, message, data }." },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}

/** The dashboard's and the widget's built files (not the API, not the sample page). */
export function isStaticFileRequest(method: string, url: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return url.startsWith("/assets/") || (url.startsWith("/widget/") && !url.startsWith("/widget/demo"));
}

/** GET /api/health (the database answers) and GET /api/config (what the dashboard needs before sign-in). */
export function registerPlatformRoutes(
  app: FastifyInstance,
  options: { database: DatabaseHandle; marketingUrl: string | null },
) {
  const router = asRouter(app);
  const { database } = options;
  router.get(
    "/api/health",
    {
      schema: { tags: ["platform"], response: { 200: envelopeSchema(healthResponseSchema), 503: errorEnvelopeSchema } },
    },
    async (request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return ok({ status: "ok" as const, database: database.kind });
      } catch (error) {
        request.log.error({ err: error }, "health check failed");
        return reply.status(503).send(failure("The database is not reachable."));
      }
    },
  );
  router.get("/api/config", { schema: { tags: ["platform"], response: okResponse(publicConfigSchema) } }, async () =>
    ok({ marketingURL: options.marketingUrl }),
  );
}

/**
 * The built dashboard at `/` (when present): fingerprinted assets cached for good, every other
 * page path answered with the app shell (the dashboard routes in the browser), and the envelope's
 * 404 for everything else.
 */
export async function registerDashboard(app: FastifyInstance, dashboardDir: string | undefined) {
  const hasDashboard = dashboardDir !== undefined && existsSync(path.join(dashboardDir, "index.html"));
  if (hasDashboard) {
    await app.register(fastifyStatic, {
      root: dashboardDir,
      wildcard: false,
      // Vite fingerprints everything under /assets, so it can be cached for good.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/assets/");
    if (hasDashboard && isPageRequest) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(failure("Not found."));
  });
}
