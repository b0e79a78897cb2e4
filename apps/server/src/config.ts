import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { S3FileStoreConfig } from "./platform/files/s3-file-store";
import type { TwilioSettings } from "./platform/sms-sender";

/** Every environment variable Harbor reads, parsed once at boot (fail fast on a bad value). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  FILES_DIR: z.string().optional(),
  FILES_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "FILES_S3_BUCKET is a bucket name (a-z, 0-9, . and -)")
    .optional(),
  FILES_S3_URL: z.url().optional(),
  FILES_S3_REGION: z.string().default("us-east-1"),
  FILES_S3_ACCESS_KEY_ID: z.string().optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().optional(),
  FILES_S3_PATH_STYLE: z.enum(["0", "1"]).optional(),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS is a size such as 32MB")
    .default("32MB"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Harbor <no-reply@harbor.localhost>"),
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  AI_PROVIDER: z.enum(["local", "openai", "anthropic"]).default("local"),
  AI_MODEL: z.string().optional(),
  AI_EMBEDDING_MODEL: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.url().optional(),
  PLATFORM_ADMINS: z.string().default(""),
  MARKETING_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Unset: on in the embedded mode (no DATABASE_URL), off otherwise. */
  HARBOR_DEMO: z.enum(["0", "1"]).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, "TRUST_PROXY is the number of proxies in front of Harbor (0 when none)")
    .default("0"),
  CRAWL_ALLOW_PRIVATE_NETWORKS: z.enum(["0", "1"]).default("0"),
  ZENDESK_CLIENT_ID: z.string().max(200).optional(),
  ZENDESK_CLIENT_SECRET: z.string().max(500).optional(),
  ZENDESK_BASE_URL: z.url({ protocol: /^https?$/, error: "ZENDESK_BASE_URL is an http(s) address" }).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "TWILIO_ACCOUNT_SID is the account's SID (AC and 32 hex digits)")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().max(200).optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/,
      "TWILIO_FROM is a Twilio number in E.164 (+15005550006) or a Messaging Service SID (MG…)",
    )
    .optional(),
});

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Uploaded files' bytes (decision 027): DATA_DIR/files, or one directory every node shares. */
  filesDir: string;
  /** Uploaded files' bytes in an S3-compatible bucket instead (FILES_S3_*, decision 033); null: FILES_DIR. */
  filesS3: S3FileStoreConfig | null;
  databaseUrl: string | undefined;
  pgliteSharedBuffers: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string;
  aiProvider: "local" | "openai" | "anthropic";
  /** The chat model of a remote provider; the provider's default when unset. */
  aiModel: string | undefined;
  /**
   * An embedding model served over OpenAI's /v1/embeddings (OpenAI, or OPENAI_BASE_URL). Unset,
   * the local hashing embedder is used. Changing it re-embeds the knowledge base in the background.
   */
  aiEmbeddingModel: string | undefined;
  openaiApiKey: string | undefined;
  /** Any OpenAI-compatible server (Ollama, vLLM, llama.cpp server). */
  openaiBaseUrl: string | undefined;
  anthropicApiKey: string | undefined;
  anthropicBaseUrl: string | undefined;
  platformAdmins: ReadonlySet<string>;
  /** Where unknown dashboard paths send the browser; null keeps them in the app (a not-found page). */
  marketingUrl: string | null;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /**
   * HARBOR_DEMO: new workspaces get a demo shop, a fake Shopify run in this process on loopback,
   * so order tracking works in the widget minutes after sign-up. Off, nothing fake is reachable.
   */
  isDemo: boolean;
  isSecureCookie: boolean;
  /**
   * How many proxies of our own stand in front of Harbor (TRUST_PROXY): the client's address is
   * read that many hops back in X-Forwarded-For, and earlier entries, which the client may
   * forge, are ignored.
   */
  trustedProxyHops: number;
  /** Lets website sources point at loopback/private addresses (local development and tests only). */
  canCrawlPrivateNetworks: boolean;
  /**
   * Harbor's Zendesk OAuth client (ZENDESK_CLIENT_ID and ZENDESK_CLIENT_SECRET, decision 058): with
   * it, Zendesk connects through Zendesk's own consent popup; without it, by an agent's API token.
   */
  zendeskOAuth: { clientId: string; clientSecret: string } | null;
  /**
   * ZENDESK_BASE_URL: every Zendesk call (the consent page, the token exchange, the API) goes to
   * this address instead of https://{subdomain}.zendesk.com — a stand-in such as the fake Zendesk
   * of the browser journeys (decision 065). Unset in a real deployment.
   */
  zendeskBaseUrl: string | null;
  /**
   * Twilio for text messages (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, decision 061);
   * without it, "dev SMS": texts are written to DATA_DIR/sms and printed, as dev mail is.
   */
  twilio: TwilioSettings | null;
  /** Where the built dashboard lives; absent in tests that only use the API. */
  dashboardDir: string | undefined;
  /** Where the built widget (loader.js, frame.html) lives; absent in tests that only use the API. */
  widgetDir: string | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (FOO= in a shell or a compose file) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    filesDir: e.FILES_DIR ? path.resolve(e.FILES_DIR) : path.join(dataDir, "files"),
    filesS3: filesS3From(e),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir),
    aiProvider: e.AI_PROVIDER,
    aiModel: e.AI_MODEL,
    aiEmbeddingModel: e.AI_EMBEDDING_MODEL,
    openaiApiKey: e.OPENAI_API_KEY,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    anthropicApiKey: e.ANTHROPIC_API_KEY,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
    platformAdmins: new Set(
      e.PLATFORM_ADMINS.split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    marketingUrl: e.MARKETING_URL ?? null,
    logLevel: e.LOG_LEVEL,
    isDemo: e.HARBOR_DEMO === undefined ? e.DATABASE_URL === undefined : e.HARBOR_DEMO === "1",
    isSecureCookie: publicUrl.startsWith("https://"),
    trustedProxyHops: Number(e.TRUST_PROXY),
    canCrawlPrivateNetworks: e.CRAWL_ALLOW_PRIVATE_NETWORKS === "1",
    zendeskOAuth: zendeskOAuthFrom(e),
    zendeskBaseUrl: e.ZENDESK_BASE_URL?.replace(/\/$/, "") ?? null,
    twilio: twilioFrom(e),
    dashboardDir: undefined,
    widgetDir: undefined,
  };
}

