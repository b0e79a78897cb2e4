import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("has embedded defaults and generates an APP_SECRET once into DATA_DIR", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-config-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: "http://localhost:3000",
      databaseUrl: undefined,
      aiProvider: "local",
      isSecureCookie: false,
      // No marketing site by default: unknown dashboard paths stay in the app (issue #19 item 17).
      marketingUrl: null,
    });
    expect(loadConfig({ DATA_DIR: dataDir, MARKETING_URL: "https://shop.example/" }).marketingUrl).toBe(
      "https://shop.example/",
    );
    expect(config.filesDir).toBe(path.join(dataDir, "files"));
    expect(loadConfig({ DATA_DIR: dataDir, FILES_DIR: "/mnt/shared/harbor-files" }).filesDir).toBe(
      "/mnt/shared/harbor-files",
    );
    expect(config.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(await readFile(path.join(dataDir, "app-secret"), "utf8")).toBe(config.appSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(config.appSecret);
  });

  it("uses Secure cookies behind an https PUBLIC_URL and lower-cases platform admins", () => {
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      APP_SECRET: "s".repeat(32),
      PUBLIC_URL: "https://support.example/",
      PLATFORM_ADMINS: " Ops@Harbor.example, ,second@harbor.example",
    });
    expect(config.isSecureCookie).toBe(true);
    expect(config.publicUrl).toBe("https://support.example");
    expect([...config.platformAdmins]).toEqual(["ops@harbor.example", "second@harbor.example"]);
  });

  it("reads the AI provider settings, treating empty variables as unset", () => {
    const config = loadConfig({
      DATA_DIR: os.tmpdir(),
      APP_SECRET: "s".repeat(32),
      AI_PROVIDER: "openai",
      AI_MODEL: "llama3.1",
      AI_EMBEDDING_MODEL: "nomic-embed-text",
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_API_KEY: "",
    });
    expect(config).toMatchObject({
      aiProvider: "openai",
      aiModel: "llama3.1",
      aiEmbeddingModel: "nomic-embed-text",
      openaiBaseUrl: "http://127.0.0.1:11434/v1",
      openaiApiKey: undefined,
    });
    expect(() => loadConfig({ DATA_DIR: os.tmpdir(), AI_PROVIDER: "gemini" })).toThrow(/AI_PROVIDER/);
  });

  it("reads TRUST_PROXY as a number of proxy hops, none by default", () => {
    const base = { DATA_DIR: os.tmpdir(), APP_SECRET: "s".repeat(32) };
    expect(loadConfig(base).trustedProxyHops).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustedProxyHops).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustedProxyHops).toBe(2);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "true" })).toThrow(
      "TRUST_PROXY: TRUST_PROXY is the number of proxies in front of Harbor (0 when none)",
    );
  });

  it("chooses an S3-compatible bucket for uploaded files when FILES_S3_BUCKET is set, and refuses half a setting", () => {
    const base = { DATA_DIR: os.tmpdir(), APP_SECRET: "s".repeat(32) };
    expect(loadConfig(base).filesS3).toBeNull();
    const s3 = {
      FILES_S3_BUCKET: "harbor-files",
      FILES_S3_URL: "http://minio.internal:9000",
      FILES_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      FILES_S3_SECRET_ACCESS_KEY: "very-secret",
    };
    expect(loadConfig({ ...base, ...s3 }).filesS3).toEqual({
      endpoint: "http://minio.internal:9000",
      bucket: "harbor-files",
      region: "us-east-1",
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "very-secret" },
      // An endpoint of its own: the bucket goes in the path unless FILES_S3_PATH_STYLE=0.
      isPathStyle: true,
    });
    expect(loadConfig({ ...base, ...s3, FILES_S3_PATH_STYLE: "0" }).filesS3?.isPathStyle).toBe(false);
    // AWS itself: the region's endpoint, virtual-hosted buckets, the SDK's own credentials (a role).
    expect(loadConfig({ ...base, FILES_S3_BUCKET: "harbor-files", FILES_S3_REGION: "eu-west-1" }).filesS3).toEqual({
      endpoint: undefined,
      bucket: "harbor-files",
      region: "eu-west-1",
      credentials: undefined,
      isPathStyle: false,
    });
    expect(() => loadConfig({ ...base, ...s3, FILES_S3_SECRET_ACCESS_KEY: "" })).toThrow(/FILES_S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...base, ...s3, FILES_S3_BUCKET: undefined })).toThrow(/FILES_S3_BUCKET/);
    expect(() => loadConfig({ ...base, ...s3, FILES_DIR: "/mnt/files" })).toThrow(/FILES_DIR/);
    expect(() => loadConfig({ ...base, ...s3, FILES_S3_BUCKET: "Not A Bucket" })).toThrow(ConfigError);
    // A refused setting never repeats the secret in the message that goes to the log.
    const refusal = (() => {
      try {
        loadConfig({ ...base, ...s3, FILES_S3_ACCESS_KEY_ID: "", FILES_S3_URL: "not a url" });
      } catch (error) {
        return String(error);
      }
      return "accepted";
    })();
    expect(refusal).toMatch(/FILES_S3_URL/);
    expect(refusal).not.toContain("very-secret");
  });

  it("runs the demo shop by default in the embedded mode only; HARBOR_DEMO decides when set", () => {
    const base = { DATA_DIR: os.tmpdir(), APP_SECRET: "s".repeat(32) };
    const server = { ...base, DATABASE_URL: "postgres://harbor@db/harbor" };
    expect(loadConfig(base).isDemo).toBe(true);
    expect(loadConfig(server).isDemo).toBe(false);
    expect(loadConfig({ ...base, HARBOR_DEMO: "0" }).isDemo).toBe(false);
    expect(loadConfig({ ...server, HARBOR_DEMO: "1" }).isDemo).toBe(true);
    expect(loadConfig({ ...server, HARBOR_DEMO: "" }).isDemo).toBe(false);
    expect(() => loadConfig({ ...base, HARBOR_DEMO: "yes" })).toThrow(/HARBOR_DEMO/);
  });

  it("takes Zendesk's OAuth client as a pair: both set, or neither (API tokens)", () => {
    const base = { DATA_DIR: os.tmpdir(), APP_SECRET: "s".repeat(32) };
    expect(loadConfig(base).zendeskOAuth).toBeNull();
    expect(loadConfig({ ...base, ZENDESK_CLIENT_ID: "harbor", ZENDESK_CLIENT_SECRET: "secret" }).zendeskOAuth).toEqual({
      clientId: "harbor",
      clientSecret: "secret",
    });
    expect(() => loadConfig({ ...base, ZENDESK_CLIENT_ID: "harbor" })).toThrow(/ZENDESK_CLIENT_SECRET together/);
    expect(() => loadConfig({ ...base, ZENDESK_CLIENT_SECRET: "secret" })).toThrow(ConfigError);
  });

  it("sends Zendesk's calls to ZENDESK_BASE_URL when set, an http(s) address only", () => {
    const base = { DATA_DIR: os.tmpdir(), APP_SECRET: "s".repeat(32) };
    expect(loadConfig(base).zendeskBaseUrl).toBeNull();
    expect(loadConfig({ ...base, ZENDESK_BASE_URL: "http://127.0.0.1:4321/" }).zendeskBaseUrl).toBe(
      "http://127.0.0.1:4321",
    );
    expect(() => loadConfig({ ...base, ZENDESK_BASE_URL: "acme.zendesk.com" })).toThrow(/ZENDESK_BASE_URL/);
    expect(() => loadConfig({ ...base, ZENDESK_BASE_URL: "ftp://zendesk.example" })).toThrow(/ZENDESK_BASE_URL/);
  });

  it("takes Twilio's three settings together, or none (dev SMS), naming what is missing", () => {
    const base = { DATA_DIR: os.tmpdir(), APP_SECRET: "s".repeat(32) };
    const sid = `AC${"0a".repeat(16)}`;
    expect(loadConfig(base).twilio).toBeNull();
    const full = { ...base, TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" };
    expect(loadConfig(full).twilio).toEqual({ accountSid: sid, authToken: "token", from: "+15005550006" });
    const service = `MG${"1b".repeat(16)}`;
    expect(loadConfig({ ...full, TWILIO_FROM: service }).twilio?.from).toBe(service);
    expect(() => loadConfig({ ...base, TWILIO_ACCOUNT_SID: sid })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together/,
    );
    expect(() => loadConfig({ ...base, TWILIO_AUTH_TOKEN: "token", TWILIO_FROM: "+15005550006" })).toThrow(
      /TWILIO_ACCOUNT_SID: set/,
    );
    expect(() => loadConfig({ ...full, TWILIO_FROM: "0612345678" })).toThrow(/TWILIO_FROM is a Twilio number/);
    expect(() => loadConfig({ ...full, TWILIO_ACCOUNT_SID: "my-account" })).toThrow(/TWILIO_ACCOUNT_SID is/);
  });

  it("fails fast naming each bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", APP_SECRET: "short" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", APP_SECRET: "short" });
    } catch (error) {
      expect((error as Error).message).toContain("PORT");
      expect((error as Error).message).toContain("DATABASE_URL must start with postgres://");
      expect((error as Error).message).toContain("APP_SECRET must be at least 32 characters");
    }
  });
});
