import { sql } from "drizzle-orm";
import type { Database } from "../../apps/server/src/db/client";
import { queryRows } from "../../apps/server/src/db/client";
import type { ReportWindow } from "../../apps/server/src/modules/analytics/analytics.repository";

/*
 * The answer-latency statement of POST /api/analytics/cost-and-speed as decision 046 wrote it (each
 * answer's questionID checked by a regular expression before its cast), kept only so the analytics
 * benchmark can time it beside today's on the same data (decision 050). Not used by the server.
 */

const windowStart = (window: ReportWindow) =>
  sql`(${window.startDate}::date::timestamp at time zone ${window.timeZone})`;
const windowEnd = (window: ReportWindow) =>
  sql`((${window.endDate}::date + 1)::timestamp at time zone ${window.timeZone})`;

export function answerLatencyBefore(db: Database, window: ReportWindow) {
  const { companyId } = window;
  return queryRows<{ day: string; answers: number; p50_ms: number; p95_ms: number }>(
    db,
    sql`
      with waits as (
        select a.created_at as answered_at,
          extract(epoch from (a.created_at - q.created_at)) * 1000 as wait_ms
        from chats c
        join chat_messages a on a.chat_id = c.id
        join chat_messages q on q.id = case
          when a.message_data->>'questionID' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
          then (a.message_data->>'questionID')::uuid end
        where c.company_id = ${companyId} and c.last_message_at >= ${windowStart(window)}
          and a.company_id = ${companyId} and a.sender_role = 'ai' and a.message_type = 'answer'
          and a.created_at >= ${windowStart(window)} and a.created_at < ${windowEnd(window)}
          and q.company_id = ${companyId} and q.chat_id = a.chat_id and q.created_at <= a.created_at
      )
      select to_char(answered_at at time zone ${window.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as answers,
        round(percentile_cont(0.5) within group (order by wait_ms))::float8 as p50_ms,
        round(percentile_cont(0.95) within group (order by wait_ms))::float8 as p95_ms
      from waits
      group by 1
      order by 1`,
  );
}
