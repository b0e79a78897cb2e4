import type { ChatStatus, InboxLanguageFilter, InboxStatusFilter } from "@harbor/contract/chat";
import { and, asc, eq, sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client";
import { chatAnalyses, companyIntegrations, customReplies, questionCategories } from "../../db/schema/index";
import type { ChatMessageRow } from "./chats.repository";

/** A chat as the inbox list shows it: its row plus the start of its latest visible message. */
export type InboxChatRow = {
  id: string;
  ticket_id: string;
  resolved: boolean;
  status: ChatStatus;
  is_flagged: boolean;
  chat_read: boolean;
  is_ended: boolean;
  created_at: Date | string;
  last_message_at: Date | string;
  customer: Record<string, unknown>;
  summary: string;
  last_message: string | null;
};

export type InboxFilter = {
  status?: InboxStatusFilter;
  /** Chats with an AI analysis entry in this question category. */
  category?: string;
  /** Chats with a message sent by a custom reply of this name (messageData.customReplyID). */
  customReply?: string;
  /** The visitor's language; "other" is any but en, nl and he, or none (as analytics splits them). */
  language?: InboxLanguageFilter;
  /** Chats started on or after this day, or up to and including it, in the company's reporting zone. */
  createdFrom?: string;
  createdTo?: string;
  isUnreadOnly: boolean;
};

/** The company's reporting zone (decision 039), so the inbox's days are the analytics' days. */
const reportingZone = (companyId: string) =>
  sql`coalesce((select setup_options->>'reportingTimeZone' from companies where id = ${companyId}), 'UTC')`;

/**
 * The list preview skips what the chat view does not show either (events, conditions, notes),
 * except a visitor's order action (a cancellation request, a subscription change, an address change), which the chat view shows for staff to act on.
 */
const PREVIEW_TYPES = sql.raw(`('question', 'answer', 'answer_bubbles', 'form', 'agent_reply')`);
const PREVIEW_EVENTS = sql.raw(
  `('ORDER_CANCELLATION_REQUESTED', 'SUBSCRIPTION_CHANGED', 'ORDER_ADDRESS_CHANGED', 'ORDER_ISSUE_REPORTED')`,
);
/** Enough of the latest message for the list's cut; the rest never leaves the database. */
const PREVIEW_CHARS = 200;

const rowColumns = sql`
  c.id, c.ticket_id, c.resolved, c.status, c.is_flagged, c.chat_read, c.completed_at is not null as is_ended,
  c.created_at, c.last_message_at, c.customer, c.summary,
  (select left(m.message, ${sql.raw(String(PREVIEW_CHARS))}) from chat_messages m
    where m.chat_id = c.id and (m.message_type in ${PREVIEW_TYPES} or m.event_type in ${PREVIEW_EVENTS})
    order by m.created_at desc, m.id desc limit 1) as last_message`;

/** A chat's inbox row and the company's unread count, as staff hear of them (`chat-updated`). */
export type InboxRowAndUnreadCount = { row: InboxChatRow; unreadCount: number };

/**
 * findRowAndUnreadCount's answer computed inside the statement that stores a message
 * (appendMessageSteps' RETURNING of the chat's update, decision 064), so telling staff needs no read
 * of its own. `chats` is the updated row; `inserted` the new message, which is the chat's latest
 * (written strictly after every other) and so its preview when it is of a previewed kind; the
 * statement's snapshot holds the chat's other messages and the company's other chats.
 */
export function inboxRowAfterMessage(companyId: string) {
  return sql<InboxRowAndUnreadCount>`json_build_object(
    'row', json_build_object(
      'id', "chats"."id", 'ticket_id', "chats"."ticket_id", 'resolved', "chats"."resolved",
      'status', "chats"."status", 'is_flagged', "chats"."is_flagged", 'chat_read', "chats"."chat_read",
      'is_ended', "chats"."completed_at" is not null, 'created_at', "chats"."created_at",
      'last_message_at', "chats"."last_message_at", 'customer', "chats"."customer", 'summary', "chats"."summary",
      'last_message', coalesce(
        (select left(i.message, ${sql.raw(String(PREVIEW_CHARS))}) from inserted i
          where i.message_type in ${PREVIEW_TYPES} or i.event_type in ${PREVIEW_EVENTS}),
        (select left(m.message, ${sql.raw(String(PREVIEW_CHARS))}) from chat_messages m
          where m.chat_id = "chats"."id" and (m.message_type in ${PREVIEW_TYPES} or m.event_type in ${PREVIEW_EVENTS})
          order by m.created_at desc, m.id desc limit 1))),
    'unreadCount', (select count(*)::int from chats u
      where u.company_id = ${companyId} and u.chat_read = false and u.id <> "chats"."id")
      + (case when "chats"."chat_read" then 0 else 1 end))`;
}

/**
 * The filter's conditions on the chat row. The status conditions are written exactly as the
 * partial indexes' predicates (schema/chats.ts), so PostgreSQL can use those indexes for the
 * page and for the count. Category and custom reply go through chat_tags (see tagScope).
 */
function chatConditions(companyId: string, filter: InboxFilter) {
  const conditions = [sql`c.company_id = ${companyId}`];
  if (filter.status === "open") conditions.push(sql`c.resolved = false`);
  if (filter.status === "resolved") conditions.push(sql`c.resolved = true`);
  if (filter.status === "flagged") conditions.push(sql`c.is_flagged = true`);
  if (filter.status === "handoff") conditions.push(sql`c.status in ('human', 'ticket')`);
  if (filter.isUnreadOnly) conditions.push(sql`c.chat_read = false`);
  if (filter.language === "other") {
    conditions.push(sql`(c.language is null or c.language not in ('en', 'nl', 'he'))`);
  } else if (filter.language) conditions.push(sql`c.language = ${filter.language}`);
  if (filter.createdFrom) {
    conditions.push(
      sql`c.created_at >= (${filter.createdFrom}::date::timestamp at time zone ${reportingZone(companyId)})`,
    );
  }
  if (filter.createdTo) {
    conditions.push(
      sql`c.created_at < ((${filter.createdTo}::date + 1)::timestamp at time zone ${reportingZone(companyId)})`,
    );
  }
  return conditions;
}

/** The chat_tags rows a category or custom-reply filter reads (null: the filter has neither). */
function tagScope(companyId: string, filter: InboxFilter, alias: string) {
  const t = sql.raw(alias);
  if (filter.category !== undefined) {
    const scope = sql`${t}.company_id = ${companyId} and ${t}.kind = 'category' and ${t}.value = ${filter.category}`;
    // Both filters at once (not a menu item, but the API allows it): the reply as a condition.
    return filter.customReply === undefined
      ? scope
      : sql`${scope} and exists (${customReplyTag(companyId, filter.customReply, t)})`;
  }
  if (filter.customReply !== undefined) {
    return sql`${t}.company_id = ${companyId} and ${t}.kind = 'custom-reply' and ${t}.value = (${customReplyId(companyId, filter.customReply)})`;
  }
  return null;
}

/** The id, as text, of the company's custom reply with this name (names are unique per company). */
const customReplyId = (companyId: string, name: string) =>
  sql`select r.id::text from custom_replies r where r.company_id = ${companyId} and r.name = ${name} limit 1`;

const customReplyTag = (companyId: string, name: string, t: ReturnType<typeof sql.raw>) =>
  sql`select 1 from chat_tags r where r.chat_id = ${t}.chat_id and r.kind = 'custom-reply'
      and r.value = (${customReplyId(companyId, name)})`;

/**
 * The ids of one page (or all, for counting) in inbox order, read from an index alone where it
 * can: chats' partial indexes for the menu's statuses, chat_tags for categories and custom replies.
 */
function filteredIds(companyId: string, filter: InboxFilter) {
  const tags = tagScope(companyId, filter, "t");
  const conditions = chatConditions(companyId, filter);
  if (!tags) {
    return {
      from: sql`chats c where ${sql.join(conditions, sql` and `)}`,
      id: sql`c.id`,
      order: sql`c.last_message_at desc, c.id desc`,
    };
  }
  // Only the tag's own index is read unless the chat row has to be checked too.
  const needsChat = conditions.length > 1;
  return {
    from: needsChat
      ? sql`chat_tags t join chats c on c.id = t.chat_id where ${tags} and ${sql.join(conditions, sql` and `)}`
      : sql`chat_tags t where ${tags}`,
    id: sql`t.chat_id`,
    order: sql`t.last_message_at desc, t.chat_id desc`,
  };
}

/** SQL behind the inbox; every statement is scoped by companyId. */
export function createInboxRepository(db: Database) {
  /** One chat's list row, by id or ticket ID. */
  async function findRow(companyId: string, by: { chatId: string } | { ticketId: string }) {
    const match = "chatId" in by ? sql`c.id = ${by.chatId}` : sql`c.ticket_id = ${by.ticketId}`;
    const [row] = await queryRows<InboxChatRow>(
      db,
      sql`select ${rowColumns} from chats c where c.company_id = ${companyId} and ${match}`,
    );
    return row ?? null;
  }

  /** Runs one single-row UPDATE … RETURNING id and answers the changed chat's list row. */
  async function updateAndFind(companyId: string, chatId: string, update: ReturnType<typeof sql>) {
    const [changed] = await queryRows<{ id: string }>(
      db,
      sql`update chats c set ${update} where c.company_id = ${companyId} and c.id = ${chatId} returning c.id`,
    );
    return changed ? findRow(companyId, { chatId }) : null;
  }

  return {
    findRow,

    /** One page in inbox order. Paging happens on ids alone (an index-only scan), then rows are read. */
    async listPage(options: { companyId: string; filter: InboxFilter; offset: number; limit: number }) {
      const ids = filteredIds(options.companyId, options.filter);
      return queryRows<InboxChatRow>(
        db,
        sql`
          select ${rowColumns}
          from (
            select ${ids.id} as id from ${ids.from}
            order by ${ids.order}
            limit ${options.limit} offset ${options.offset}
          ) page
          join chats c on c.id = page.id
          order by c.last_message_at desc, c.id desc`,
      );
    },

    async count(companyId: string, filter: InboxFilter) {
      const ids = filteredIds(companyId, filter);
      const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from ${ids.from}`);
      return row?.count ?? 0;
    },

    /** Unread chats of the whole company, counted on the partial unread index. */
    /**
     * A chat's list row and the workspace's unread count in one statement: every visitor message
     * tells the open dashboards both, so this is the live inbox's hot path.
     */
    async findRowAndUnreadCount(companyId: string, chatId: string) {
      const [found] = await queryRows<InboxChatRow & { unread_count: number }>(
        db,
        sql`select ${rowColumns},
              (select count(*)::int from chats u where u.company_id = ${companyId} and u.chat_read = false) as unread_count
            from chats c where c.company_id = ${companyId} and c.id = ${chatId}`,
      );
      if (!found) return null;
      const { unread_count: unreadCount, ...row } = found;
      return { row: row as InboxChatRow, unreadCount };
    },

    async countUnread(companyId: string) {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from chats c where c.company_id = ${companyId} and c.chat_read = false`,
      );
      return row?.count ?? 0;
    },

    /**
     * Opening a chat: marks it read in one statement and answers its id and whether it was unread
     * (null: no such chat). The self-join reads the row as it was before the update.
     */
    async markRead(companyId: string, by: { chatId: string } | { ticketId: string }) {
      const match = "chatId" in by ? sql`c.id = ${by.chatId}` : sql`c.ticket_id = ${by.ticketId}`;
      const [row] = await queryRows<{ id: string; was_read: boolean }>(
        db,
        sql`update chats c set chat_read = true from chats prior
            where prior.id = c.id and c.company_id = ${companyId} and ${match}
            returning c.id, prior.chat_read as was_read`,
      );
      return row ? { chatId: row.id, wasUnread: !row.was_read } : null;
    },

    /** Only a read chat becomes unread; null when the chat is missing or already unread. */
    async markUnread(companyId: string, chatId: string) {
      const [changed] = await queryRows<{ id: string }>(
        db,
        sql`update chats c set chat_read = false
            where c.company_id = ${companyId} and c.id = ${chatId} and c.chat_read = true returning c.id`,
      );
      return changed ? findRow(companyId, { chatId }) : null;
    },

    setFlag: (companyId: string, chatId: string, isFlagged: boolean) =>
      updateAndFind(companyId, chatId, sql`is_flagged = ${isFlagged}`),

    setResolved: (companyId: string, chatId: string, resolved: boolean) =>
      updateAndFind(companyId, chatId, sql`resolved = ${resolved}`),

    setStatus: (companyId: string, chatId: string, status: ChatStatus) =>
      updateAndFind(companyId, chatId, sql`status = ${status}`),

    /**
     * Moves the chat from one status to another in one statement (take over, hand back); null when
     * the chat is missing or not in `from`, so two staff members racing change it once.
     */
    async switchStatus(companyId: string, chatId: string, change: { from: ChatStatus; to: ChatStatus }) {
      const [changed] = await queryRows<{ id: string }>(
        db,
        sql`update chats c set status = ${change.to}
            where c.company_id = ${companyId} and c.id = ${chatId} and c.status = ${change.from} returning c.id`,
      );
      return changed ? findRow(companyId, { chatId }) : null;
    },

    /**
     * Deletes the chat (messages and analyses go by cascade; token usage keeps with chat_id null)
     * and answers its last list row. The select runs on the statement's snapshot, so it still sees
     * the chat and its latest message.
     */
    async deleteChat(companyId: string, chatId: string) {
      const [row] = await queryRows<InboxChatRow>(
        db,
        sql`
          with gone as (delete from chats where company_id = ${companyId} and id = ${chatId} returning id)
          select ${rowColumns} from chats c join gone on gone.id = c.id`,
      );
      return row ?? null;
    },

    /** The newest `limit` messages, or those before the message `beforeId`, newest first. */
    async messagesWindow(options: { companyId: string; chatId: string; beforeId?: string; limit: number }) {
      const before =
        options.beforeId === undefined
          ? sql``
          : sql`and (m.created_at, m.id) < (
              select b.created_at, b.id from chat_messages b
              where b.id = ${options.beforeId} and b.chat_id = ${options.chatId} and b.company_id = ${options.companyId})`;
      return queryRows<{
        id: string;
        message: string;
        message_type: string;
        sender_role: string;
        event_type: string | null;
        message_data: ChatMessageRow["messageData"];
        references: ChatMessageRow["references"];
        created_at: Date | string;
      }>(
        db,
        sql`
          select m.id, m.message, m.message_type, m.sender_role, m.event_type, m.message_data, m."references", m.created_at
          from chat_messages m
          where m.company_id = ${options.companyId} and m.chat_id = ${options.chatId} ${before}
          order by m.created_at desc, m.id desc
          limit ${options.limit}`,
      );
    },

    async listAnalyses(companyId: string, chatId: string) {
      return db
        .select()
        .from(chatAnalyses)
        .where(and(eq(chatAnalyses.companyId, companyId), eq(chatAnalyses.chatId, chatId)))
        .orderBy(asc(chatAnalyses.createdAt), asc(chatAnalyses.id));
    },

    /**
     * Every category, switched off or not: a category the classifier no longer picks still has
     * the chats it filed, and the menu is the way to them (decision 038).
     */
    async listCategoryTitles(companyId: string) {
      const rows = await db
        .selectDistinct({ title: questionCategories.title })
        .from(questionCategories)
        .where(eq(questionCategories.companyId, companyId))
        .orderBy(asc(questionCategories.title));
      return rows.map((row) => row.title);
    },

    async listCustomReplies(companyId: string) {
      return db
        .select({ id: customReplies.id, name: customReplies.name })
        .from(customReplies)
        .where(eq(customReplies.companyId, companyId))
        .orderBy(asc(customReplies.name), asc(customReplies.id));
    },

    async hasIntegration(companyId: string, app: string) {
      const [row] = await db
        .select({ app: companyIntegrations.app })
        .from(companyIntegrations)
        .where(and(eq(companyIntegrations.companyId, companyId), eq(companyIntegrations.app, app)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
