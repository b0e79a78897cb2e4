import type { FastifyInstance } from "fastify";
import { createEmbedder } from "../ai/embeddings/create-embedder";
import { createDiskFileStore } from "../platform/files/disk-file-store";
import type { FileStore } from "../platform/files/file-store";
import { createJobRunner } from "../platform/jobs/job-runner";
import { createMailer } from "../platform/mailer";
import { createLimiterStore } from "../platform/rate-limiter";
import { createRealtimeHub } from "../platform/realtime/realtime-hub";
import { createStaffAccess } from "../platform/realtime/staff-access";
import { createSmsSender } from "../platform/sms-sender";
import type { AppDeps } from "./app-deps";

export type PlatformParts = Awaited<ReturnType<typeof createPlatformParts>>;

/** The platform every module is built on: mail, text messages, embeddings, jobs, realtime, shared limits, files. */
export async function createPlatformParts(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  const log = app.log;
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const smsSender = deps.smsSender ?? createSmsSender({ twilio: config.twilio, dataDir: config.dataDir, log });
  const configured = await createEmbedder(config);
  const jobRunner = createJobRunner({ sql: database.sql, log, ...deps.jobTimings });
  const realtime = await createRealtimeHub({
    httpServer: app.server,
    log,
    redisUrl: config.redisUrl,
    trustedProxyHops: config.trustedProxyHops,
  });
  // Scaled mode: every node counts against the same limits (decision 029). Only then is the Redis
  // client loaded: a single node's memory is spared it (decision 072).
  const limitsRedis = config.redisUrl
    ? await (await import("../platform/limits-redis")).connectLimitsRedis(config.redisUrl, log)
    : null;
  const limitKeyPrefix = deps.limitKeyPrefix ?? "harbor:limit";
  return {
    log,
    mailer,
    smsSender,
    embedder: deps.embedder ?? configured.embedder,
    /** The configured embedder's weight in hybrid ranking; a test's own embedder keeps the default. */
    vectorWeight: deps.embedder ? undefined : configured.vectorWeight,
    jobRunner,
    realtime,
    staffAccess: createStaffAccess(realtime.staff),
    limitsRedis,
    limitKeyPrefix,
    limiterStore: createLimiterStore({ redis: limitsRedis, keyPrefix: limitKeyPrefix, log }),
    fileStore: deps.fileStore ?? (await configuredFileStore(deps)),
  };
}

async function configuredFileStore({ config }: AppDeps): Promise<FileStore> {
  // Loading the AWS SDK costs about a second and 24 MB: only a deployment with a bucket pays it.
  if (!config.filesS3) return createDiskFileStore(config.filesDir);
  const { createS3FileStore } = await import("../platform/files/s3-file-store");
  return createS3FileStore(config.filesS3);
}
