import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../apps/server/src/db/client";
import { queryRows } from "../../apps/server/src/db/client";
import type { ReportWindow } from "../../apps/server/src/modules/analytics/analytics.repository";

/*
 * The Insights statement as it was before chat_facts (decision 039's version, read from every
 * message of every chat in the range), kept only so the analytics benchmark can time it beside
 * today's on the same data (decision 042). Not used by the server.
 */

const windowStart = (window: ReportWindow) =>
  sql`(${window.startDate}::date::timestamp at time zone ${window.timeZone})`;
const windowEnd = (window: ReportWindow) =>
  sql`((${window.endDate}::date + 1)::timestamp at time zone ${window.timeZone})`;

/** How long the visitor's silence after the AI's last answer must last before it counts (decision 039). */
const SILENCE_BEFORE_ASSUMED = sql`interval '24 hours'`;
/** How long after the AI's last answer a visitor's return withdraws the assumed resolution. */
const REOPEN_WINDOW = sql`interval '7 days'`;

/**
 * One row per conversation with the AI started in the window (a chat the AI answered at least once),
 * with how it ended: handed-off | confirmed | reopened | assumed | open (decision 039). The first that
 * applies wins, so each chat has one outcome. `now` is when "24 hours of silence" is measured to.
 */
function classifiedChats(window: ReportWindow, now: Date): SQL {
  const { companyId } = window;
  return sql`
    window_chats as (
      select c.id, c.visitor_id, c.status, c.rating
      from chats c
      where c.company_id = ${companyId}
        and c.created_at >= ${windowStart(window)} and c.created_at < ${windowEnd(window)}
        -- Implied by the line above (a chat's last message is never before it began), and lets the
        -- inbox's (company_id, last_message_at) index skip the chats that went quiet before the window.
        and c.last_message_at >= ${windowStart(window)}
    ),
    chat_facts as (
      select w.id, w.visitor_id, w.status, w.rating, f.last_ai_at, f.last_customer_at, f.messages,
        f.has_said_resolved, f.has_returned_in_chat,
        (select min(o.created_at) from chats o
          where o.company_id = ${companyId} and o.visitor_id = w.visitor_id and o.id <> w.id
            and o.created_at > f.last_ai_at) as next_chat_at
      from window_chats w
      cross join lateral (
        select
          max(t.created_at) filter (where t.sender_role = 'ai') as last_ai_at,
          max(t.created_at) filter (where t.sender_role = 'customer') as last_customer_at,
          count(*) filter (where t.event_type is null and t.sender_role in ('customer', 'ai', 'agent')) as messages,
          coalesce(bool_or(t.event_type = 'IS_RESOLVED'), false) as has_said_resolved,
          -- The visitor wrote again in this chat after an AI answer they had left for long enough to
          -- have been assumed resolved (the AI's answer came after their previous message).
          coalesce(bool_or(t.sender_role = 'customer' and t.event_type is null
            and t.previous_ai_at > coalesce(t.previous_visitor_at, '-infinity')
            and t.created_at - t.previous_ai_at >= ${SILENCE_BEFORE_ASSUMED}
            and t.created_at - t.previous_ai_at <= ${REOPEN_WINDOW}), false) as has_returned_in_chat
        from (
          select m.sender_role, m.event_type, m.created_at,
            max(m.created_at) filter (where m.sender_role = 'ai') over earlier as previous_ai_at,
            max(m.created_at) filter (where m.sender_role = 'customer' and m.event_type is null)
              over earlier as previous_visitor_at
          from chat_messages m
          where m.chat_id = w.id
          window earlier as (order by m.created_at, m.id rows between unbounded preceding and 1 preceding)
        ) t
      ) f
      where f.last_ai_at is not null
    ),
    classified as (
      select id, messages,
        case
          when status in ('human', 'ticket') then 'handed-off'
          when has_said_resolved or rating >= 3 then 'confirmed'
          when has_returned_in_chat or next_chat_at <= last_ai_at + ${REOPEN_WINDOW} then 'reopened'
          when rating is null
            and (last_customer_at is null or last_customer_at < last_ai_at)
            and last_ai_at + ${SILENCE_BEFORE_ASSUMED} <= ${now.toISOString()}::timestamptz then 'assumed'
          else 'open'
        end as outcome
      from chat_facts
    )`;
}

export async function insightsBefore(db: Database, window: ReportWindow, now: Date) {
  const { companyId } = window;
  // One statement: the outcomes, the average and every card from one reading of the window.
  const rows = await queryRows<{ card: string; name: string; chats: number }>(
    db,
    sql`
      with ${classifiedChats(window, now)},
      chat_categories as (
        select distinct a.chat_id, a.question_category as name
        from chat_analyses a join classified k on k.id = a.chat_id
        where a.company_id = ${companyId} and a.question_category is not null and a.question_category <> ''
      ),
      chat_replies as (
        select distinct m.chat_id, m.message_data->>'customReplyID' as reply_id
        from chat_messages m join classified k on k.id = m.chat_id
        where m.company_id = ${companyId} and m.message_data->>'customReplyID' is not null
      ),
      suggested as (
        select distinct q->>'question' as question
        from widgets w, jsonb_array_elements(coalesce(w.settings->'selfServicePortal'->'suggestedQuestions', '[]')) q
        where w.company_id = ${companyId}
      ),
      chat_suggested as (
        select distinct m.chat_id, s.question as name
        from chat_messages m
        join classified k on k.id = m.chat_id
        join suggested s on lower(btrim(s.question)) = lower(btrim(m.message))
        where m.company_id = ${companyId} and m.sender_role = 'customer' and m.event_type is null
      )
      select 'outcome' as card, outcome as name, count(*)::float8 as chats from classified group by outcome
      union all
      select 'average-messages', '', coalesce(round(avg(messages), 1), 0)::float8 from classified
      union all
      select 'category', name, count(*)::int from chat_categories group by name
      union all
      select 'deflected', cc.name, count(*)::int
        from chat_categories cc join classified k on k.id = cc.chat_id
        where k.outcome in ('open', 'reopened') group by cc.name
      union all
      select 'resolved', cc.name, count(*)::int
        from chat_categories cc join classified k on k.id = cc.chat_id
        where k.outcome in ('confirmed', 'assumed') group by cc.name
      union all
      select 'custom-reply', coalesce(r.name, cr.reply_id), count(*)::int
        from chat_replies cr
        left join custom_replies r on r.company_id = ${companyId} and r.id::text = cr.reply_id
        group by coalesce(r.name, cr.reply_id)
      union all
      select 'suggested-question', name, count(*)::int from chat_suggested group by name`,
  );
  return rows;
}
