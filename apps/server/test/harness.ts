import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ValidateEmailOtpResponse } from "@harbor/contract/auth";
import type { ApiEnvelope } from "@harbor/contract/envelope";
import { eq } from "drizzle-orm";
import type { LlmProvider } from "../src/ai/providers/llm-provider";
import { buildApp, type HarborApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { DatabaseHandle } from "../src/db/client";
import { codeRequests } from "../src/db/schema/index";
import type { FakeTwilio } from "../src/integrations/twilio/twilio.fake-server";
import type { WarmingOptions } from "../src/modules/analytics/analytics.module";
import type { VendorBaseUrls } from "../src/modules/integrations/integrations.module";
import type { ResolveHost } from "../src/modules/knowledge/crawl/address-guard";
import type { UploadQuotas } from "../src/modules/visitor/upload-quotas";
import type { VisitorLimits } from "../src/modules/visitor/visitor-limits";
import { createMailer } from "../src/platform/mailer";
import { SESSION_COOKIE } from "../src/platform/session";
import { createSmsSender, type TwilioSettings } from "../src/platform/sms-sender";
import { createTestDatabase } from "./database";
import type { FakeS3 } from "./fake-s3";
import { codeFromMail, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

export type ApiResult<T = unknown> = { status: number; body: ApiEnvelope<T>; cookie: string | undefined };

/**
 * One test file's world: a fresh migrated database, a real SMTP capture, and the app built on
 * them, driven through app.inject() the way the dashboard calls it.
 */
export async function createHarness(
  options: {
    platformAdmins?: string[];
    rateLimitMax?: number;
    /** New workspaces get the demo articles (off by default, so each test starts from nothing). */
    withDemoContent?: boolean;
    /** Tests crawl sites on loopback, which production refuses (SSRF); on unless a test says not. */
    canCrawlPrivateNetworks?: boolean;
    /** Answer with this remote model (a fake server) instead of the local engine. */
    llm?: LlmProvider | null;
    /** The visitor channel's rate limits. */
    visitorLimits?: Partial<VisitorLimits>;
    /** The upload quotas. */
    uploadQuotas?: Partial<UploadQuotas>;
    /** Scaled mode's Redis: the realtime adapter and the shared limits. */
    redisUrl?: string;
    /** TRUST_PROXY=1: clients say their address in X-Forwarded-For (tests play many addresses on loopback). */
    isTrustingProxy?: boolean;
    /** How website crawls resolve host names (a test's own DNS server). */
    resolveHost?: ResolveHost;
    /** How often a live /staff socket's session is read again. */
    staffRecheckMs?: number;
    /** How the analytics caches are warmed in the background (decision 077). */
    analyticsWarming?: Partial<WarmingOptions>;
    /** TRUST_PROXY: proxies of our own in front of the app. */
    trustedProxyHops?: number;
    /** Uploaded files in this S3-compatible store (FILES_S3_*) instead of DATA_DIR/files. */
    s3?: FakeS3;
    /** Integration clients go to these (vendor fakes) instead of the vendors' hosts. */
    vendorBaseUrls?: VendorBaseUrls;
    /** HARBOR_DEMO=1: the demo shop runs and new workspaces are connected to it (off by default here). */
    isDemo?: boolean;
    /** ZENDESK_CLIENT_ID / ZENDESK_CLIENT_SECRET: Zendesk connects through OAuth (decision 058). */
    zendeskOAuth?: { clientId: string; clientSecret: string };
    /** Texts go to this Twilio fake with these credentials (otherwise dev SMS under the test's DATA_DIR). */
    twilio?: { fake: FakeTwilio; settings: TwilioSettings };
  } = {},
) {
  const database: DatabaseHandle = await createTestDatabase();
  const smtp: SmtpCapture = await startSmtpCapture();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-app-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    SMTP_URL: smtp.url,
    PLATFORM_ADMINS: (options.platformAdmins ?? []).join(","),
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    HARBOR_DEMO: options.isDemo ? "1" : "0",
    CRAWL_ALLOW_PRIVATE_NETWORKS: options.canCrawlPrivateNetworks === false ? "0" : "1",
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(options.zendeskOAuth
      ? { ZENDESK_CLIENT_ID: options.zendeskOAuth.clientId, ZENDESK_CLIENT_SECRET: options.zendeskOAuth.clientSecret }
      : {}),
    ...(options.s3
      ? {
          FILES_S3_URL: options.s3.url,
          FILES_S3_BUCKET: options.s3.bucket,
          FILES_S3_REGION: options.s3.region,
          FILES_S3_ACCESS_KEY_ID: options.s3.accessKeyId,
          FILES_S3_SECRET_ACCESS_KEY: options.s3.secretAccessKey,
        }
      : {}),
    ...(options.trustedProxyHops || options.isTrustingProxy
      ? { TRUST_PROXY: String(options.trustedProxyHops ?? 1) }
      : {}),
  });
  // Shared limits (scaled mode) count in Redis: each harness under keys of its own, so runs and
  // files never share an allowance by accident. A second node passes the same prefix.
  const limitKeyPrefix = `harbor-test:${crypto.randomUUID()}`;
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir, log: { info: () => {} } });
  const smsSender = createSmsSender({
    twilio: options.twilio?.settings ?? null,
    twilioBaseUrl: options.twilio?.fake.url,
    dataDir,
    log: { info: () => {} },
    print: () => {},
  });
  const app: HarborApp = await buildApp({
    config,
    database,
    mailer,
    smsSender,
    logger: false,
    rateLimitMax: options.rateLimitMax,
    demoContentSeeders: options.withDemoContent ? undefined : [],
    llm: options.llm,
    visitorLimits: options.visitorLimits,
    uploadQuotas: options.uploadQuotas,
    resolveHost: options.resolveHost,
    staffRecheckMs: options.staffRecheckMs,
    analyticsWarming: options.analyticsWarming,
    vendorBaseUrls: options.vendorBaseUrls,
    limitKeyPrefix,
  });
  await app.ready();
  let listening: Promise<string> | null = null;
  let ipCounter = 1;

  async function api<T = unknown>(
    method: "GET" | "POST",
    url: string,
    request: { cookie?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
  ): Promise<ApiResult<T>> {
    // A FormData body goes as multipart/form-data, encoded the way a browser's fetch does it.
    let payload = request.body === undefined ? undefined : (request.body as object);
    const headers: Record<string, string> = {};
    if (request.body instanceof FormData) {
      const encoded = new Response(request.body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers["content-type"] = encoded.headers.get("content-type") ?? "";
    }
    const response = await app.inject({
      method,
      url,
      payload,
      headers: {
        ...headers,
        ...(request.cookie ? { cookie: `${SESSION_COOKIE}=${request.cookie}` } : {}),
        ...request.headers,
      },
      remoteAddress: request.ip ?? "127.0.0.1",
    });
    const setCookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    return { status: response.statusCode, body: response.json() as ApiEnvelope<T>, cookie: setCookie?.value };
  }

  /** A distinct client address per person keeps the per-IP code throttle out of unrelated tests. */
  const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  /** Signs up through register → mail → validate; resolves once the demo content is in place. */
  async function signUp(email: string) {
    const ip = nextIp();
    const sent = smtp.countTo(email);
    const registered = await api("POST", "/api/auth/register", { body: { email }, ip });
    if (registered.status !== 200) throw new Error(`register failed: ${registered.body.message}`);
    const code = codeFromMail(await smtp.latestTo(email, { after: sent }));
    const validated = await api<{ userID: string }>("POST", "/api/auth/validate-email-otp", {
      body: { email, otp: code },
      ip,
    });
    if (validated.status !== 200 || !validated.cookie) throw new Error(`validate failed: ${validated.body.message}`);
    await app.services.demoContent.drain();
    const me = await api<{ company: { _id: string } }>("GET", "/api/user/", { cookie: validated.cookie });
    return { cookie: validated.cookie, userId: validated.body.data.userID, companyId: me.body.data.company._id, email };
  }

  /** Signs in by code. Clears the address's resend throttle first (the throttle has its own tests). */
  async function signIn(email: string) {
    await database.db.delete(codeRequests).where(eq(codeRequests.email, email));
    const ip = nextIp();
    const sent = smtp.countTo(email);
    const requested = await api("POST", "/api/auth/get-email-otp", { body: { email }, ip });
    if (requested.status !== 200) throw new Error(`get-email-otp failed: ${requested.body.message}`);
    const code = codeFromMail(await smtp.latestTo(email, { after: sent }));
    const validated = await api<ValidateEmailOtpResponse>("POST", "/api/auth/validate-email-otp", {
      body: { email, otp: code },
      ip,
    });
    if (validated.status !== 200 || !validated.cookie) throw new Error(`validate failed: ${validated.body.message}`);
    return { cookie: validated.cookie, userId: validated.body.data.userID, data: validated.body.data };
  }

  /**
   * Invites a person to the admin's workspace and has them accept, as they would in the
   * dashboard: they sign in (signing up first when the address is new), accept, and open the
   * workspace. Answers their session there.
   */
  async function addMember(adminCookie: string, person: { name: string; email: string; role: "admin" | "agent" }) {
    const before = smtp.countTo(person.email);
    const invited = await api<{ _id: string }[]>("POST", "/api/user/add-users", {
      cookie: adminCookie,
      body: { users: [person] },
    });
    if (invited.status !== 200) throw new Error(`add-users failed: ${invited.body.message}`);
    await smtp.latestTo(person.email, { after: before });
    await database.db.delete(codeRequests).where(eq(codeRequests.email, person.email));
    const ip = nextIp();
    const asked = await api("POST", "/api/auth/register", { body: { email: person.email }, ip });
    if (asked.status !== 200) throw new Error(`register failed: ${asked.body.message}`);
    // Sign-up or sign-in: register mails whichever code the address needs (an account holder's is a sign-in code).
    const code = codeFromMail(await smtp.latestTo(person.email, { after: before + 1 }));
    const validated = await api<ValidateEmailOtpResponse>("POST", "/api/auth/validate-email-otp", {
      body: { email: person.email, otp: code },
      ip,
    });
    if (validated.status !== 200 || !validated.cookie) throw new Error(`validate failed: ${validated.body.message}`);
    const cookie = validated.cookie;
    const me = await api<{ user: { invitations: { invitationID: string; companyID: string }[] } }>(
      "GET",
      "/api/user/",
      {
        cookie,
      },
    );
    const invitation = me.body.data.user.invitations.find((entry) => entry.invitationID === invited.body.data[0]?._id);
    if (!invitation) throw new Error("the invitation did not reach the invitee");
    const accepted = await api("POST", "/api/user/invitation/accept", {
      cookie,
      body: { invitationID: invitation.invitationID },
    });
    if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.body.message}`);
    await api("POST", "/api/auth/select-company", { cookie, body: { companyID: invitation.companyID } });
    return { cookie, userId: validated.body.data.userID, companyId: invitation.companyID };
  }

  return {
    /** Listens on a loopback port (once) for clients that need a real connection: socket.io. */
    url() {
      listening ??= app.listen({ port: 0, host: "127.0.0.1" });
      return listening;
    },
    app,
    config,
    mailer,
    limitKeyPrefix,
    database,
    db: database.db,
    smtp,
    api,
    nextIp,
    signUp,
    signIn,
    addMember,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
