import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import { seedChatAnalyses } from "./support/seed-analyses";
import { printTable } from "./table";

const CATEGORIES = ["Orders", "Shipping", "Returns", "Sizing", "Payments"];
const MESSAGES_PER_CHAT = 10;
const LONG_CHAT_MESSAGES = 500;

/**
 * Bulk-loads `chatCount` chats with MESSAGES_PER_CHAT messages each and one analysis entry per
 * chat, in a few INSERT … SELECT statements. Every 10th chat is handed off (human or ticket),
 * a third are resolved, 1 in 50 flagged, 1 in 7 unread, 1 in 20 has a custom reply's message.
 */
export async function seedCompany(
  db: Database,
  options: { companyId: string; chatCount: number; customReplyId: string },
) {
  const { companyId, chatCount, customReplyId } = options;
  await db.execute(sql`
    insert into chats (company_id, ticket_id, status, resolved, is_flagged, chat_read, customer, summary, created_at, last_message_at)
    select ${companyId}::uuid,
      (select string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', ((((g::bigint * 104729) % 729000000) / power(30, k)::bigint) % 30)::int + 1, 1), '' order by k desc)
        from generate_series(0, 5) k),
      case when g % 20 = 0 then 'ticket' when g % 10 = 0 then 'human' else 'open' end,
      g % 3 = 0, g % 50 = 0, g % 7 <> 0,
      case when g % 2 = 0 then jsonb_build_object('name', 'Visitor ' || g, 'email', 'visitor' || g || '@example.com') else '{}'::jsonb end,
      'A visitor asked about their order.',
      now() - make_interval(mins => g), now() - make_interval(mins => g) + make_interval(secs => ${MESSAGES_PER_CHAT})
    from generate_series(1, ${chatCount}) g`);
  await db.execute(sql`
    insert into chat_messages (company_id, chat_id, message, message_type, sender_role, message_data, created_at)
    select c.company_id, c.id,
      case when k % 2 = 1 then 'Where is my order? I ordered a rain jacket last week and it has not arrived yet.'
           else 'Your order left our warehouse yesterday; you can follow it with the tracking link in your e-mail.' end,
      case when k % 2 = 1 then 'question' else 'answer' end,
      case when k % 2 = 1 then 'customer' else 'ai' end,
      case when k = ${MESSAGES_PER_CHAT} and hashtext(c.id::text) % 20 = 0
        then jsonb_build_object('customReplyID', ${customReplyId}::text) else '{}'::jsonb end,
      c.created_at + make_interval(secs => k)
    from chats c cross join generate_series(1, ${MESSAGES_PER_CHAT}) k
    where c.company_id = ${companyId}`);
  await seedChatAnalyses(db, companyId, CATEGORIES);
}

/**
 * Inbox latency at a busy shop's scale (issue 6): one company with `chats` chats and ten times as
 * many messages, beside ten companies with a tenth of that each, measured through the service
 * layer. BENCH_INBOX_CHATS overrides the size (100,000 by default); DATABASE_URL runs it on PostgreSQL.
 */
