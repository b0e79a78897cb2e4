import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { codeFromMail } from "../../../test/smtp-capture";
import { codeRequests, emailCodes, sessions } from "../../db/schema/index";
import { sha256 } from "../../platform/crypto";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

/** Asks for a sign-in code for an existing user and returns it from the captured mail. */
async function requestCode(email: string, ip = h.nextIp()) {
  const before = h.smtp.countTo(email);
  const response = await h.api("POST", "/api/auth/get-email-otp", { body: { email }, ip });
  expect(response.status).toBe(200);
  return codeFromMail(await h.smtp.latestTo(email, { after: before }));
}

const validate = (email: string, otp: unknown) =>
  h.api<{ userID: string; hasMultipleCompanies: boolean; isNewCompany: boolean }>(
    "POST",
    "/api/auth/validate-email-otp",
    {
      body: { email, otp },
      ip: h.nextIp(),
    },
  );

/** Lets the next code request for this address through the 30-second throttle. */
const forgetCodeRequests = (email: string) => h.db.delete(codeRequests).where(eq(codeRequests.email, email));

const wrongCodeFor = (code: string) => (code[0] === "A" ? "B" : "A") + code.slice(1);

describe("sign-up", () => {
  it("mails a code, and the code creates the account, a workspace and a session", async () => {
    const response = await h.api("POST", "/api/auth/register", { body: { email: "  Owner@Kestrel-Pine.example " } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      hasError: false,
      message: "We sent a 6-character code to owner@kestrel-pine.example.",
      data: null,
    });

    const mail = await h.smtp.latestTo("owner@kestrel-pine.example");
    expect(mail.subject).toMatch(/^Your Harbor sign-up code: [A-Z0-9]{6}$/);
    const code = codeFromMail(mail);
    expect(mail.html).toContain(code);
    expect(mail.text).toContain("expires in 10 minutes");

    const validated = await validate("owner@kestrel-pine.example", code);
    expect(validated.status).toBe(200);
    expect(validated.body.data).toMatchObject({ hasMultipleCompanies: false, isNewCompany: true });
    expect(validated.cookie).toMatch(/^[\w-]{40,}$/);

    await h.app.services.demoContent.drain();
    const me = await h.api<{
      user: { email: string; name: string; role: string; companies: { name: string }[] };
      company: { name: string; isDemoContentReady: boolean; subscription: { status: string } };
    }>("GET", "/api/user/", { cookie: validated.cookie });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ email: "owner@kestrel-pine.example", name: "Owner", role: "admin" });
    expect(me.body.data.user.companies).toEqual([expect.objectContaining({ name: "Kestrel Pine" })]);
    expect(me.body.data.company).toMatchObject({
      name: "Kestrel Pine",
      isDemoContentReady: true,
      subscription: { status: "active" },
    });
  });

  it("sets an HttpOnly, SameSite=Lax session cookie that lasts 30 days", async () => {
    await h.api("POST", "/api/auth/register", { body: { email: "cookie@shop.example" } });
    const code = codeFromMail(await h.smtp.latestTo("cookie@shop.example"));
    const response = await h.app.inject({
      method: "POST",
      url: "/api/auth/validate-email-otp",
      payload: { email: "cookie@shop.example", otp: code },
    });
    const cookie = response.cookies.find((c) => c.name === "harbor_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie!.secure).toBeFalsy();
    const days = ((cookie!.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Only the token's hash is stored.
    const [stored] = await h.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(cookie!.value)));
    expect(stored).toBeDefined();
  });

  it("answers an existing address exactly as a new one, and mails its owner a sign-in code instead", async () => {
    const { email, userId } = await h.signUp("existing@shop.example");
    await forgetCodeRequests(email);
    const before = h.smtp.countTo(email);
    const existing = await h.api("POST", "/api/auth/register", {
      body: { email: email.toUpperCase() },
      ip: h.nextIp(),
    });
    const fresh = await h.api("POST", "/api/auth/register", {
      body: { email: "newcomer@shop.example" },
      ip: h.nextIp(),
    });
    // Nothing in the answer tells the two apart: same status, same envelope, the address aside.
    expect(existing.status).toBe(200);
    expect({ status: existing.status, body: existing.body }).toEqual({
      status: fresh.status,
      body: { ...fresh.body, message: fresh.body.message.replace("newcomer@shop.example", email) },
    });

    // The owner learns of it by mail, with a code that signs them in to the account they have.
    const mail = await h.smtp.latestTo(email, { after: before });
    expect(mail.subject).toMatch(/^Your Harbor sign-in code: [A-Z0-9]{6}$/);
    expect(mail.text).toContain("You already have a Harbor account");
    const validated = await validate(email, codeFromMail(mail));
    expect(validated.status).toBe(200);
    expect(validated.body.data).toMatchObject({ userID: userId, isNewCompany: false, hasMultipleCompanies: false });
    const me = await h.api<{ user: { companies: unknown[] } }>("GET", "/api/user/", { cookie: validated.cookie });
    expect(me.body.data.user.companies).toHaveLength(1);
  });

  it("throttles an existing address's sign-up like any other", async () => {
    const { email } = await h.signUp("throttled-existing@shop.example");
    await forgetCodeRequests(email);
    expect((await h.api("POST", "/api/auth/register", { body: { email }, ip: h.nextIp() })).status).toBe(200);
    const again = await h.api("POST", "/api/auth/register", { body: { email }, ip: h.nextIp() });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/);
  });

  it.each([
    [{}, "email: "],
    [{ email: "" }, "email: E-mail is required"],
    [{ email: "not-an-email" }, "email: Enter a valid e-mail address"],
    [{ email: 42 }, "email: "],
    [{ email: `${"a".repeat(250)}@x.example` }, "email: E-mail is too long"],
  ])("rejects %j with a 400 naming the field", async (body, message) => {
    const response = await h.api("POST", "/api/auth/register", { body });
    expect(response.status).toBe(400);
    expect(response.body.hasError).toBe(true);
    expect(response.body.message.startsWith(message)).toBe(true);
  });

  it("answers malformed JSON with a 400 envelope", async () => {
    const response = await h.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ hasError: true, message: "The request body is not valid JSON.", data: null });
  });

  it("answers an oversized body with a 413 envelope", async () => {
    const response = await h.api("POST", "/api/auth/register", { body: { email: "x".repeat(2 * 1024 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ hasError: true, message: "The request is too large.", data: null });
  });
});

