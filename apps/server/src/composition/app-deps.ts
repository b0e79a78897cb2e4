import type { Embedder } from "../ai/embeddings/embedder";
import type { LlmProvider } from "../ai/providers/llm-provider";
import type { AppConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import type { WarmingOptions } from "../modules/analytics/analytics.module";
import type { VendorBaseUrls } from "../modules/integrations/integrations.module";
import type { ResolveHost } from "../modules/knowledge/knowledge.module";
import type { UploadQuotas, VisitorLimits } from "../modules/visitor/visitor.module";
import type { FileStore } from "../platform/files/file-store";
import type { DemoContentSeeder } from "../platform/harbor-module";
import type { JobRunnerOptions } from "../platform/jobs/job-runner";
import type { Mailer } from "../platform/mailer";
import type { SmsSender } from "../platform/sms-sender";

/** What `buildApp` is built from: the config and database, and what tests and benches swap in. */
export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Defaults to SMTP or dev mail per the config. */
  mailer?: Mailer;
  /** Defaults to Twilio or dev SMS per the config (tests pass one pointed at the Twilio fake). */
  smsSender?: SmsSender;
  logger?: boolean | { level: string };
  /** Requests per minute per IP across the API. */
  rateLimitMax?: number;
  /** Instead of the modules' seeders (tests pass [] so each starts from nothing). */
  demoContentSeeders?: DemoContentSeeder[];
  /** Background jobs run in this process (default). Tests may turn them off to drive them by hand. */
  isRunningJobs?: boolean;
  /** The job runner's timings (tests shorten them). */
  jobTimings?: Pick<JobRunnerOptions, "pollIntervalMs" | "maintenanceIntervalSeconds" | "cronIntervalSeconds">;
  /** Where ingestion's HTTP goes; tests point it at local servers. */
  ingestionFetch?: typeof fetch;
  /** Where integration clients go instead of the vendors' hosts (tests point them at the fakes). */
  vendorBaseUrls?: VendorBaseUrls;
  /** How website crawls resolve host names (tests stand a DNS server of their own here). */
  resolveHost?: ResolveHost;
  /** A remote model to answer with instead of the configured provider (tests use fake servers). */
  llm?: LlmProvider | null;
  /** An embedder instead of the configured one (tests). */
  embedder?: Embedder;
  /** The visitor side's limits (tests lower them; the bench raises them). */
  visitorLimits?: Partial<VisitorLimits>;
  /** How often a live /staff socket's session is read again (tests shorten it). */
  staffRecheckMs?: number;
  /** How the analytics caches are warmed in the background (tests pause it, hurry it). */
  analyticsWarming?: Partial<WarmingOptions>;
  /** The Redis key prefix of the shared limits in the scaled mode (tests give each run its own). */
  limitKeyPrefix?: string;
  /** The upload quotas (tests lower them; the bench raises them). */
  uploadQuotas?: Partial<UploadQuotas>;
  /** Where uploaded files' bytes go; `DATA_DIR/files` by default. */
  fileStore?: FileStore;
};
