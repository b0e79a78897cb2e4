import type { ApiEnvelope } from "@harbor/contract/envelope";
import { codeFromMail } from "../../apps/server/test/smtp-capture";
import type { HarborServer } from "./harbor-server";

/** Calls the running server's API as a signed-in person would, to set up a journey's world. */
export function apiClient(server: HarborServer) {
  async function call<T>(method: "GET" | "POST", path: string, options: { cookie?: string; body?: unknown } = {}) {
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const body = (await response.json()) as ApiEnvelope<T>;
    if (body.hasError) throw new Error(`${method} ${path}: ${response.status} ${body.message}`);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("harbor_session="))
      ?.split(";")[0];
    return { body, cookie };
  }

  return {
    call,
    /** Registers through the real code mail and returns the session cookie and the new company. */
    async signUp(email: string) {
      await call("POST", "/auth/register", { body: { email } });
      const code = codeFromMail(await server.smtp.latestTo(email));
      const { cookie } = await call("POST", "/auth/validate-email-otp", { body: { email, otp: code } });
      if (!cookie) throw new Error("no session cookie");
      const me = await call<{ company: { _id: string; name: string } }>("GET", "/user/", { cookie });
      return { cookie, company: me.body.data.company };
    },
    /**
     * Waits until a new workspace's demo content (articles, the demo shop's connection) is in: it
     * is seeded in the background after sign-up.
     */
    async waitForDemoContent(cookie: string, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const me = await call<{ company: { isDemoContentReady: boolean } }>("GET", "/user/", { cookie });
        if (me.body.data.company.isDemoContentReady) return;
        if (Date.now() > deadline) throw new Error(`the demo content was not ready after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    /** Invites someone to the admin's workspace: they join once they accept (in the browser). */
    async addUser(cookie: string, user: { name: string; email: string; role: "admin" | "agent" }) {
      await call("POST", "/user/add-users", { cookie, body: { users: [user] } });
    },
  };
}
