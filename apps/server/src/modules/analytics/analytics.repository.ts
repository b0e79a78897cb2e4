import type { ModelPrice } from "@harbor/contract/analytics";
import { type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";
import { languageCounts, type UnansweredWording } from "./unanswered-groups";

/**
 * A `chat_facts f` row in the class 'silent' of chat_hourly_class, written as chat_facts_silent_idx's
 * predicate so the planner can use that index (Insights' edge hours and Cost and speed's recent days).
 */
const SILENT_FACT = sql`f.last_ai_at is not null and f.status not in ('human', 'ticket') and not f.said_resolved
  and f.rating is null and not f.returned_in_chat and not f.returned_in_new_chat
  and (f.last_customer_at is null or f.last_customer_at < f.last_ai_at)`;

/**
 * A report's days as instants: from the start day's midnight to the midnight after the end day, both
 * read in the company's zone by PostgreSQL, so a day of a daylight-saving change is 23 or 25 hours.
 */
export type ReportWindow = { companyId: string; startDate: string; endDate: string; timeZone: string };

const windowStart = (window: ReportWindow) =>
  sql`(${window.startDate}::date::timestamp at time zone ${window.timeZone})`;
const windowEnd = (window: ReportWindow) =>
  sql`((${window.endDate}::date + 1)::timestamp at time zone ${window.timeZone})`;

/** An instant as ISO 8601 text in UTC, read alike from PGlite and node-postgres. */
const isoOf = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** How long the visitor's silence after the AI's last answer must last before it counts (decision 039). */
const SILENCE_BEFORE_ASSUMED = sql`interval '24 hours'`;

/**
 * One row per conversation with the AI started in [from, to) (a chat the AI answered at least once),
 * with how it ended: handed-off | confirmed | reopened | assumed | open (decision 039). The first that
 * applies wins, so each chat has one outcome. `now` is when "24 hours of silence" is measured to.
 * Each chat's facts are kept by triggers in chat_facts (migration 0019, decision 042), so this reads
 * one row per chat over the (company_id, created_at) index instead of every message.
 */
function classifiedChatsBetween(companyId: string, from: SQL, to: SQL, now: Date, name = "classified"): SQL {
  return sql`
    ${sql.raw(name)} as (
      select f.chat_id as id, f.messages, f.language, f.rating,
        case
          when f.status in ('human', 'ticket') then 'handed-off'
          when f.said_resolved or f.rating >= 3 then 'confirmed'
          when f.returned_in_chat or f.returned_in_new_chat then 'reopened'
          when f.rating is null
            and (f.last_customer_at is null or f.last_customer_at < f.last_ai_at)
            and f.last_ai_at + ${SILENCE_BEFORE_ASSUMED} <= ${now.toISOString()}::timestamptz then 'assumed'
          else 'open'
        end as outcome
      from chat_facts f
      where f.company_id = ${companyId} and f.last_ai_at is not null
        and f.created_at >= ${from} and f.created_at < ${to}
    )`;
}

const classifiedChats = (window: ReportWindow, now: Date) =>
  classifiedChatsBetween(window.companyId, windowStart(window), windowEnd(window), now);

/** An instant truncated to its hour in UTC, whatever the session's zone. */
const utcHourOf = (instant: SQL) => sql`(date_trunc('hour', (${instant}) at time zone 'UTC') at time zone 'UTC')`;

/**
 * The window's outcomes (chats and their messages per outcome) from the hourly rollup (migration
 * 0025, decision 052): chat_hourly for the whole UTC hours inside the window, chat_facts for the
 * partial hours at its edges (a zone's midnight is not always a UTC hour: :30 and :45 offsets).
 * A silent chat's outcome depends on now: its row's silent_hour (the UTC hour of the AI's last
 * answer) says "assumed" when the whole hour is 24 hours past, "open" when none of it is, and the
 * one hour in between is read chat by chat over chat_facts_silent_idx.
 */
function outcomesFromRollup(window: ReportWindow, now: Date): SQL {
  const { companyId } = window;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const start = windowStart(window);
  const end = windowEnd(window);
  // Whole hours [whole_start, whole_end): the first UTC hour beginning at or after the window's
  // start, to the last hour ending at or before its end (empty when the window holds no whole hour).
  const wholeStart = sql`(select whole_start from hours)`;
  const wholeEnd = sql`(select whole_end from hours)`;
  const boundary = sql`(select boundary from hours)`;
  return sql`
    hours as (
      select whole_start, greatest(${utcHourOf(end)}, whole_start) as whole_end,
        -- The hour of silent answers whose 24 hours end within the hour before now.
        ${utcHourOf(sql`${nowAt} - ${SILENCE_BEFORE_ASSUMED}`)} as boundary
      from (select ${utcHourOf(start)} + case when ${utcHourOf(start)} < ${start} then interval '1 hour'
        else interval '0' end as whole_start) s
    ),
    ${classifiedChatsBetween(companyId, start, sql`least(${wholeStart}, ${end})`, now, "head_edge")},
    ${classifiedChatsBetween(companyId, sql`greatest(${wholeEnd}, ${start})`, end, now, "tail_edge")},
    rolled as (
      select case
          when r.class <> 'silent' then r.class
          when r.silent_hour + interval '1 hour' + ${SILENCE_BEFORE_ASSUMED} <= ${nowAt} then 'assumed'
          when r.silent_hour + ${SILENCE_BEFORE_ASSUMED} > ${nowAt} then 'open'
        end as outcome, r.chats, r.messages
      from chat_hourly r
      where r.company_id = ${companyId} and r.hour >= ${wholeStart} and r.hour < ${wholeEnd}
    ),
    boundary_silent as (
      select f.chat_id as id, case when f.last_ai_at + ${SILENCE_BEFORE_ASSUMED} <= ${nowAt} then 'assumed' else 'open' end as outcome,
        f.messages
      from chat_facts f
      where f.company_id = ${companyId} and f.last_ai_at >= ${boundary} and f.last_ai_at < ${boundary} + interval '1 hour'
        and f.created_at >= ${wholeStart} and f.created_at < ${wholeEnd}
        and ${SILENT_FACT}
    ),
    outcomes as (
      select outcome, chats::float8 as chats, messages::float8 as messages from rolled where outcome is not null
      union all select outcome, 1, messages from boundary_silent
      union all select outcome, 1, messages from head_edge
      union all select outcome, 1, messages from tail_edge
    )`;
}
/**
 * The window's categories and custom replies by outcome, read like outcomesFromRollup (whose CTEs
 * it uses): chat_tag_hourly (migration 0026, decision 059) for the whole UTC hours, chat_tags of the
 * edge hours' chats and of the silent boundary hour's chats for the rest.
 */
function tagsFromRollup(window: ReportWindow, now: Date): SQL {
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  return sql`
    tag_rolled as (
      select r.kind, r.value, case
          when r.class <> 'silent' then r.class
          when r.silent_hour + interval '1 hour' + ${SILENCE_BEFORE_ASSUMED} <= ${nowAt} then 'assumed'
          when r.silent_hour + ${SILENCE_BEFORE_ASSUMED} > ${nowAt} then 'open'
        end as outcome, r.chats
      from chat_tag_hourly r
      where r.company_id = ${window.companyId}
        and r.hour >= (select whole_start from hours) and r.hour < (select whole_end from hours)
    ),
    chats_read_one_by_one as (
      select id, outcome from boundary_silent
      union all select id, outcome from head_edge
      union all select id, outcome from tail_edge
    ),
    -- Summed before the two cards read it: a year of a busy shop is tens of thousands of rollup
    -- rows (few chats per hour, tag and class), and the cards need a few hundred.
    tagged as (
      select kind, value, outcome, sum(chats)::float8 as chats
      from (
        select kind, value, outcome, chats from tag_rolled where outcome is not null
        union all
        select t.kind, t.value, k.outcome, 1
        from chats_read_one_by_one k join chat_tags t on t.chat_id = k.id
      ) rows_of_tags
      group by kind, value, outcome
    )`;
}

/** The category and custom-reply cards from `tagged` (the rollup's reading). */
const tagCardsFromRollup = (companyId: string) => sql`
    select 'category', t.value, t.outcome, sum(t.chats)::float8, 0
      from tagged t
      where t.kind = 'category' and t.value <> ''
      group by t.value, t.outcome
    union all
    select 'custom-reply', coalesce(r.name, t.value), '', sum(t.chats)::float8, 0
      from tagged t
      left join custom_replies r on r.company_id = ${companyId} and r.id::text = t.value
      where t.kind = 'custom-reply'
      group by coalesce(r.name, t.value)`;

/**
 * The suggested-questions card from chat_question_hourly (migration 0027, decision 062), read like
 * outcomesFromRollup (whose CTEs it uses): the few portal questions' rows of the window's whole UTC
 * hours by (company, text hash, hour), and chat_question_texts of the edge hours' conversations for
 * the rest. A conversation counts once per text, whatever its outcome, so the silent boundary hour
 * (read chat by chat for the outcomes) is inside the whole hours here and needs nothing of its own.
 */
const questionCardFromRollup = (companyId: string) => sql`
    select 'suggested-question', q.question, '', sum(q.chats)::float8, 0
      from (
        select s.question, r.chats::float8 as chats
          from suggested s
          join chat_question_hourly r on r.company_id = ${companyId}
            and r.text_hash = md5(lower(btrim(s.question)))::uuid
            and r.hour >= (select whole_start from hours) and r.hour < (select whole_end from hours)
        union all
        select s.question, 1
          from suggested s
          join chat_question_texts t on t.text_hash = md5(lower(btrim(s.question)))::uuid
          join (select id from head_edge union all select id from tail_edge) k on k.id = t.chat_id
      ) q
      group by q.question
      having sum(q.chats) > 0`;

/** The suggested-questions card from the visitors' messages of every conversation (decision 042). */
const questionCardFromMessages = (window: ReportWindow) => sql`
    -- Lateral, so each of the few questions is looked up by its hash in the visitors' messages.
    select 'suggested-question', s.question, '', n.chats, 0
      from suggested s
      cross join lateral (
        select count(distinct m.chat_id)::float8 as chats
        from chat_messages m join classified k on k.id = m.chat_id
        where m.company_id = ${window.companyId} and m.sender_role = 'customer' and m.event_type is null
          and md5(lower(btrim(m.message))) = md5(lower(btrim(s.question)))
          and lower(btrim(m.message)) = lower(btrim(s.question))
          -- Implied by the join (a chat's messages come after it began); keeps the index scan to the window.
          and m.created_at >= ${windowStart(window)}
      ) n
      where n.chats > 0`;

/** The category and custom-reply cards from every conversation's chat_tags (decision 042). */
const tagCardsFromFacts = (companyId: string) => sql`
    select 'category', t.value, k.outcome, count(*)::float8, 0
      from chat_tags t join classified k on k.id = t.chat_id
      where t.company_id = ${companyId} and t.kind = 'category' and t.value <> ''
      group by t.value, k.outcome
    union all
    select 'custom-reply', coalesce(r.name, t.value), '', count(*)::float8, 0
      from chat_tags t
      join classified k on k.id = t.chat_id
      left join custom_replies r on r.company_id = ${companyId} and r.id::text = t.value
      where t.company_id = ${companyId} and t.kind = 'custom-reply'
      group by coalesce(r.name, t.value)`;

/** An instant truncated to its day in UTC, whatever the session's zone. */
const utcDayOf = (instant: SQL) => sql`(date_trunc('day', (${instant}) at time zone 'UTC') at time zone 'UTC')`;

/*
 * Insights from the daily rollups (migration 0034, decision 076), in three layers:
 * - the whole UTC days inside the window (the first UTC midnight at or after its start to the last at
 *   or before its end) from chat_daily, chat_tag_daily and chat_question_daily;
 * - the whole UTC hours of the window outside those days (its edge days) from the hourly rollups;
 * - the partial hours at its very edges (a :30 or :45 zone's midnight) chat by chat from chat_facts.
 * Exact for every zone: a 23- or 25-hour day has no case of its own. A silent row (of either layer)
 * counts as assumed; the few silent conversations of the whole hours whose last answer is less than
 * 24 hours old are read over chat_facts_silent_idx and moved from assumed to open (decision 070), so
 * no silent hour is needed and no boundary hour is read.
 */
const dailySpans = {
  wholeHoursStart: sql`(select hs from spans)`,
  wholeHoursEnd: sql`(select he from spans)`,
  firstDay: sql`(select ds from spans)`,
  endDay: sql`(select de from spans)`,
};

/** The hourly rows of the edge days' whole hours: [hs, ds) and [de, he), each empty when it has none. */
const edgeDayHours = (column: SQL) => {
  const { wholeHoursStart, wholeHoursEnd, firstDay, endDay } = dailySpans;
  return {
    head: sql`${column} >= ${wholeHoursStart} and ${column} < least(${firstDay}, ${wholeHoursEnd})`,
    tail: sql`${column} >= greatest(${endDay}, ${wholeHoursStart}) and ${column} < ${wholeHoursEnd}`,
  };
};

/** The daily rows of the whole UTC days [ds, de). */
const wholeDays = (column: SQL) =>
  sql`${column} >= (${dailySpans.firstDay} at time zone 'UTC')::date and ${column} < (${dailySpans.endDay} at time zone 'UTC')::date`;

/** A rollup row's outcome: its class, a silent row assumed (recent_silent takes the exceptions back). */
const ASSUMED_UNLESS_RECENT = sql`case when r.class = 'silent' then 'assumed' else r.class end`;

function outcomesFromDaily(window: ReportWindow, now: Date): SQL {
  const { companyId } = window;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const start = windowStart(window);
  const end = windowEnd(window);
  const { wholeHoursStart, wholeHoursEnd } = dailySpans;
  const hours = edgeDayHours(sql`r.hour`);
  return sql`
    spans as (
      -- Whole hours [hs, he) and whole days [ds, de) (hs ≤ ds, de ≤ he; empty when none: then ds may
      -- lie past he, and edgeDayHours clamps the hourly ranges so no hour is read twice).
      select hs, he, ds, greatest(${utcDayOf(end)}, ds) as de
      from (
        select hs, greatest(${utcHourOf(end)}, hs) as he,
          ${utcDayOf(start)} + case when ${utcDayOf(start)} < ${start} then interval '1 day' else interval '0' end as ds
        from (select ${utcHourOf(start)} + case when ${utcHourOf(start)} < ${start} then interval '1 hour'
          else interval '0' end as hs) h
      ) s
    ),
    ${classifiedChatsBetween(companyId, start, sql`least(${wholeHoursStart}, ${end})`, now, "head_edge")},
    ${classifiedChatsBetween(companyId, sql`greatest(${wholeHoursEnd}, ${start})`, end, now, "tail_edge")},
    -- Silent conversations of the whole hours whose 24 hours have not passed: open, not assumed.
    recent_silent as (
      select f.chat_id as id, f.messages
      from chat_facts f
      where f.company_id = ${companyId} and f.last_ai_at > ${nowAt} - ${SILENCE_BEFORE_ASSUMED}
        and f.created_at >= ${wholeHoursStart} and f.created_at < ${wholeHoursEnd}
        and ${SILENT_FACT}
    ),
    outcomes as (
      select ${ASSUMED_UNLESS_RECENT} as outcome, r.chats::float8 as chats, r.messages::float8 as messages
        from chat_daily r where r.company_id = ${companyId} and ${wholeDays(sql`r.day`)}
      union all select ${ASSUMED_UNLESS_RECENT}, r.chats, r.messages
        from chat_hourly r where r.company_id = ${companyId} and ${hours.head}
      union all select ${ASSUMED_UNLESS_RECENT}, r.chats, r.messages
        from chat_hourly r where r.company_id = ${companyId} and ${hours.tail}
      union all select 'assumed', -1, -messages from recent_silent
      union all select 'open', 1, messages from recent_silent
      union all select outcome, 1, messages from head_edge
      union all select outcome, 1, messages from tail_edge
    )`;
}

/** The categories and custom replies by outcome in three layers, read like outcomesFromDaily (whose CTEs it uses). */
function tagsFromDaily(window: ReportWindow): SQL {
  const { companyId } = window;
  const hours = edgeDayHours(sql`r.hour`);
  return sql`
    tagged as (
      select kind, value, outcome, sum(chats)::float8 as chats
      from (
        select r.kind, r.value, ${ASSUMED_UNLESS_RECENT} as outcome, r.chats
          from chat_tag_daily r where r.company_id = ${companyId} and ${wholeDays(sql`r.day`)}
        union all select r.kind, r.value, ${ASSUMED_UNLESS_RECENT}, r.chats
          from chat_tag_hourly r where r.company_id = ${companyId} and ${hours.head}
        union all select r.kind, r.value, ${ASSUMED_UNLESS_RECENT}, r.chats
          from chat_tag_hourly r where r.company_id = ${companyId} and ${hours.tail}
        union all select t.kind, t.value, 'assumed', -1 from recent_silent k join chat_tags t on t.chat_id = k.id
        union all select t.kind, t.value, 'open', 1 from recent_silent k join chat_tags t on t.chat_id = k.id
        union all select t.kind, t.value, k.outcome, 1
          from (select id, outcome from head_edge union all select id, outcome from tail_edge) k
          join chat_tags t on t.chat_id = k.id
      ) rows_of_tags
      group by kind, value, outcome
      -- A tag's only assumed chats may all be recent ones: no row, as the facts reading has none.
      having sum(chats) <> 0
    )`;
}

/**
 * The suggested-questions card in three layers (outcome plays no part, so no silent chat is read).
 * Each of the few portal questions looks its rows up by (company, text hash, day or hour), a lateral
 * so the planner keeps to the key: joined by hash, PostgreSQL scanned all of chat_question_hourly for
 * the edge hours (0.5 s a year on the benchmark's data).
 */
function questionCardFromDaily(companyId: string): SQL {
  const hours = edgeDayHours(sql`r.hour`);
  const hash = sql`md5(lower(btrim(s.question)))::uuid`;
  return sql`
    select 'suggested-question', q.question, '', sum(q.chats)::float8, 0
      from (
        select s.question, n.chats
          from suggested s
          cross join lateral (
            select r.chats::float8 as chats from chat_question_daily r
            where r.company_id = ${companyId} and r.text_hash = ${hash} and ${wholeDays(sql`r.day`)}
            union all
            select r.chats from chat_question_hourly r
            where r.company_id = ${companyId} and r.text_hash = ${hash} and ${hours.head}
            union all
            select r.chats from chat_question_hourly r
            where r.company_id = ${companyId} and r.text_hash = ${hash} and ${hours.tail}
          ) n
        union all
        select s.question, 1
          from suggested s
          join chat_question_texts t on t.text_hash = ${hash}
          join (select id from head_edge union all select id from tail_edge) k on k.id = t.chat_id
      ) q
      group by q.question
      having sum(q.chats) > 0`;
}

export type InsightRows = {
  totals: {
    conversations: number;
    handed_off: number;
    confirmed: number;
    assumed: number;
    reopened: number;
    average_messages: number;
  };
  /** One row per (card, name): category | deflected | resolved | custom-reply | suggested-question. */
  counts: { card: string; name: string; chats: number }[];
};

type InsightRow = { card: string; name: string; outcome: string; chats: number; messages: number };

const sumOf = (rows: InsightRow[], value: (row: InsightRow) => number) =>
  rows.reduce((sum, row) => sum + value(row), 0);

/** Categories by outcome become the three category cards (decision 039). */
function categoryCards(rows: InsightRow[]): InsightRows["counts"] {
  const cards = new Map<string, number>();
  const add = (card: string, name: string, chats: number) => {
    const key = `${card}\u0000${name}`;
    cards.set(key, (cards.get(key) ?? 0) + chats);
  };
  for (const row of rows) {
    add("category", row.name, row.chats);
    if (row.outcome === "open" || row.outcome === "reopened") add("deflected", row.name, row.chats);
    if (row.outcome === "confirmed" || row.outcome === "assumed") add("resolved", row.name, row.chats);
  }
  return [...cards.entries()].map(([key, chats]) => {
    const [card = "", name = ""] = key.split("\u0000");
    return { card, name, chats };
  });
}

/**
 * Where Insights is read from: "rollup" (the daily rollups for the whole UTC days, the hourly ones for
 * the edge days' hours, chat_facts for the partial hours; decision 076, what Insights serves) or
 * "facts" (every conversation's chat_facts and chat_tags rows and the visitors' messages, decision
 * 042's statement), kept as the oracle the rollups are tested against and as the benchmark's
 * "before". "hourly-rollup" is decision 062's reading (chat_hourly, chat_tag_hourly,
 * chat_question_hourly and the edge hours), "outcome-rollup" decision 052's (the outcomes from
 * chat_hourly, the cards from every conversation) and "tag-rollup" decision 059's (outcomes and tags
 * from their hourly rollups, suggested questions from every visitor message), kept for the
 * benchmark's side-by-side and as a second oracle of the hourly rows.
 */
export type OutcomeSource = "rollup" | "hourly-rollup" | "tag-rollup" | "outcome-rollup" | "facts";

const outcomesFrom = (window: ReportWindow, now: Date, source: OutcomeSource) =>
  source === "facts"
    ? sql`outcomes as (select outcome, 1::float8 as chats, messages::float8 as messages from classified)`
    : source === "rollup"
      ? outcomesFromDaily(window, now)
      : outcomesFromRollup(window, now);

/**
 * The window's outcomes alone, as Insights reads them (chats and messages per outcome): exported
 * for the analytics benchmark, which times the rollup's part of Insights apart from the cards.
 */
export function outcomesStatement(window: ReportWindow, now: Date, source: OutcomeSource = "rollup"): SQL {
  const classified = source === "facts" ? sql`${classifiedChats(window, now)},` : sql``;
  return sql`
    with ${classified} ${outcomesFrom(window, now, source)}
    select outcome, sum(chats)::float8 as chats, sum(messages)::float8 as messages from outcomes group by outcome`;
}

/**
 * The Insights figures in one statement: the outcomes, the average and every card (exported for the
 * analytics benchmark's EXPLAIN and its before/after).
 */
export function insightsStatement(window: ReportWindow, now: Date, source: OutcomeSource = "rollup"): SQL {
  const { companyId } = window;
  const tagsRolledUp = source === "rollup" || source === "hourly-rollup" || source === "tag-rollup";
  const questionsRolledUp = source === "rollup" || source === "hourly-rollup";
  // Read from "facts", the window's chats are read once into `classified` for the cards, each card
  // joining it once, grouped by outcome where a card needs one (the deflected and resolved cards are
  // categories by outcome). Read from "rollup" (or "hourly-rollup"), every part comes from the
  // rollups and the chats of the edges, and `classified` is not read at all.
  const classified = questionsRolledUp ? sql`` : sql`${classifiedChats(window, now)},`;
  const tags = source === "rollup" ? tagsFromDaily(window) : tagsFromRollup(window, now);
  const outcomes = tagsRolledUp
    ? sql`${outcomesFrom(window, now, source)}, ${tags},`
    : sql`${outcomesFrom(window, now, source)},`;
  const questionCard =
    source === "rollup"
      ? questionCardFromDaily(companyId)
      : source === "hourly-rollup"
        ? questionCardFromRollup(companyId)
        : questionCardFromMessages(window);
  return sql`
    with ${classified}
    ${outcomes}
    suggested as (
      select distinct q->>'question' as question
      from widgets w, jsonb_array_elements(coalesce(w.settings->'selfServicePortal'->'suggestedQuestions', '[]')) q
      where w.company_id = ${companyId}
    )
    select 'outcome' as card, '' as name, outcome, sum(chats)::float8 as chats, sum(messages)::float8 as messages
      from outcomes group by outcome
    union all
    ${tagsRolledUp ? tagCardsFromRollup(companyId) : tagCardsFromFacts(companyId)}
    union all
    ${questionCard}`;
}

/**
 * The questions the AI failed on in the window, one row per wording (case and outer spaces aside),
 * most asked first (decision 042): the question an answer declined ("no-match") or handed off
 * ("handoff") with, the last question the AI answered in a chat handed to a person, and every
 * question it answered in a chat rated below 3. Only the chats chat_facts marks as failed are read,
 * over their own index.
 *
 * Each answer finds its question among its own chat's messages by the id as text (decision 069, as
 * decision 050 did for answer waits): a questionID that is no id, or names no message of the chat,
 * matches nothing and can never make a cast fail. "The last question the AI answered" is the last
 * answer that names a message of its chat; only then are the messages that are no visitor question
 * left out, as before (an answer naming a widget event still hides the answer before it). Answers
 * that cannot count (answered, in a chat neither handed over nor rated low) are left out before the
 * join, so the ranking sorts only the answers of handed-over chats and the failures; every answer
 * of a handed-over chat stays, since any of them may be its last.
 *
 * Since decision 071 the call reads chat_question_failures instead (unansweredFromRollup); this
 * statement is the rollup's oracle (the "messages" source).
 */
function unansweredFromMessages(window: ReportWindow, limit: number): SQL {
  const { companyId } = window;
  return sql`
    with failed_chats as (
      select f.chat_id, f.status, f.rating, f.language
      from chat_facts f
      where f.company_id = ${companyId} and f.last_ai_at is not null
        and (f.failed_answers > 0 or f.rating < 3 or f.status in ('human', 'ticket'))
        and f.created_at >= ${windowStart(window)} and f.created_at < ${windowEnd(window)}
    ),
    answers as (
      select a.id, a.chat_id, a.created_at, lower(a.message_data->>'questionID') as question_id,
        coalesce(a.message_data->>'language', fc.language) as language,
        fc.status in ('human', 'ticket') as handed_over,
        case coalesce(a.message_data->>'outcome', 'answered')
          when 'no-match' then 'declined'
          when 'handoff' then 'handed-off'
          when 'answered' then case when fc.rating < 3 then 'rated-low' else 'answered' end
        end as reason
      from failed_chats fc
      join chat_messages a on a.chat_id = fc.chat_id
      where a.company_id = ${companyId} and a.sender_role = 'ai'
    ),
    failed as (
      select q.message, q.created_at as asked_at, q.sender_role, q.event_type, an.language,
        case
          when an.handed_over and an.reason in ('answered', 'rated-low') then
            case
              when row_number() over (partition by an.chat_id order by an.created_at desc, an.id desc) = 1 then 'handed-off'
              when an.reason = 'rated-low' then 'rated-low'
            end
          when an.reason <> 'answered' then an.reason
        end as reason
      from answers an
      join chat_messages q on q.chat_id = an.chat_id and q.id::text = an.question_id
      where q.company_id = ${companyId} and (an.handed_over or an.reason <> 'answered')
    )
    select lower(btrim(message)) as text, min(btrim(message)) as example, count(*)::int as count,
      array_agg(language) as languages,
      count(*) filter (where reason = 'declined')::int as declined,
      count(*) filter (where reason = 'handed-off')::int as handed_off,
      count(*) filter (where reason = 'rated-low')::int as rated_low,
      ${isoOf(sql`max(asked_at)`)} as last_asked_at
    from failed
    where reason is not null and sender_role = 'customer' and event_type is null and btrim(message) <> ''
    group by lower(btrim(message))
    order by count(*) desc, max(asked_at) desc
    limit ${limit}`;
}

/**
 * The same wordings from the rollups of migration 0032 (decision 071): chat_question_failure_days
 * for the window's whole UTC days, chat_question_failures (one row per failed answer) for the
 * partial days at its edges (a zone's midnight is seldom a UTC one). Both are kept by triggers with
 * unansweredFromMessages' meaning; a chat counts by its creation, as there. Summed per wording and
 * language first, so each wording's languages come as counts.
 */
function unansweredFromRollup(window: ReportWindow, limit: number): SQL {
  const { companyId } = window;
  const start = windowStart(window);
  const end = windowEnd(window);
  const utcMidnight = (day: SQL) => sql`(${day}::timestamp at time zone 'UTC')`;
  // Whole UTC days [first_day, last_day): the first UTC midnight at or after the window's start to
  // the last one at or before its end (empty when the window holds no whole UTC day).
  const firstDay = sql`(select first_day from days)`;
  const lastDay = sql`(select last_day from days)`;
  const edgeRows = (from: SQL, to: SQL) => sql`
      select f.text, f.example, f.language, 1 as answers, (f.reason = 'declined')::int as declined,
        (f.reason = 'handed-off')::int as handed_off, (f.reason = 'rated-low')::int as rated_low,
        f.asked_at as last_asked_at
      from chat_question_failures f
      where f.company_id = ${companyId} and f.chat_created_at >= ${from} and f.chat_created_at < ${to}`;
  return sql`
    with days as (
      select first_day, greatest(${sql`(${end} at time zone 'UTC')::date`}, first_day) as last_day
      from (select (${start} at time zone 'UTC')::date
        + case when (${start} at time zone 'UTC')::date::timestamp < (${start} at time zone 'UTC') then 1 else 0 end
        as first_day) s
    ),
    failures as (
      select d.text, d.example, d.language, d.answers, d.declined, d.handed_off, d.rated_low, d.last_asked_at
      from chat_question_failure_days d
      where d.company_id = ${companyId} and d.day >= ${firstDay} and d.day < ${lastDay}
      union all ${edgeRows(start, sql`least(${utcMidnight(firstDay)}, ${end})`)}
      union all ${edgeRows(sql`greatest(${utcMidnight(lastDay)}, ${start})`, end)}
    ),
    per_language as (
      select text, language, min(example) as example, sum(answers) as answers, sum(declined) as declined,
        sum(handed_off) as handed_off, sum(rated_low) as rated_low, max(last_asked_at) as last_asked_at
      from failures
      group by text, language
    )
    select text, min(example) as example, sum(answers)::int as count,
      jsonb_agg(jsonb_build_object('language', language, 'count', answers::int)) as languages,
      sum(declined)::int as declined, sum(handed_off)::int as handed_off, sum(rated_low)::int as rated_low,
      ${isoOf(sql`max(last_asked_at)`)} as last_asked_at
    from per_language
    group by text
    order by sum(answers) desc, max(last_asked_at) desc
    limit ${limit}`;
}

/**
 * Where Unanswered questions is read from: "rollup" (chat_question_failures, decision 071, what the
 * call serves) or "messages" (every answer of the window's failed chats joined to its question,
 * decision 069's statement), kept as the oracle the rollup is tested against and as the benchmark's
 * "before".
 */
export type UnansweredSource = "rollup" | "messages";

/** The unanswered-questions statement of a source (exported for the benchmark's EXPLAIN). */
export function unansweredStatement(window: ReportWindow, limit: number, source: UnansweredSource = "rollup"): SQL {
  return source === "rollup" ? unansweredFromRollup(window, limit) : unansweredFromMessages(window, limit);
}

/**
 * Where Cost and speed is read from: "rollup" (chat_tokens_daily and chat_language_daily for the
 * window's whole UTC days, chat_facts and chat_tokens for the partial days at its edges; answer_wait_days
 * for closed days, decision 070; what the call serves) or "facts" (every conversation's chat_facts row
 * and usage, and every answer of the window: decision 046's statements as decision 050 left them),
 * kept as the oracle the rollups are tested against and as the benchmark's "before".
 */
export type CostSource = "rollup" | "facts";

export type ConversationCostRow = {
  card: "model" | "language";
  name: string;
  input_tokens: number;
  output_tokens: number;
  cost: number | null;
  conversations: number;
  resolutions: number;
  handoffs: number;
  ratings: number;
  rating_sum: number;
};

export type AnswerLatencyRow = { day: string; answers: number; p50_ms: number; p95_ms: number };

const priceRowsOf = (prices: ModelPrice[]) =>
  JSON.stringify(
    prices.map((price) => ({ model: price.model, input: price.inputPerMillion, output: price.outputPerMillion })),
  );

/**
 * Cost per model and quality per language, from the figures `used` (model, input_tokens,
 * output_tokens) and `languages` (language, conversations, resolutions, handoffs, ratings, rating_sum)
 * that the statement before it defines.
 */
const costCards = (prices: ModelPrice[]) => sql`
    prices as (
      select * from jsonb_to_recordset(${priceRowsOf(prices)}::jsonb) as p(model text, input float8, output float8)
    )
    select 'model' as card, used.model as name, used.input_tokens, used.output_tokens,
      (used.input_tokens * p.input + used.output_tokens * p.output) / 1000000.0 as cost,
      0 as conversations, 0 as resolutions, 0 as handoffs, 0 as ratings, 0 as rating_sum
      from used left join prices p on p.model = used.model
    union all
    select 'language', language, 0, 0, null, conversations, resolutions, handoffs, ratings, rating_sum
      from languages`;

/**
 * What the window's conversations (decision 039) cost and how they ended, per visitor language, read
 * from every conversation of the window (decision 046): every token any of them used, whenever spent
 * (a chat's usage is never before it began, so token_usage.day bounds the scan from below), priced by
 * `prices` (USD per million tokens). The rollups' oracle.
 */
export function conversationCostsFromFacts(window: ReportWindow, now: Date, prices: ModelPrice[]): SQL {
  const { companyId } = window;
  return sql`
    with ${classifiedChats(window, now)},
    used as (
      select u.model, sum(u.input_tokens)::float8 as input_tokens, sum(u.output_tokens)::float8 as output_tokens
      from token_usage u join classified k on k.id = u.chat_id
      where u.company_id = ${companyId} and u.day >= ${window.startDate}::date - 1
      group by u.model
    ),
    languages as (
      select case when k.language in ('en', 'nl', 'he') then k.language else 'other' end as language,
        count(*)::int as conversations, count(*) filter (where k.outcome in ('confirmed', 'assumed'))::int as resolutions,
        count(*) filter (where k.outcome = 'handed-off')::int as handoffs,
        count(k.rating)::int as ratings, coalesce(sum(k.rating), 0)::int as rating_sum
      from classified k
      group by 1
    ),
    ${costCards(prices)}`;
}

/**
 * The same figures from the daily rollups (migration 0033, decision 070). The window's whole UTC days
 * (the first UTC midnight at or after its start to the last at or before its end) come from
 * chat_tokens_daily (a conversation's tokens in the day it began, whenever spent) and
 * chat_language_daily (its language, class and rating); the partial days at each edge, at most a day
 * of chats each, from chat_facts and chat_tokens chat by chat. A silent conversation of the whole days
 * is assumed unless its last answer is less than 24 hours old: those few are read over
 * chat_facts_silent_idx and counted as open instead.
 */
export function conversationCostsFromRollup(window: ReportWindow, now: Date, prices: ModelPrice[]): SQL {
  const { companyId } = window;
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const start = windowStart(window);
  const end = windowEnd(window);
  const wholeStart = sql`(select whole_start from days)`;
  const wholeEnd = sql`(select whole_end from days)`;
  const firstDay = sql`((select whole_start from days) at time zone 'UTC')::date`;
  const endDay = sql`((select whole_end from days) at time zone 'UTC')::date`;
  const language = (value: SQL) => sql`case when ${value} in ('en', 'nl', 'he') then ${value} else 'other' end`;
  return sql`
    with days as (
      select whole_start, greatest(${utcDayOf(end)}, whole_start) as whole_end
      from (select ${utcDayOf(start)} + case when ${utcDayOf(start)} < ${start} then interval '1 day'
        else interval '0' end as whole_start) s
    ),
    ${classifiedChatsBetween(companyId, start, sql`least(${wholeStart}, ${end})`, now, "head_edge")},
    ${classifiedChatsBetween(companyId, sql`greatest(${wholeEnd}, ${start})`, end, now, "tail_edge")},
    edges as (select * from head_edge union all select * from tail_edge),
    used as (
      select model, sum(input_tokens)::float8 as input_tokens, sum(output_tokens)::float8 as output_tokens
      from (
        select r.model, r.input_tokens, r.output_tokens
        from chat_tokens_daily r
        where r.company_id = ${companyId} and r.day >= ${firstDay} and r.day < ${endDay}
        union all
        select t.model, t.input_tokens, t.output_tokens from edges k join chat_tokens t on t.chat_id = k.id
      ) tokens
      group by model
    ),
    -- Silent conversations of the whole days whose 24 hours have not passed: open, not assumed.
    recent_silent as (
      select f.language
      from chat_facts f
      where f.company_id = ${companyId} and f.last_ai_at > ${nowAt} - ${SILENCE_BEFORE_ASSUMED}
        and f.created_at >= ${wholeStart} and f.created_at < ${wholeEnd}
        and ${SILENT_FACT}
    ),
    counted as (
      select r.language, r.chats as conversations,
        case when r.class in ('confirmed', 'silent') then r.chats else 0 end as resolutions,
        case when r.class = 'handed-off' then r.chats else 0 end as handoffs, r.ratings, r.rating_sum
      from chat_language_daily r
      where r.company_id = ${companyId} and r.day >= ${firstDay} and r.day < ${endDay}
      union all
      select ${language(sql`k.language`)}, 1, case when k.outcome in ('confirmed', 'assumed') then 1 else 0 end,
        case when k.outcome = 'handed-off' then 1 else 0 end, case when k.rating is null then 0 else 1 end,
        coalesce(k.rating, 0)
      from edges k
      union all
      select ${language(sql`s.language`)}, 0, -1, 0, 0, 0 from recent_silent s
    ),
    languages as (
      select language, sum(conversations)::int as conversations, sum(resolutions)::int as resolutions,
        sum(handoffs)::int as handoffs, sum(ratings)::int as ratings, sum(rating_sum)::int as rating_sum
      from counted
      group by language
      having sum(conversations) > 0
    ),
    ${costCards(prices)}`;
}

/**
 * Every AI answer's wait in [from, to): from the visitor's question (the answer's
 * messageData.questionID) to the answer, per day of the answer in the window's zone, interpolated 50th
 * and 95th percentiles (decision 046). The answers are read over chat_messages_ai_answer_idx, whose
 * predicate is this statement's (migration 0035), so a few days read only those days' answers; each
 * answer's question is found in its own chat over chat_messages_chat_order_idx. Decision 046 went
 * through the chats instead (the inbox's index on last_message_at), which for any range but the
 * latest was nearly every chat and made each chunk of the cache's warming a scan (decisions 077, 080).
 */
const answerWaitsBetween = (window: ReportWindow, from: SQL, to: SQL) => sql`
    waits as (
      select a.created_at as answered_at,
        extract(epoch from (a.created_at - q.created_at)) * 1000 as wait_ms
      from chat_messages a
      -- Compared as text, so an odd questionID simply matches nothing: a regular expression
      -- to guard a cast cost more than the rest of the query together (decision 050).
      join chat_messages q on q.id::text = lower(a.message_data->>'questionID')
      where a.company_id = ${window.companyId} and a.sender_role = 'ai' and a.message_type = 'answer'
        and a.created_at >= ${from} and a.created_at < ${to}
        and q.company_id = ${window.companyId} and q.chat_id = a.chat_id and q.created_at <= a.created_at
    ),
    waited as (
      select to_char(answered_at at time zone ${window.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as answers,
        round(percentile_cont(0.5) within group (order by wait_ms))::float8 as p50_ms,
        round(percentile_cont(0.95) within group (order by wait_ms))::float8 as p95_ms
      from waits
      group by 1
    )`;

/** Answer waits per day from every answer of the window (decision 046), the cache's oracle. */
export function answerLatencyFromAnswers(window: ReportWindow): SQL {
  return answerLatencyBetween(window, windowStart(window));
}

/** Answer waits per day of the answers from `from` (an instant) to the window's end. */
const answerLatencyBetween = (window: ReportWindow, from: SQL) => sql`
    with ${answerWaitsBetween(window, from, windowEnd(window))}
    select day, answers, p50_ms, p95_ms from waited order by day`;

/** A day of the reporting zone is cached once it ended this long before the reading transaction began. */
const CLOSED_AFTER = sql`interval '2 hours'`;

/** The window's days in its zone, each with its instants and what answer_wait_days holds for it, if anything. */
const windowDaysWithCache = (window: ReportWindow) => sql`
    select to_char(d::date, 'YYYY-MM-DD') as day,
      ${isoOf(sql`(d::date::timestamp at time zone ${window.timeZone})`)} as starts_at,
      ${isoOf(sql`((d::date + 1)::timestamp at time zone ${window.timeZone})`)} as ends_at,
      w.day is not null as cached, w.answers, w.p50_ms, w.p95_ms
    from generate_series(${window.startDate}::date, ${window.endDate}::date, interval '1 day') d
    left join answer_wait_days w on w.company_id = ${window.companyId} and w.time_zone = ${window.timeZone}
      and w.day = d::date
    order by d`;

/**
 * Where Token usage is read from: "rollup" (token_usage_hourly, token_chat_hourly and the hours read
 * row by row, decision 062, what the call serves) or "raw" (every usage row of the window), kept as
 * the oracle the rollup is tested against and as the benchmark's "before".
 */
export type TokenSource = "rollup" | "raw";

/** SQL only: every query takes the company and reads only its rows. */
export function createAnalyticsRepository(db: Database) {
  return {
    /**
     * The Insights figures, aggregated in the database. Reads the chats module's tables (chat_facts,
     * chat_tags for categories and custom replies, chat_messages for suggested questions), the AI
     * agent's custom_replies for reply names and the widget's suggested questions, as
     * answer-store.ts reads the knowledge module's documents.
     */
    async insights(window: ReportWindow, now: Date, source: OutcomeSource = "rollup"): Promise<InsightRows> {
      // The statement's estimated cost sits at PostgreSQL's jit_above_cost, and compiling it took
      // longer than running it (0.14 s of 0.34 s for 30 days, 1.2 s of 1.6 s for a year; decision
      // 052), so it runs without JIT. PGlite has no JIT; the setting is accepted and changes nothing.
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return queryRows<InsightRow>(tx, insightsStatement(window, now, source));
      });
      const outcomes = rows.filter((row) => row.card === "outcome");
      const outcome = (name: string) => outcomes.find((row) => row.outcome === name)?.chats ?? 0;
      const conversations = sumOf(outcomes, (row) => row.chats);
      const messages = sumOf(outcomes, (row) => row.messages);
      return {
        totals: {
          conversations,
          handed_off: outcome("handed-off"),
          confirmed: outcome("confirmed"),
          assumed: outcome("assumed"),
          reopened: outcome("reopened"),
          average_messages: conversations > 0 ? Math.round((messages / conversations) * 10) / 10 : 0,
        },
        counts: [
          ...categoryCards(rows.filter((row) => row.card === "category")),
          ...rows
            .filter((row) => row.card === "custom-reply" || row.card === "suggested-question")
            .map(({ card, name, chats }) => ({ card, name, chats })),
        ],
      };
    },

    /**
     * The questions the AI failed on in the window, one row per wording (unansweredStatement), most
     * asked first; `limit` wordings at most.
     */
    async unansweredQuestions(window: ReportWindow, limit: number, source: UnansweredSource = "rollup") {
      // Without JIT, as Insights (decision 052): a year of a busy shop costs the statement past
      // jit_above_cost, and compiling took longer than it saved (decision 069). PGlite has no JIT.
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        // A year's ranking and grouping sort about 100,000 answers with their question's text; at
        // PostgreSQL's default 4 MB they spill to disk (decision 069). PGlite accepts and ignores it.
        await tx.execute(sql`set local work_mem = '16MB'`);
        if (source === "rollup") return queryRows<UnansweredWording>(tx, unansweredStatement(window, limit, source));
        // Decision 069's statement gives each answer's language (array_agg); counted here alike.
        const rows = await queryRows<Omit<UnansweredWording, "languages"> & { languages: (string | null)[] }>(
          tx,
          unansweredStatement(window, limit, source),
        );
        return rows.map((row) => ({ ...row, languages: languageCounts(row.languages) }));
      });
    },

    /** When the company's knowledge last changed (a document added or updated), or null. */
    async knowledgeChangedAt(companyId: string): Promise<string | null> {
      const [row] = await queryRows<{ changed_at: string | null }>(
        db,
        sql`select ${isoOf(sql`max(updated_at)`)} as changed_at from knowledge_documents where company_id = ${companyId}`,
      );
      return row?.changed_at ?? null;
    },

    /**
     * The company's stored verdicts for a knowledge state (decision 080), keyed as the service keys a
     * check: last asked and wording.
     */
    async unansweredVerdicts(companyId: string, knowledgeChangedAt: string) {
      return queryRows<{ last_asked_at: string; question: string; answered: boolean }>(
        db,
        sql`select ${isoOf(sql`last_asked_at`)} as last_asked_at, question, answered
          from unanswered_verdicts
          where company_id = ${companyId} and knowledge_changed_at = ${knowledgeChangedAt}::timestamptz`,
      );
    },

    /** Stores one verdict; a node that checked the same group at the same time keeps the first. */
    async storeUnansweredVerdict(verdict: {
      companyId: string;
      knowledgeChangedAt: string;
      lastAskedAt: string;
      question: string;
      answered: boolean;
    }) {
      await db.execute(sql`
        insert into unanswered_verdicts (company_id, knowledge_changed_at, last_asked_at, question, answered)
        values (${verdict.companyId}, ${verdict.knowledgeChangedAt}::timestamptz, ${verdict.lastAskedAt}::timestamptz,
          ${verdict.question}, ${verdict.answered})
        on conflict (company_id, knowledge_changed_at, last_asked_at, md5(question)) do nothing`);
    },

    /**
     * Companies with chats whose knowledge changed since their verdicts were last warmed (or never
     * warmed), with the change: one statement for every company, each company's last change read
     * from knowledge_documents_list_idx. A company warm for its current knowledge is not returned.
     */
    async companiesWithColdVerdicts(): Promise<{ companyId: string; changedAt: string }[]> {
      const rows = await queryRows<{ id: string; changed_at: string }>(
        db,
        sql`
          select c.id, ${isoOf(sql`k.changed_at`)} as changed_at
          from companies c
          cross join lateral (
            select max(d.updated_at) as changed_at from knowledge_documents d where d.company_id = c.id
          ) k
          left join unanswered_verdict_warmings w on w.company_id = c.id
          where k.changed_at is not null
            and w.knowledge_changed_at is distinct from k.changed_at
            and exists (select 1 from chats ch where ch.company_id = c.id)
          order by c.id`,
      );
      return rows.map((row) => ({ companyId: row.id, changedAt: row.changed_at }));
    },

    /**
     * Records that the company's verdicts are warm for this knowledge state, and drops the verdicts of
     * other states, which no call reads again (the service keys a check by the current state).
     */
    async markVerdictsWarmed(companyId: string, knowledgeChangedAt: string) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into unanswered_verdict_warmings (company_id, knowledge_changed_at)
          values (${companyId}, ${knowledgeChangedAt}::timestamptz)
          on conflict (company_id) do update
            set knowledge_changed_at = excluded.knowledge_changed_at, warmed_at = now()`);
        // Every other state, not only earlier ones: deleting the newest document moves the state back.
        await tx.execute(sql`
          delete from unanswered_verdicts
          where company_id = ${companyId} and knowledge_changed_at <> ${knowledgeChangedAt}::timestamptz`);
      });
    },

    /** The knowledge state the company's verdicts were last warmed for, or null (tests, benchmark). */
    async verdictsWarmedFor(companyId: string): Promise<string | null> {
      const [row] = await queryRows<{ changed_at: string }>(
        db,
        sql`select ${isoOf(sql`knowledge_changed_at`)} as changed_at from unanswered_verdict_warmings
          where company_id = ${companyId}`,
      );
      return row?.changed_at ?? null;
    },

    /** Which of these documents changed after `since`. */
    async documentsChangedSince(companyId: string, documentIds: string[], since: string) {
      if (documentIds.length === 0) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from knowledge_documents
          where company_id = ${companyId} and updated_at > ${since}::timestamptz
            and id::text in (${sql.join(
              documentIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      return rows.map((row) => row.id);
    },

    /**
     * Each knowledge source with the documents the AI cited (knowledge_documents.times_used, which
     * the answer store counts up; it holds no dates, so the figures are since the document came).
     */
    async sources(companyId: string) {
      return queryRows<{
        id: string;
        source_type: string;
        name: string;
        document_count: number;
        documents: { title: string; timesUsed: number; url: string | null; referenceID: string }[];
      }>(
        db,
        sql`
          select s.id, s.source_type, s.name, s.document_count,
            coalesce(
              jsonb_agg(jsonb_build_object('title', d.title, 'timesUsed', d.times_used, 'url', d.url,
                'referenceID', d.reference_id) order by d.times_used desc, d.title, d.id)
                filter (where d.id is not null),
              '[]'::jsonb) as documents
          from knowledge_sources s
          left join knowledge_documents d
            on d.source_id = s.id and d.company_id = ${companyId} and d.times_used > 0
          where s.company_id = ${companyId}
          group by s.id
          order by s.created_at, s.name, s.id`,
      );
    },

    /**
     * Tokens per model and day of the company's zone. Read from "rollup" (what Token usage serves):
     * token_usage_hourly (migration 0028, decision 062) for every UTC hour of the window that lies
     * within one day of the zone, and token_usage row by row for the hours holding one of the zone's
     * midnights (a :30 or :45 zone's, and the window's own edges), over (company_id, created_at).
     * Read from "raw": every usage row of the window, the rollup's oracle in the tests.
     */
    async tokensByModelAndDay(window: ReportWindow, source: TokenSource = "rollup") {
      type Row = { day: string; model: string; input_tokens: number; output_tokens: number };
      if (source === "raw") {
        return queryRows<Row>(
          db,
          sql`
            select to_char(created_at at time zone ${window.timeZone}, 'YYYY-MM-DD') as day, model,
              sum(input_tokens)::float8 as input_tokens, sum(output_tokens)::float8 as output_tokens
            from token_usage
            where company_id = ${window.companyId}
              and day between ${window.startDate}::date - 1 and ${window.endDate}::date + 1
              and created_at >= ${windowStart(window)} and created_at < ${windowEnd(window)}
            group by 1, model
            order by 1, model`,
        );
      }
      const start = windowStart(window);
      const end = windowEnd(window);
      const dayOf = (instant: SQL) => sql`to_char(${instant} at time zone ${window.timeZone}, 'YYYY-MM-DD')`;
      return queryRows<Row>(
        db,
        sql`
          with split as (
            -- The UTC hours a midnight of the zone falls inside (not on their start), the window's
            -- first and last midnights included: they hold parts of two days, or of the window and
            -- outside it.
            select distinct ${utcHourOf(sql`m.at`)} as hour
            from (
              select (d::date::timestamp at time zone ${window.timeZone}) as at
              from generate_series(${window.startDate}::date, ${window.endDate}::date + 1, interval '1 day') d
            ) m
            where ${utcHourOf(sql`m.at`)} < m.at
          ),
          usage as (
            select ${dayOf(sql`r.hour`)} as day, r.model, r.input_tokens, r.output_tokens, r.usages
            from token_usage_hourly r
            where r.company_id = ${window.companyId} and r.hour >= ${start} and r.hour + interval '1 hour' <= ${end}
              and r.hour not in (select hour from split)
            union all
            select ${dayOf(sql`u.created_at`)}, u.model, u.input_tokens, u.output_tokens, 1
            from split s
            join token_usage u on u.company_id = ${window.companyId}
              and u.created_at >= s.hour and u.created_at < s.hour + interval '1 hour'
            where u.created_at >= ${start} and u.created_at < ${end}
          )
          select day, model, sum(input_tokens)::float8 as input_tokens, sum(output_tokens)::float8 as output_tokens
          from usage
          group by day, model
          having sum(usages) > 0
          order by day, model`,
      );
    },

    /**
     * Chats with usage per model in the window, and the tokens spent in them. Read from "rollup"
     * (what Token usage serves), a window's whole UTC hours come from token_usage_hourly (the tokens)
     * and token_chat_hourly (the chats: an hour's rows count the chats whose previous hour with the
     * model lies before the whole hours, so a chat is counted once however many hours it used), and
     * the partial hours at each edge from token_usage row by row, each edge chat counted only when
     * the whole hours (and, for the last edge, the first) did not count it already. "raw" reads
     * every usage row of the window (the tests' oracle).
     */
    async tokensPerConversation(window: ReportWindow, source: TokenSource = "rollup") {
      type Row = { model: string; chats: number; tokens: number };
      if (source === "raw") {
        return queryRows<Row>(
          db,
          sql`
            select model, count(distinct chat_id)::int as chats, sum(input_tokens + output_tokens)::float8 as tokens
            from token_usage
            where company_id = ${window.companyId} and chat_id is not null
              and day between ${window.startDate}::date - 1 and ${window.endDate}::date + 1
              and created_at >= ${windowStart(window)} and created_at < ${windowEnd(window)}
            group by model
            order by model`,
        );
      }
      const { companyId } = window;
      const start = windowStart(window);
      const end = windowEnd(window);
      const wholeStart = sql`(select whole_start from hours)`;
      const wholeEnd = sql`(select whole_end from hours)`;
      const usedInWholeHours = (edge: "hc" | "tc") => sql`exists (
        select 1 from token_chat_hours w
        where w.chat_id = ${sql.raw(edge)}.chat_id and w.model = ${sql.raw(edge)}.model
          and w.hour >= ${wholeStart} and w.hour < ${wholeEnd})`;
      return queryRows<Row>(
        db,
        sql`
          with hours as (
            select whole_start, greatest(${utcHourOf(end)}, whole_start) as whole_end
            from (select ${utcHourOf(start)} + case when ${utcHourOf(start)} < ${start} then interval '1 hour'
              else interval '0' end as whole_start) s
          ),
          head_rows as (
            select u.chat_id, u.model, u.input_tokens + u.output_tokens as tokens
            from token_usage u
            where u.company_id = ${companyId} and u.chat_id is not null
              and u.created_at >= ${start} and u.created_at < least(${wholeStart}, ${end})
          ),
          tail_rows as (
            select u.chat_id, u.model, u.input_tokens + u.output_tokens as tokens
            from token_usage u
            where u.company_id = ${companyId} and u.chat_id is not null
              and u.created_at >= greatest(${wholeEnd}, ${start}) and u.created_at < ${end}
          ),
          head_chats as (select distinct chat_id, model from head_rows),
          tail_chats as (select distinct chat_id, model from tail_rows),
          counted as (
            select r.model, r.chats::float8 as chats, 0::float8 as tokens
            from token_chat_hourly r
            where r.company_id = ${companyId} and r.hour >= ${wholeStart} and r.hour < ${wholeEnd}
              and (r.previous_hour is null or r.previous_hour < ${wholeStart})
            union all
            select r.model, 0, r.chat_tokens::float8
            from token_usage_hourly r
            where r.company_id = ${companyId} and r.hour >= ${wholeStart} and r.hour < ${wholeEnd}
            union all
            select model, 0, tokens from head_rows
            union all
            select model, 0, tokens from tail_rows
            union all
            select hc.model, 1, 0 from head_chats hc where not ${usedInWholeHours("hc")}
            union all
            select tc.model, 1, 0 from tail_chats tc
            where not ${usedInWholeHours("tc")}
              and not exists (select 1 from head_chats hc where hc.chat_id = tc.chat_id and hc.model = tc.model)
          )
          select model, sum(chats)::int as chats, sum(tokens)::float8 as tokens
          from counted
          group by model
          having sum(chats) > 0
          order by model`,
      );
    },

    /**
     * What the window's conversations (decision 039) cost and how they ended, per visitor language:
     * every token any of them used, whenever spent, priced by `prices` (USD per million tokens). Read
     * from the daily rollups and the edge days' chats ("rollup", what the call serves) or from every
     * conversation of the window ("facts", the oracle); see conversationCostsFromRollup.
     */
    async conversationCosts(window: ReportWindow, now: Date, prices: ModelPrice[], source: CostSource = "rollup") {
      const statement =
        source === "rollup"
          ? conversationCostsFromRollup(window, now, prices)
          : conversationCostsFromFacts(window, now, prices);
      return queryRows<ConversationCostRow>(db, statement);
    },

    /**
     * How long visitors waited for each AI answer given in the window, per day of the answer in the
     * company's zone, interpolated 50th and 95th percentiles in milliseconds. Read through the cache of
     * closed days ("rollup", answerLatencyThroughCache, which stores the days it computes) or from every
     * answer of the window ("facts", the oracle).
     */
    async answerLatencyByDay(window: ReportWindow, source: CostSource = "rollup") {
      if (source === "facts") return queryRows<AnswerLatencyRow>(db, answerLatencyFromAnswers(window));
      // The shared lock orders this with a change to old messages (answer_wait_days_forget takes it
      // exclusively): taken before the statement, so the statement's snapshot sees any change that
      // committed first, and a change that comes after drops what this stored. Without JIT, as
      // Insights: computing a year of uncached days costs past jit_above_cost (decision 052).
      // Read in two statements, so the answers' statement gets the first uncached day as a constant:
      // given it as a subquery, PostgreSQL planned for any instant and read every answer (decision 070).
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        await tx.execute(
          sql`select pg_advisory_xact_lock_shared(hashtext('harbor:answer-wait-days:' || ${window.companyId}::text))`,
        );
        type Day = AnswerLatencyRow & { starts_at: string; ends_at: string; cached: boolean };
        const days = await queryRows<Day>(tx, windowDaysWithCache(window));
        const firstMissing = days.find((day) => !day.cached);
        if (!firstMissing)
          return days
            .filter((day) => day.answers > 0)
            .map(({ day, answers, p50_ms, p95_ms }) => ({ day, answers, p50_ms, p95_ms }));
        const live = new Map(
          (
            await queryRows<AnswerLatencyRow>(
              tx,
              answerLatencyBetween(window, sql`${firstMissing.starts_at}::timestamptz`),
            )
          ).map((row) => [row.day, row]),
        );
        const computed = days
          .filter((day) => !day.cached && day.starts_at >= firstMissing.starts_at)
          .map((day) => ({
            day: day.day,
            ends_at: day.ends_at,
            answers: 0,
            p50_ms: null,
            p95_ms: null,
            ...live.get(day.day),
          }));
        // The closed days, empty ones too, so a year reads them and only the days since live.
        await tx.execute(sql`
          insert into answer_wait_days (company_id, time_zone, day, ends_at, answers, p50_ms, p95_ms)
          select ${window.companyId}, ${window.timeZone}, r.day, r.ends_at, r.answers, r.p50_ms, r.p95_ms
          from jsonb_to_recordset(${JSON.stringify(computed)}::jsonb)
            as r(day date, ends_at timestamptz, answers int, p50_ms float8, p95_ms float8)
          where r.ends_at <= now() - ${CLOSED_AFTER}
          on conflict do nothing`);
        const byDay = new Map(computed.map((row) => [row.day, row]));
        return days
          .map((day) => (day.cached ? day : byDay.get(day.day)))
          .filter((row): row is NonNullable<typeof row> => row !== undefined && row.answers > 0)
          .map(({ day, answers, p50_ms, p95_ms }) => ({
            day,
            answers,
            p50_ms: p50_ms as number,
            p95_ms: p95_ms as number,
          }));
      });
    },

    /**
     * The days from `startDate` to `endDate` of the zone that answer_wait_days should hold and does
     * not: closed ones (ended CLOSED_AFTER ago, as the read stores them), oldest first.
     */
    async coldAnswerWaitDays(companyId: string, timeZone: string, startDate: string, endDate: string) {
      const rows = await queryRows<{ day: string }>(
        db,
        sql`
          select to_char(d::date, 'YYYY-MM-DD') as day
          from generate_series(${startDate}::date, ${endDate}::date, interval '1 day') d
          left join answer_wait_days w on w.company_id = ${companyId} and w.time_zone = ${timeZone} and w.day = d::date
          where w.day is null and ((d::date + 1)::timestamp at time zone ${timeZone}) <= now() - ${CLOSED_AFTER}
          order by d`,
      );
      return rows.map((row) => row.day);
    },

    /** Companies with at least one chat: the ones whose reports have something to warm. */
    async companiesWithChats(): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select c.id from companies c where exists (select 1 from chats ch where ch.company_id = c.id) order by c.id`,
      );
      return rows.map((row) => row.id);
    },

    /** The admin's own prices (companies.setup_options.modelPrices, decision 046). */
    async customModelPrices(companyId: string): Promise<ModelPrice[]> {
      const rows = await queryRows<{ model: string; input: number; output: number }>(
        db,
        sql`
          select p.key as model, (p.value->>'input')::float8 as input, (p.value->>'output')::float8 as output
          from companies c, jsonb_each(coalesce(c.setup_options->'modelPrices', '{}'::jsonb)) p
          where c.id = ${companyId}
          order by p.key`,
      );
      return rows.map((row) => ({ model: row.model, inputPerMillion: row.input, outputPerMillion: row.output }));
    },

    /** One statement, so two admins pricing two models at once both keep theirs. */
    async setModelPrice(companyId: string, price: ModelPrice) {
      const value = JSON.stringify({ input: price.inputPerMillion, output: price.outputPerMillion });
      await db.execute(sql`
        update companies
        set setup_options = coalesce(setup_options, '{}'::jsonb) || jsonb_build_object('modelPrices',
          coalesce(setup_options->'modelPrices', '{}'::jsonb) || jsonb_build_object(${price.model}::text, ${value}::jsonb))
        where id = ${companyId}`);
    },

    async removeModelPrice(companyId: string, model: string) {
      await db.execute(sql`
        update companies
        set setup_options = setup_options || jsonb_build_object('modelPrices', (setup_options->'modelPrices') - ${model}::text)
        where id = ${companyId} and setup_options->'modelPrices' ? ${model}::text`);
    },

    /** The models the company's usage names (in the last 400 days, over token_usage's day index). */
    async usedModels(companyId: string, today: string) {
      const rows = await queryRows<{ model: string }>(
        db,
        sql`select distinct model from token_usage
          where company_id = ${companyId} and day >= ${today}::date - 400 order by model`,
      );
      return rows.map((row) => row.model);
    },

    /**
     * The company's reporting zone, kept in companies.setup_options (the company's jsonb of options;
     * decision 039) so no migration is needed; null when never chosen.
     */
    async reportingTimeZone(companyId: string): Promise<string | null> {
      const [row] = await queryRows<{ zone: string | null }>(
        db,
        sql`select setup_options->>'reportingTimeZone' as zone from companies where id = ${companyId}`,
      );
      return row?.zone ?? null;
    },

    async setReportingTimeZone(companyId: string, timeZone: string) {
      await db.execute(sql`
        update companies
        set setup_options = coalesce(setup_options, '{}'::jsonb) || jsonb_build_object('reportingTimeZone', ${timeZone}::text)
        where id = ${companyId}`);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
