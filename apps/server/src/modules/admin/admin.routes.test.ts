import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { companies, memberships, sessions } from "../../db/schema/index";

let h: Harness;
let platformAdmin: Awaited<ReturnType<Harness["signUp"]>>;
let shopOwner: Awaited<ReturnType<Harness["signUp"]>>;

beforeAll(async () => {
  h = await createHarness({ platformAdmins: ["ops@harbor.example"] });
  platformAdmin = await h.signUp("ops@harbor.example");
  shopOwner = await h.signUp("owner@shop.example");
});
afterAll(async () => {
  await h.close();
});

const validCompany = {
  name: "Kestrel & Pine",
  url: "https://kestrel-pine.example",
  currency: "eur",
  documents: ["https://kestrel-pine.example/pages/shipping"],
  documentSelector: "main",
  chunkSelectors: ["h2"],
  suggestedQuestions: ["Where is my order?"],
};

describe("POST /admin/add-company", () => {
  it("creates the company with the platform admin as its admin and keeps the crawl options", async () => {
    const response = await h.api<{ companyID: string; name: string }>("POST", "/api/admin/add-company", {
      cookie: platformAdmin.cookie,
      body: validCompany,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe("Kestrel & Pine");
    const [row] = await h.db.select().from(companies).where(eq(companies.id, response.body.data.companyID));
    expect(row).toMatchObject({
      currency: "EUR",
      websiteUrl: "https://kestrel-pine.example",
      setupOptions: expect.objectContaining({ documentSelector: "main", chunkSelectors: ["h2"] }),
    });
    const me = await h.api<{ user: { isPlatformAdmin: boolean; companies: { name: string }[] } }>("GET", "/api/user/", {
      cookie: platformAdmin.cookie,
    });
    expect(me.body.data.user.isPlatformAdmin).toBe(true);
    expect(me.body.data.user.companies.map((c) => c.name)).toContain("Kestrel & Pine");
  });

  it.each([
    [{ ...validCompany, name: " " }, "name: Company name is required"],
    [{ ...validCompany, url: "ftp://x.example" }, "url: Enter a website URL"],
    [{ ...validCompany, url: undefined }, "url: "],
    [{ ...validCompany, currency: "EURO" }, "currency: Currency is a three-letter code such as EUR"],
  ])("validates %j", async (body, message) => {
    const response = await h.api("POST", "/api/admin/add-company", { cookie: platformAdmin.cookie, body });
    expect(response.status).toBe(400);
    expect(response.body.message.startsWith(message)).toBe(true);
  });

  it("refuses anyone not listed in PLATFORM_ADMINS, even a company admin", async () => {
    const response = await h.api("POST", "/api/admin/add-company", { cookie: shopOwner.cookie, body: validCompany });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe("Only Harbor platform admins can manage companies.");
    expect((await h.api("POST", "/api/admin/add-company", { body: validCompany })).status).toBe(401);
  });
});

describe("POST /admin/delete-company", () => {
  it("removes the company with its memberships and sessions' selection in one go", async () => {
    const victim = await h.signUp("owner@closing.example");
    const refused = await h.api("POST", "/api/admin/delete-company", {
      cookie: shopOwner.cookie,
      body: { companyID: victim.companyId },
    });
    expect(refused.status).toBe(403);

    const response = await h.api("POST", "/api/admin/delete-company", {
      cookie: platformAdmin.cookie,
      body: { companyID: victim.companyId },
    });
    expect(response.status).toBe(200);
    expect(await h.db.select().from(companies).where(eq(companies.id, victim.companyId))).toHaveLength(0);
    expect(await h.db.select().from(memberships).where(eq(memberships.companyId, victim.companyId))).toHaveLength(0);
    const [session] = await h.db.select().from(sessions).where(eq(sessions.userId, victim.userId));
    expect(session?.companyId).toBeNull();
    // The owner is still signed in, without a workspace; the next sign-in gives them a new one.
    const me = await h.api<{ company: unknown; user: { companies: unknown[] } }>("GET", "/api/user/", {
      cookie: victim.cookie,
    });
    expect(me.body.data).toMatchObject({ company: null, user: { companies: [] } });
    const again = await h.signIn("owner@closing.example");
    expect(again.data.isNewCompany).toBe(true);
  });

  it("answers 404 for an unknown company and 400 for a malformed id", async () => {
    const unknown = await h.api("POST", "/api/admin/delete-company", {
      cookie: platformAdmin.cookie,
      body: { companyID: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
    const malformed = await h.api("POST", "/api/admin/delete-company", { cookie: platformAdmin.cookie, body: {} });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/^companyID: /);
  });
});
