import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPostgresTestDatabase } from "../../../test/database";
import { connectStaff } from "../../../test/realtime-clients";
import { type AskedQuestion, ResumingVisitor } from "../../../test/resuming-visitor";
import { startTwoNodeCluster, type TwoNodeCluster } from "../../../test/two-node-cluster";

/**
 * The scaled mode surviving a node's death (decision 063): two server processes on one PostgreSQL
 * and one Redis behind a load balancer that routes by visitor address; staff on node A; node B
 * killed with SIGKILL while its visitors' questions are on the way. Its visitors reconnect through
 * the balancer to A, rejoin their chats and send again what got no ack; every acknowledged question
 * is stored once, and every question gets one answer. Runs when both TEST_DATABASE_URL and
 * TEST_REDIS_URL are set (CI sets both). `npm run bench -- two-nodes` is the long version.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const VISITORS = 40;
const QUESTIONS = ["How long does standard delivery take?", "Can I return items I bought three weeks ago?"];

describe.runIf(inject("testDatabaseUrl") && redisUrl)("two nodes behind a load balancer, one killed", () => {
  let created: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let cluster: TwoNodeCluster;
  const visitors: ResumingVisitor[] = [];

  beforeAll(async () => {
    created = await createPostgresTestDatabase();
    cluster = await startTwoNodeCluster({
      databaseUrl: created.url,
      redisUrl: redisUrl!,
      isFastJobs: true,
      visitorLimits: { questionsPerWidget: 100_000 },
    });
  }, 90_000);

  afterAll(async () => {
    for (const visitor of visitors) visitor.close();
    await cluster?.close();
    await created?.drop();
  });

  it("moves a killed node's visitors to the other node, storing each acknowledged question once and answering it", async () => {
    const [nodeA, nodeB] = cluster.nodes;
    const staff = await connectStaff({ url: async () => nodeA!.url }, cluster.staffCookie);
    for (let n = 0; n < VISITORS; n += 10) {
      visitors.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            ResumingVisitor.connect(cluster.balancer.url, cluster.widgetID, `10.63.0.${n + i + 1}`),
          ),
        )),
      );
    }
    // The balancer spread them: some on each node.
    const [onA, onB] = cluster.balancer.nodes();
    expect(onA!.openSockets + onB!.openSockets).toBe(VISITORS);
    expect(onA!.openSockets).toBeGreaterThan(0);
    expect(onB!.openSockets).toBeGreaterThan(0);
    const visitorsOnB = onB!.openSockets;

    // Everyone asks; staff on A hears the chats of B's visitors too (through Redis).
    const first = await Promise.all(visitors.map((visitor) => visitor.ask(QUESTIONS[0]!)));
    expect(first.filter((asked) => asked.answeredAt === null)).toEqual([]);
    const chatIDs = new Set(visitors.map((visitor) => visitor.chatID));
    await expect
      .poll(() => new Set(staff.events.of<{ chat: { chatID: string } }>("chat-updated").map((p) => p.chat.chatID)), {
        timeout: 10_000,
      })
      .toEqual(chatIDs);

    // Everyone asks again, and B dies as soon as the first of those questions is stored: the rest
    // are on their way, waiting for their ack or being answered.
    const storedQuestions = async () =>
      (
        await cluster.database.sql.executeSql(
          "select count(*)::int as n from chat_messages where company_id = $1 and sender_role = 'customer'",
          [cluster.companyId],
        )
      ).rows[0] as { n: number };
    const second = visitors.map((visitor) => visitor.ask(QUESTIONS[1]!, 45_000));
    await expect
      .poll(async () => (await storedQuestions()).n, { interval: 5, timeout: 20_000 })
      .toBeGreaterThan(VISITORS);
    const killedAt = Date.now();
    await nodeB!.kill();
    const secondAsked = await Promise.all(second);

    // B's visitors reconnected, through the balancer, to A; nobody else lost their connection.
    const dropped = visitors.filter((visitor) => visitor.disconnects.some((drop) => drop.at >= killedAt));
    expect(dropped).toHaveLength(visitorsOnB);
    for (const visitor of dropped) expect(visitor.disconnects.at(-1)!.reconnectedAt).not.toBeNull();
    expect(cluster.balancer.nodes().map(({ isUp, openSockets }) => ({ isUp, openSockets }))).toEqual([
      { isUp: true, openSockets: VISITORS },
      { isUp: false, openSockets: 0 },
    ]);

    // Every question was acknowledged and answered, those of B's visitors after the kill by A.
    expect(secondAsked.filter((asked) => asked.ackedAt === null || asked.answeredAt === null)).toEqual([]);
    // Some of them were cut off by the kill (their ack or answer had not come) and were carried on A.
    expect(secondAsked.filter((asked) => asked.isInterrupted).length).toBeGreaterThan(0);

    // And after it, everyone (all on A now) is answered.
    const third = await Promise.all(visitors.map((visitor) => visitor.ask(QUESTIONS[0]!)));
    expect(third.filter((asked) => asked.answeredAt === null)).toEqual([]);

    // Stored: each question once (also those sent again after the kill), each with one answer.
    const asked: AskedQuestion[] = [...first, ...secondAsked, ...third];
    const { rows } = await cluster.database.sql.executeSql(
      `select q.client_message_id as "clientMessageID", count(distinct q.id)::int as copies,
              count(a.id)::int as answers
         from chat_messages q
         left join chat_messages a on a.chat_id = q.chat_id and a.sender_role = 'ai'
          and a.message_data->>'questionID' = q.id::text
        where q.company_id = $1 and q.sender_role = 'customer'
        group by q.client_message_id`,
      [cluster.companyId],
    );
    const stored = new Map(
      (rows as { clientMessageID: string; copies: number; answers: number }[]).map((row) => [row.clientMessageID, row]),
    );
    expect(stored.size).toBe(asked.length);
    for (const question of asked) {
      expect(stored.get(question.clientMessageID)).toEqual({
        clientMessageID: question.clientMessageID,
        copies: 1,
        answers: 1,
      });
    }
    staff.socket.close();
  }, 60_000);
});