/** Both halves of the Zendesk OAuth client, or neither. */
function zendeskOAuthFrom(e: z.infer<typeof envSchema>): AppConfig["zendeskOAuth"] {
  if (e.ZENDESK_CLIENT_ID === undefined && e.ZENDESK_CLIENT_SECRET === undefined) return null;
  if (e.ZENDESK_CLIENT_ID === undefined || e.ZENDESK_CLIENT_SECRET === undefined) {
    throw new ConfigError(
      "Invalid configuration:\n  ZENDESK_CLIENT_ID: set it and ZENDESK_CLIENT_SECRET together, or neither (API-token connections)",
    );
  }
  return { clientId: e.ZENDESK_CLIENT_ID, clientSecret: e.ZENDESK_CLIENT_SECRET };
}

/** The three Twilio settings together, or none (dev SMS). */
function twilioFrom(e: z.infer<typeof envSchema>): AppConfig["twilio"] {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = e;
  if (accountSid === undefined && authToken === undefined && from === undefined) return null;
  if (accountSid === undefined || authToken === undefined || from === undefined) {
    const missing = [
      accountSid === undefined ? "TWILIO_ACCOUNT_SID" : null,
      authToken === undefined ? "TWILIO_AUTH_TOKEN" : null,
      from === undefined ? "TWILIO_FROM" : null,
    ].filter(Boolean);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(", ")}: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together, or none (dev SMS)`,
    );
  }
  return { accountSid, authToken, from };
}

/** FILES_S3_BUCKET chooses the bucket over FILES_DIR; the other FILES_S3_* only go with it. */
function filesS3From(e: z.infer<typeof envSchema>): S3FileStoreConfig | null {
  const hasKeyId = e.FILES_S3_ACCESS_KEY_ID !== undefined;
  const hasSecret = e.FILES_S3_SECRET_ACCESS_KEY !== undefined;
  if (!e.FILES_S3_BUCKET) {
    if (e.FILES_S3_URL || hasKeyId || hasSecret || e.FILES_S3_PATH_STYLE) {
      throw new ConfigError("Invalid configuration:\n  FILES_S3_BUCKET: set it to use the other FILES_S3_* settings");
    }
    return null;
  }
  if (e.FILES_DIR)
    throw new ConfigError("Invalid configuration:\n  FILES_DIR: unused when FILES_S3_BUCKET is set; set one");
  if (hasKeyId !== hasSecret) {
    throw new ConfigError(
      "Invalid configuration:\n  FILES_S3_ACCESS_KEY_ID: set it and FILES_S3_SECRET_ACCESS_KEY together, or neither (the SDK's own credentials)",
    );
  }
  return {
    endpoint: e.FILES_S3_URL,
    bucket: e.FILES_S3_BUCKET,
    region: e.FILES_S3_REGION,
    credentials:
      e.FILES_S3_ACCESS_KEY_ID && e.FILES_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.FILES_S3_ACCESS_KEY_ID, secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY }
        : undefined,
    // An endpoint of its own is usually a server that wants the bucket in the path (MinIO, Ceph).
    isPathStyle: e.FILES_S3_PATH_STYLE ? e.FILES_S3_PATH_STYLE === "1" : e.FILES_S3_URL !== undefined,
  };
}

/** A first start without APP_SECRET generates one into DATA_DIR so secrets at rest survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "app-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