describe("sign-in codes", () => {
  it("answers unknown addresses exactly like known ones and mails them a sign-up link", async () => {
    const { email } = await h.signUp("known@shop.example");
    await forgetCodeRequests(email);
    const known = await h.api("POST", "/api/auth/get-email-otp", { body: { email }, ip: h.nextIp() });
    const unknown = await h.api("POST", "/api/auth/get-email-otp", {
      body: { email: "nobody@shop.example" },
      ip: h.nextIp(),
    });
    expect(known.status).toBe(unknown.status);
    expect(known.body.message.replace(email, "X")).toBe(unknown.body.message.replace("nobody@shop.example", "X"));

    const mail = await h.smtp.latestTo("nobody@shop.example");
    expect(mail.subject).toBe("Sign in to Harbor");
    expect(mail.text).toContain("http://localhost:3000/sign-up");
    expect(mail.text).not.toMatch(/Your code/);
    // And the unknown address has no code that could be validated.
    const attempt = await validate("nobody@shop.example", "ABC123");
    expect(attempt.status).toBe(400);
    expect(attempt.body.message).toBe("This code is not valid or has expired. Please ask for a new code.");
  });

  it("accepts the code in any case and with spaces", async () => {
    const { email } = await h.signUp("casing@shop.example");
    await forgetCodeRequests(email);
    const code = await requestCode(email);
    const response = await validate(email, ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)} `);
    expect(response.status).toBe(200);
    expect(response.body.data.isNewCompany).toBe(false);
  });

  it("codes are single use", async () => {
    const { email } = await h.signUp("reuse@shop.example");
    await forgetCodeRequests(email);
    const code = await requestCode(email);
    expect((await validate(email, code)).status).toBe(200);
    const replay = await validate(email, code);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe("This code is not valid or has expired. Please ask for a new code.");
  });

  it("codes expire after 10 minutes", async () => {
    const { email } = await h.signUp("expiry@shop.example");
    await forgetCodeRequests(email);
    const code = await requestCode(email);
    const [row] = await h.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    const ttlMinutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(ttlMinutes).toBeCloseTo(10, 1);
    await h.db
      .update(emailCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailCodes.email, email));
    const response = await validate(email, code);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("This code is not valid or has expired. Please ask for a new code.");
  });

  it("a new code voids the previous one", async () => {
    const { email } = await h.signUp("void@shop.example");
    await forgetCodeRequests(email);
    const first = await requestCode(email);
    await forgetCodeRequests(email);
    const second = await requestCode(email);
    expect((await validate(email, first)).status).toBe(400);
    expect((await validate(email, second)).status).toBe(200);
  });

  it("counts down wrong tries and voids the code on the sixth, even when it is right", async () => {
    const { email } = await h.signUp("lockout@shop.example");
    await forgetCodeRequests(email);
    const code = await requestCode(email);
    const wrong = wrongCodeFor(code);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await validate(email, wrong)).body.message);
    expect(messages).toEqual([
      "That code is not right. 4 tries left.",
      "That code is not right. 3 tries left.",
      "That code is not right. 2 tries left.",
      "That code is not right. 1 try left.",
      "Too many wrong tries. Please ask for a new code.",
    ]);
    const sixth = await validate(email, code);
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toBe("Too many wrong tries. Please ask for a new code.");
    expect(sixth.cookie).toBeUndefined();
  });

  it("parallel wrong guesses cannot exceed five tries", async () => {
    const { email } = await h.signUp("parallel@shop.example");
    await forgetCodeRequests(email);
    const code = await requestCode(email);
    await Promise.all(Array.from({ length: 12 }, () => validate(email, wrongCodeFor(code))));
    const [row] = await h.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(row!.attempts).toBe(5);
    expect((await validate(email, code)).status).toBe(400);
  });

  it.each([["12345"], ["1234567"], ["ABC!23"], [123456]])("rejects the malformed code %j", async (otp) => {
    const response = await validate("x@shop.example", otp);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^otp: /);
  });

  it("throttles resends per address: one per 30 seconds", async () => {
    const { email } = await h.signUp("throttle@shop.example");
    await forgetCodeRequests(email);
    await requestCode(email);
    const before = h.smtp.countTo(email);
    const again = await h.api("POST", "/api/auth/get-email-otp", { body: { email }, ip: h.nextIp() });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait (30|29) seconds before asking for another code\.$/);
    expect(h.smtp.countTo(email)).toBe(before);
  });

  it("throttles resends per address: ten per hour", async () => {
    const email = "hourly@shop.example";
    await h.db.insert(codeRequests).values(
      Array.from({ length: 10 }, (_, i) => ({
        email,
        ip: "192.0.2.1",
        requestedAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    );
    const response = await h.api("POST", "/api/auth/get-email-otp", { body: { email }, ip: h.nextIp() });
    expect(response.status).toBe(429);
    expect(response.body.message).toBe("Too many codes were requested. Please try again in an hour.");
  });

  it("throttles code requests per IP address", async () => {
    const ip = "198.51.100.7";
    await h.db.insert(codeRequests).values(
      Array.from({ length: 30 }, (_, i) => ({
        email: `ip${i}@shop.example`,
        ip,
        requestedAt: new Date(Date.now() - 120_000),
      })),
    );
    const response = await h.api("POST", "/api/auth/get-email-otp", { body: { email: "fresh@shop.example" }, ip });
    expect(response.status).toBe(429);
  });
});

describe("sessions", () => {
  it("logout is a POST that deletes the session on the server", async () => {
    const { cookie } = await h.signUp("logout@shop.example");
    expect((await h.api("GET", "/api/user/", { cookie })).status).toBe(200);
    const out = await h.api("POST", "/api/auth/logout", { cookie, headers: { origin: "http://localhost:3000" } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ hasError: false, message: "You are signed out.", data: null });
    const after = await h.api("GET", "/api/user/", { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ hasError: true, message: "Please sign in to continue.", data: null });
  });

  it("another site can't sign a user out: a GET is not a logout, and a cross-site POST is refused", async () => {
    const { cookie } = await h.signUp("stays-in@shop.example");
    // An <img src> or a link on another site sends a GET with the cookie.
    const viaGet = await h.api("GET", "/api/auth/logout", { cookie });
    expect(viaGet.status).toBe(404);
    expect(viaGet.body).toEqual({ hasError: true, message: "Not found.", data: null });
    // A form on another site can POST with the cookie; the Origin check refuses it.
    const crossSite = await h.api("POST", "/api/auth/logout", { cookie, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe("This request came from another site and was refused.");
    expect((await h.api("GET", "/api/user/", { cookie })).status).toBe(200);
  });

  it("answers 401 without a session and for a forged token", async () => {
    expect((await h.api("GET", "/api/user/")).status).toBe(401);
    for (const url of ["/api/auth/select-company", "/api/auth/toggle-company"]) {
      const response = await h.api("POST", url, { body: { companyID: "00000000-0000-4000-8000-000000000000" } });
      expect(response.status).toBe(401);
    }
    expect((await h.api("GET", "/api/user/", { cookie: "forged-token" })).status).toBe(401);
  });

  it("expired sessions are refused and removed", async () => {
    const { cookie } = await h.signUp("expired@shop.example");
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(cookie)));
    expect((await h.api("GET", "/api/user/", { cookie })).status).toBe(401);
    expect(
      await h.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(cookie))),
    ).toHaveLength(0);
  });

  it("slides the expiry forward when the session is used", async () => {
    const { cookie } = await h.signUp("sliding@shop.example");
    const in20Days = new Date(Date.now() + 20 * 86_400_000);
    await h.db
      .update(sessions)
      .set({ expiresAt: in20Days })
      .where(eq(sessions.tokenHash, sha256(cookie)));
    const response = await h.app.inject({
      method: "GET",
      url: "/api/user/",
      headers: { cookie: `harbor_session=${cookie}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === "harbor_session")?.value).toBe(cookie);
    const [row] = await h.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(cookie)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("refuses state-changing requests from another site", async () => {
    const { cookie } = await h.signUp("csrf@shop.example");
    const response = await h.api("POST", "/api/user/add-users", {
      cookie,
      headers: { origin: "https://evil.example" },
      body: { users: [{ name: "Eve", email: "eve@evil.example", role: "admin" }] },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe("This request came from another site and was refused.");
    const sameSite = await h.api("POST", "/api/user/add-users", {
      cookie,
      headers: { origin: "http://localhost:3000" },
      body: { users: [{ name: "Ann", email: "ann@shop.example", role: "agent" }] },
    });
    expect(sameSite.status).toBe(200);
  });
});
