import type { InboxResponse } from "@harbor/contract/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness";
import { chats } from "../../db/schema/index";

/*
 * The inbox filtered to an analytics figure's chats (issue 18 item 6): by visitor language and
 * the days the chats started, in the company's reporting zone. Europe/Amsterdam is UTC+1 in March
 * 2025 until the 30th.
 *
 * ticket  language  created (UTC)          Amsterdam day
 * NL1     nl        2025-03-10 12:00       03-10
 * NL2     nl        2025-03-31 22:30       04-01 (after March there, still March in UTC)
 * EN1     en        2025-03-11 09:00       03-11   handed off
 * XX1     (none)    2025-03-12 09:00       03-12
 * FR1     fr        2025-02-28 23:30       03-01 (before March in UTC)
 */

let h: Harness;
let owner: Awaited<ReturnType<Harness["signUp"]>>;
let rival: Awaited<ReturnType<Harness["signUp"]>>;

async function seed(companyId: string, ticketId: string, language: string | null, createdAt: string, status = "open") {
  await h.db.insert(chats).values({
    companyId,
    ticketId,
    language,
    status,
    createdAt: new Date(createdAt),
    lastMessageAt: new Date(createdAt),
  });
}

const list = async (cookie: string, body: Record<string, unknown>) =>
  h.api<InboxResponse>("POST", "/api/chat/inbox", { cookie, body: { pageNumber: 1, ...body } });
const tickets = async (cookie: string, body: Record<string, unknown>) =>
  (await list(cookie, body)).body.data.inbox.map((chat) => chat.ticketID).sort();

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("owner@inbox-analytics.example");
  rival = await h.signUp("owner@inbox-analytics-rival.example");
  await seed(owner.companyId, "NL1", "nl", "2025-03-10T12:00:00Z");
  await seed(owner.companyId, "NL2", "nl", "2025-03-31T22:30:00Z");
  await seed(owner.companyId, "EN1", "en", "2025-03-11T09:00:00Z", "human");
  await seed(owner.companyId, "XX1", null, "2025-03-12T09:00:00Z");
  await seed(owner.companyId, "FR1", "fr", "2025-02-28T23:30:00Z");
  await seed(rival.companyId, "RV1", "nl", "2025-03-10T12:00:00Z");
});
afterAll(async () => {
  await h?.close();
});

describe("POST /api/chat/inbox by language and start day", () => {
  it("reads the days in UTC by default", async () => {
    const march = { createdFrom: "2025-03-01", createdTo: "2025-03-31" };
    expect(await tickets(owner.cookie, march)).toEqual(["EN1", "NL1", "NL2", "XX1"]);
    expect(await tickets(owner.cookie, { ...march, language: "nl" })).toEqual(["NL1", "NL2"]);
    expect(await tickets(owner.cookie, { ...march, language: "other" })).toEqual(["XX1"]);
    expect(await tickets(owner.cookie, { ...march, status: "handoff" })).toEqual(["EN1"]);
    expect((await list(owner.cookie, { ...march, language: "nl" })).body.data.totalCount).toBe(2);
  });

  it("reads the days in the company's reporting zone, as analytics does", async () => {
    await h.api("POST", "/api/analytics/time-zone", { cookie: owner.cookie, body: { timeZone: "Europe/Amsterdam" } });
    const march = { createdFrom: "2025-03-01", createdTo: "2025-03-31" };
    // NL2 began on 1 April in Amsterdam; FR1 on 1 March there ("fr" counts as another language).
    expect(await tickets(owner.cookie, march)).toEqual(["EN1", "FR1", "NL1", "XX1"]);
    expect(await tickets(owner.cookie, { ...march, language: "other" })).toEqual(["FR1", "XX1"]);
    expect(await tickets(owner.cookie, { createdFrom: "2025-04-01" })).toEqual(["NL2"]);
  });

  it("shows another company only its own chats and refuses a day that does not exist", async () => {
    expect(await tickets(rival.cookie, { language: "nl", createdFrom: "2025-03-01" })).toEqual(["RV1"]);
    const bad = await list(owner.cookie, { createdFrom: "2025-02-30" });
    expect(bad.status).toBe(400);
    expect(bad.body.hasError).toBe(true);
    expect((await list(owner.cookie, { language: "fr" })).status).toBe(400);
  });
});
