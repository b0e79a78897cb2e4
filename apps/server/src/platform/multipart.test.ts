import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness";
import { SESSION_COOKIE } from "./session";

let h: Harness;
let cookie: string;

beforeAll(async () => {
  h = await createHarness({ rateLimitMax: 10_000 });
  cookie = (await h.signUp("owner@broken-forms.example")).cookie;
});

afterAll(async () => {
  await h?.close();
});

const BOUNDARY = "harborboundary";
/** Bodies a real form never sends: each must be a 400 saying the form could not be read, never a 500. */
const BROKEN_FORMS: Record<string, { contentType: string; body: string }> = {
  "no boundary in the header": { contentType: "multipart/form-data", body: "anything" },
  "a boundary the body never uses": {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: "this is not a multipart body at all",
  },
  "cut off in the middle of a part": {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="persona"\r\n\r\n{"name":"half`,
  },
  "cut off in a part's headers": {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
  },
};
/** Parts a form reader skips (it can't tell what they are): the form then lacks them, also a 400. */
const SKIPPED_PARTS: Record<string, string> = {
  "a part header without a colon": `--${BOUNDARY}\r\nContent-Disposition form-data name=persona\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
  "a part without Content-Disposition": `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`,
};
const MULTIPART_ROUTES = ["/api/ai-agent/save", "/api/widget-settings/save", "/api/widget/upload"];

async function post(url: string, form: { contentType: string; body: string }) {
  const response = await h.app.inject({
    method: "POST",
    url,
    headers: { "content-type": form.contentType, cookie: `${SESSION_COOKIE}=${cookie}` },
    payload: form.body,
    remoteAddress: h.nextIp(),
  });
  return { status: response.statusCode, body: response.json() };
}

describe("malformed multipart bodies", () => {
  it("answer 400 saying the form could not be read on every multipart route, and the server stays up", async () => {
    for (const url of MULTIPART_ROUTES) {
      for (const [kind, form] of Object.entries(BROKEN_FORMS)) {
        expect({ url, kind, ...(await post(url, form)) }).toEqual({
          url,
          kind,
          status: 400,
          body: {
            hasError: true,
            message: "The form could not be read. Send it again as multipart/form-data.",
            data: null,
          },
        });
      }
    }
    expect((await h.api("GET", "/api/health")).status).toBe(200);
  });

  it("answer a 4xx about what is missing when the reader skipped a part it could not make sense of", async () => {
    for (const url of MULTIPART_ROUTES) {
      for (const [kind, body] of Object.entries(SKIPPED_PARTS)) {
        const answer = await post(url, { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body });
        expect({ url, kind, isClientError: answer.status >= 400 && answer.status < 500, body: answer.body }).toEqual({
          url,
          kind,
          isClientError: true,
          body: { hasError: true, message: expect.not.stringMatching(/went wrong/), data: null },
        });
      }
    }
  });
});