export async function benchInbox(options: { chats?: number; otherCompanies?: number } = {}) {
  const chatCount = options.chats ?? Number(process.env.BENCH_INBOX_CHATS ?? 100_000);
  const otherCompanies = options.otherCompanies ?? 10;
  const harbor = await startInProcessApp();
  const { db } = harbor.database;
  const inbox = harbor.app.services.inboxService;
  try {
    const loadStartedAt = performance.now();
    const seed = async (name: string, count: number) => {
      const auth = await harbor.createCompany(name);
      const [reply] = (
        (await db.execute(
          sql`insert into custom_replies (company_id, name) values (${auth.companyId}, 'Returns') returning id`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      await seedCompany(db, { companyId: auth.companyId, chatCount: count, customReplyId: reply!.id });
      return auth;
    };
    const main = await seed("Busy Outdoor", chatCount);
    for (let i = 0; i < otherCompanies; i++) await seed(`Other Shop ${i + 1}`, Math.round(chatCount / 10));
    // One long conversation, the newest chat of the busy company.
    const [longChat] = (
      (await db.execute(sql`
        select id from chats where company_id = ${main.companyId}
        order by last_message_at desc, id desc limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows;
    await db.execute(sql`
      insert into chat_messages (company_id, chat_id, message, message_type, sender_role, created_at)
      select ${main.companyId}::uuid, ${longChat!.id}::uuid, 'Message ' || k,
        case when k % 2 = 1 then 'question' else 'answer' end, case when k % 2 = 1 then 'customer' else 'ai' end,
        now() - make_interval(secs => ${LONG_CHAT_MESSAGES} - k)
      from generate_series(1, ${LONG_CHAT_MESSAGES - MESSAGES_PER_CHAT}) k`);
    // A restore or a running server's autovacuum would have done this: statistics and the
    // visibility map that lets paging read the index alone.
    await db.execute(sql`vacuum analyze`);
    const loadSeconds = (performance.now() - loadStartedAt) / 1000;
    const [counts] = (
      (await db.execute(sql`
        select (select count(*) from chats where company_id = ${main.companyId})::int as chats,
               (select count(*) from chat_messages where company_id = ${main.companyId})::int as messages,
               (select count(*) from chat_messages)::int as all_messages`)) as unknown as {
        rows: { chats: number; messages: number; all_messages: number }[];
      }
    ).rows;

    const time = async (run: () => Promise<unknown>, repeat: number) => {
      const samples: number[] = [];
      for (let r = 0; r < repeat; r++) {
        const startedAt = performance.now();
        await run();
        samples.push(performance.now() - startedAt);
      }
      return samples;
    };
    const list = (request: {
      pageNumber?: number;
      status?: "open" | "resolved" | "handoff" | "flagged";
      category?: string;
      customReply?: string;
      unreadChats?: boolean;
    }) =>
      inbox.list(main, { ...request, pageNumber: request.pageNumber ?? 1, unreadChats: request.unreadChats ?? false });
    const deepPage = Math.max(1, Math.min(2000, Math.floor(chatCount / 20 / 2)));
    const unreadChat = (await list({ unreadChats: true })).inbox[0]!._id;
    const cases: [string, () => Promise<unknown>][] = [
      ["/chat/inbox first page", () => list({})],
      [`/chat/inbox deep page (${deepPage.toLocaleString("en")})`, () => list({ pageNumber: deepPage })],
      ["/chat/inbox status open", () => list({ status: "open" })],
      ["/chat/inbox status resolved", () => list({ status: "resolved" })],
      ["/chat/inbox status handoff", () => list({ status: "handoff" })],
      ["/chat/inbox status flagged", () => list({ status: "flagged" })],
      ["/chat/inbox category", () => list({ category: "Returns" })],
      ["/chat/inbox custom reply", () => list({ customReply: "Returns" })],
      ["/chat/inbox unread only", () => list({ unreadChats: true })],
      [
        "unread toggle (mark-unread, then open)",
        async () => {
          await inbox.markUnread(main, unreadChat).catch(() => undefined);
          await inbox.getChat(main, { chatID: unreadChat });
        },
      ],
      [`/chat/ on a chat with ${LONG_CHAT_MESSAGES} messages`, () => inbox.getChat(main, { chatID: longChat!.id })],
    ];
    const rows: string[][] = [];
    for (const [name, run] of cases) {
      await time(run, 5);
      const samples = await time(run, 50);
      rows.push([name, ms(percentile(samples, 50)), ms(percentile(samples, 95)), "p95 < 50 ms"]);
    }
    printTable(
      `Inbox at scale (${harbor.database.kind}): ${counts!.chats.toLocaleString("en")} chats / ${counts!.messages.toLocaleString("en")} messages in one company, ${counts!.all_messages.toLocaleString("en")} messages in all; load ${loadSeconds.toFixed(0)} s`,
      [["measure", "p50", "p95", "aim"], ...rows],
    );
  } finally {
    await harbor.close();
  }
}
