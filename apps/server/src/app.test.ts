import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../test/database";
import { createHarness, type Harness } from "../test/harness";
import { buildApp } from "./app";
import { loadConfig } from "./config";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ rateLimitMax: 40 });
});
afterAll(async () => {
  await h.close();
});

describe("platform", () => {
  it("reports health with the database this run uses", async () => {
    const response = await h.api<{ status: string; database: string }>("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ status: "ok", database: inject("testDatabaseUrl") ? "postgres" : "pglite" });
  });

  it("answers unknown API paths with a 404 envelope, never HTML", async () => {
    for (const method of ["GET", "POST"] as const) {
      const response = await h.api(method, "/api/does-not-exist", { body: method === "POST" ? {} : undefined });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ hasError: true, message: "Not found.", data: null });
    }
  });

  it("serves the OpenAPI description generated from the contract", async () => {
    const response = await h.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, { post?: { requestBody?: unknown } }> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/auth/register", "/api/auth/validate-email-otp", "/api/user/add-users"]),
    );
    expect(JSON.stringify(doc.paths["/api/auth/validate-email-otp"]?.post?.requestBody)).toContain("otp");
  });

  it("sends security headers", async () => {
    const response = await h.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("rate-limits per client with a 429 envelope", async () => {
    const ip = "203.0.113.9";
    let last = { status: 0, body: { message: "" } };
    for (let i = 0; i < 41; i++) last = await h.api("GET", "/api/health", { ip });
    expect(last.status).toBe(429);
    expect(last.body).toEqual({
      hasError: true,
      message: "Too many requests. Please wait a minute and try again.",
      data: null,
    });
    expect((await h.api("GET", "/api/health", { ip: "203.0.113.10" })).status).toBe(200);
  });
});

describe("serving the dashboard", () => {
  it("answers page paths with the app shell and keeps /api 404s as envelopes", async () => {
    const dashboardDir = await mkdtemp(path.join(os.tmpdir(), "harbor-dash-"));
    await mkdir(path.join(dashboardDir, "assets"));
    await writeFile(path.join(dashboardDir, "index.html"), "<!doctype html><title>Harbor</title><div id=root></div>");
    await writeFile(path.join(dashboardDir, "assets", "app-abc123.js"), "console.log('harbor')");
    const database = await createTestDatabase();
    const config = {
      ...loadConfig({ DATA_DIR: dashboardDir, APP_SECRET: "x".repeat(40), LOG_LEVEL: "silent" }),
      dashboardDir,
    };
    const app = await buildApp({ config, database, logger: false, rateLimitMax: 5 });
    try {
      const page = await app.inject({ method: "GET", url: "/settings/user-access" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("<div id=root>");

      const asset = await app.inject({ method: "GET", url: "/assets/app-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toContain("immutable");

      // Built files are not counted against the address's limit; API calls are.
      const ip = "203.0.113.20";
      const assetStatuses = [];
      for (let i = 0; i < 12; i++) {
        assetStatuses.push(
          (await app.inject({ method: "GET", url: "/assets/app-abc123.js", remoteAddress: ip })).statusCode,
        );
      }
      expect(new Set(assetStatuses)).toEqual(new Set([200]));
      const apiStatuses = [];
      for (let i = 0; i < 6; i++) {
        apiStatuses.push((await app.inject({ method: "GET", url: "/api/config", remoteAddress: ip })).statusCode);
      }
      expect(apiStatuses.at(-1)).toBe(429);

      const missingAsset = await app.inject({ method: "GET", url: "/assets/missing.js" });
      expect(missingAsset.statusCode).toBe(404);

      const api = await app.inject({ method: "GET", url: "/api/nothing-here" });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ hasError: true, message: "Not found.", data: null });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
