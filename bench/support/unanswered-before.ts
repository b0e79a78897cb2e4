import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../apps/server/src/db/client";
import { queryRows } from "../../apps/server/src/db/client";
import type { ReportWindow } from "../../apps/server/src/modules/analytics/analytics.repository";
import type { UnansweredWording } from "../../apps/server/src/modules/analytics/unanswered-groups";

/*
 * The unanswered-questions statement as decision 042 wrote it (each AI answer's questionID checked
 * by a regular expression, then cast to a uuid and joined to its question by the primary key), kept
 * only so the analytics benchmark can time it beside today's on the same data (decision 069). Not
 * used by the server.
 */

const windowStart = (window: ReportWindow) =>
  sql`(${window.startDate}::date::timestamp at time zone ${window.timeZone})`;
const windowEnd = (window: ReportWindow) =>
  sql`((${window.endDate}::date + 1)::timestamp at time zone ${window.timeZone})`;
const isoOf = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function unansweredStatementBefore(window: ReportWindow, limit: number) {
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
      select a.message_data->>'questionID' as question_id,
        coalesce(a.message_data->>'outcome', 'answered') as outcome,
        coalesce(a.message_data->>'language', fc.language) as language, fc.status, fc.rating,
        row_number() over (partition by a.chat_id order by a.created_at desc, a.id desc) as from_last
      from failed_chats fc
      join chat_messages a on a.chat_id = fc.chat_id
      where a.company_id = ${companyId} and a.sender_role = 'ai'
        and a.message_data->>'questionID' ~ '^[0-9a-fA-F-]{36}$'
    ),
    failed as (
      select question_id::uuid as question_id, language,
        case
          when outcome = 'no-match' then 'declined'
          when outcome = 'handoff' then 'handed-off'
          when status in ('human', 'ticket') and from_last = 1 and outcome = 'answered' then 'handed-off'
          when rating < 3 and outcome = 'answered' then 'rated-low'
        end as reason
      from answers
    )
    select lower(btrim(q.message)) as text, min(btrim(q.message)) as example, count(*)::int as count,
      array_agg(f.language) as languages,
      count(*) filter (where f.reason = 'declined')::int as declined,
      count(*) filter (where f.reason = 'handed-off')::int as handed_off,
      count(*) filter (where f.reason = 'rated-low')::int as rated_low,
      ${isoOf(sql`max(q.created_at)`)} as last_asked_at
    from failed f
    join chat_messages q on q.id = f.question_id
    where f.reason is not null and q.company_id = ${companyId} and q.sender_role = 'customer'
      and q.event_type is null and btrim(q.message) <> ''
    group by lower(btrim(q.message))
    order by count(*) desc, max(q.created_at) desc
    limit ${limit}`;
}

export function unansweredQuestionsBefore(db: Database, window: ReportWindow, limit: number) {
  // Each answer's language, as array_agg gives them (the bench counts them per language to compare).
  return queryRows<Omit<UnansweredWording, "languages"> & { languages: (string | null)[] }>(
    db,
    unansweredStatementBefore(window, limit),
  );
}
