import type { HandoffTicket } from "@harbor/contract/message-data";
import type { FastifyBaseLogger } from "fastify";
import type { StoredWidgetSettings } from "../../db/schema/widgets";
import { createGorgiasClient } from "../../integrations/gorgias/gorgias.client";
import {
  gorgiasHandoffTicket,
  type HandoffInput,
  type HandoffLine,
  zendeskHandoffTicket,
} from "../../integrations/handoff-ticket";
import { IntegrationError } from "../../integrations/integration-error";
import { createZendeskClient, type ZendeskTicketStatus } from "../../integrations/zendesk/zendesk.client";
import type { Job, JobRunner } from "../../platform/jobs/job-runner";
import type { ChatMessageRow, ChatRow, ChatsRepository } from "../chats/chats.module";
import type { IntegrationsRepository } from "../integrations/integrations.module";
import type {
  HandoffApp,
  HandoffTicketRow,
  HandoffTicketsRepository,
  HandoffTrigger,
} from "./handoff-tickets.repository";
import type { VisitorChatChanges } from "./visitor-chat-changes";

/** The job that files a handed-off chat in a help desk, off the visitor's request. */
export const HANDOFF_TICKET_JOB = "visitor.handoff-ticket";
/** Tries in all: a help desk limiting us or down for a minute or two still gets the ticket. */
const MAX_ATTEMPTS = 4;
/** A help desk that does not answer in this long is tried again later (the job's retry). */
const VENDOR_TIMEOUT_MS = 20_000;
/** A claim without a job this long after it was made lost its job (the process died in between). */
const LOST_CLAIM_AFTER_MS = 60_000;

const APP_NAMES: Record<HandoffApp, string> = { zendesk: "Zendesk", gorgias: "Gorgias" };
/** What of a chat goes into a ticket: what was said, not events or staff notes. */
const TRANSCRIPT_TYPES = new Set(["question", "answer", "answer_bubbles", "agent_reply", "form"]);

type Handoff = StoredWidgetSettings["handoff"];

/**
 * Which help desk a handoff goes to, by the widget's handoff settings (spec part 2 §3, §4): the
 * ticket form to Zendesk when that is the ticket app; asking for a person to Zendesk (also in its
 * classic widget, which gets the chat history) or Gorgias when that is the agent app. Zendesk's
 * ticket gets the chat-history ticket status.
 */
export function helpDeskFor(
  handoff: Handoff,
  trigger: HandoffTrigger,
): { app: HandoffApp; ticketStatus: string | null } | null {
  const { ticket, agent } = handoff.channels;
  const chatHistory = handoff.ticketStatus.chatHistory ?? null;
  if (trigger === "ticket") {
    return ticket.isActive && ticket.appType === "zendesk" ? { app: "zendesk", ticketStatus: chatHistory } : null;
  }
  if (!agent.isActive) return null;
  if (agent.appType === "zendesk" || agent.appType === "zendesk-classic") {
    return { app: "zendesk", ticketStatus: chatHistory };
  }
  if (agent.appType === "gorgias") return { app: "gorgias", ticketStatus: null };
  return null;
}

type Outcome = Pick<HandoffTicket, "status"> & { vendorTicketId?: string; url?: string; reason?: string };

/**
 * Handed-off chats filed in the company's help desk (issue #17 item 7, decision 041): claimed once
 * per chat and help desk, sent by a job with retries, and the outcome recorded on the chat for
 * staff (the ticket's number and link, or why there is none).
 */
export function createHandoffTickets(deps: {
  repository: HandoffTicketsRepository;
  integrations: IntegrationsRepository;
  chats: ChatsRepository;
  changes: VisitorChatChanges;
  jobs: Pick<JobRunner, "enqueue">;
  publicUrl: string;
  fetch?: typeof fetch;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { repository, log } = deps;

  async function enqueue(row: Pick<HandoffTicketRow, "id" | "companyId">) {
    await deps.jobs.enqueue({
      kind: HANDOFF_TICKET_JOB,
      companyId: row.companyId,
      payload: { handoffTicketId: row.id },
      singletonKey: `handoff-ticket:${row.id}`,
      maxAttempts: MAX_ATTEMPTS,
    });
  }

  /** The outcome as a chat event staff see in the inbox (the visitor's widget shows none of it). */
  async function record(row: HandoffTicketRow) {
    const app = row.app as HandoffApp;
    const name = APP_NAMES[app];
    const handoffTicket: HandoffTicket = {
      app,
      status: row.status as HandoffTicket["status"],
      ticketID: row.vendorTicketId,
      url: row.url,
      ticketStatus: row.ticketStatus,
      reason: row.reason,
    };
    const stored = await deps.chats.insertMessageOnce({
      companyId: row.companyId,
      chatId: row.chatId,
      clientMessageId: `handoff-ticket:${row.id}`,
      messageType: "widget_event",
      eventType: "HANDOFF_TICKET",
      senderRole: "system",
      message:
        row.status === "created"
          ? `Ticket #${row.vendorTicketId} in ${name}`
          : `No ticket in ${name}: ${row.reason ?? "it could not be made"}`,
      messageData: { handoffTicket },
    });
    if (stored.isNew) await deps.changes.tellStaff(row.companyId, row.chatId, stored.row, stored.inbox);
  }

  async function finish(row: HandoffTicketRow, outcome: Outcome) {
    const finished = await repository.finish({
      companyId: row.companyId,
      id: row.id,
      status: outcome.status,
      vendorTicketId: outcome.vendorTicketId ?? null,
      url: outcome.url ?? null,
      reason: outcome.reason ?? null,
    });
    // Another try settled it first: it recorded the outcome.
    if (finished) await record(finished);
  }

  function handoffInput(row: HandoffTicketRow, chat: ChatRow, email: string, messages: ChatMessageRow[]): HandoffInput {
    const name = typeof chat.customer.name === "string" && chat.customer.name.trim() ? chat.customer.name : null;
    const lines: HandoffLine[] = messages
      .filter((message) => TRANSCRIPT_TYPES.has(message.messageType))
      .map((message) => {
        const data = message.messageData as { senderName?: unknown };
        return {
          senderRole: message.senderRole as HandoffLine["senderRole"],
          text: message.message,
          timestamp: message.createdAt.toISOString(),
          senderName: typeof data.senderName === "string" ? data.senderName : null,
          messageType: message.messageType,
        };
      });
    return {
      customer: { email, name },
      summary: chat.summary,
      lines,
      harborTicketId: chat.ticketId,
      chatUrl: `${deps.publicUrl}/inbox?ticketID=${encodeURIComponent(chat.ticketId)}`,
      ...(row.ticketStatus ? { status: row.ticketStatus as ZendeskTicketStatus } : {}),
    };
  }

  /** Makes the ticket; a vendor's refusal is thrown as its IntegrationError. */
  async function createTicket(row: HandoffTicketRow, input: HandoffInput): Promise<Outcome> {
    const app = row.app as HandoffApp;
    const connection = await deps.integrations.find(row.companyId, app);
    if (!connection?.isActive) {
      return { status: "skipped", reason: `${APP_NAMES[app]} is not connected in Settings → Integrations.` };
    }
    const domainName = connection.publicCredentials.domainName ?? "";
    const email = connection.publicCredentials.email ?? "";
    const common = { baseUrl: connection.baseUrl ?? undefined, timeoutMs: VENDOR_TIMEOUT_MS, fetch: deps.fetch };
    if (app === "zendesk") {
      const client = createZendeskClient({
        subdomain: domainName.replace(/\.zendesk\.com$/, ""),
        auth:
          connection.secrets.apiToken && email
            ? { type: "basic", email, apiToken: connection.secrets.apiToken }
            : { type: "bearer", token: connection.secrets.accessToken ?? "" },
        ...common,
      });
      // The claim's id: a try after a lost answer gets the ticket the first try made.
      const ticket = await client.createTicket({ ...zendeskHandoffTicket(input), idempotencyKey: row.id });
      return {
        status: "created",
        vendorTicketId: String(ticket.id),
        url: `https://${domainName}/agent/tickets/${ticket.id}`,
      };
    }
    const client = createGorgiasClient({
      domain: domainName,
      email,
      apiKey: connection.secrets.apiKey ?? "",
      ...common,
    });
    const ticket = await client.createTicket(gorgiasHandoffTicket(input));
    return {
      status: "created",
      vendorTicketId: String(ticket.id),
      url: `https://${domainName}/app/ticket/${ticket.id}`,
    };
  }

  /**
   * Worth another try: the help desk limited us, was down or did not answer. A Zendesk create
   * carries an idempotency key, so any of these is safe to repeat; Gorgias has none, so only the
   * answers that say nothing was done (429, 503) are.
   */
  function isWorthRetrying(app: HandoffApp, error: unknown): boolean {
    if (!(error instanceof IntegrationError)) return false;
    if (!["rate_limited", "unavailable", "timeout", "network"].includes(error.kind)) return false;
    return app === "zendesk" || error.status === 429 || error.status === 503;
  }

  async function run(job: Job) {
    const id = job.payload.handoffTicketId;
    if (typeof id !== "string" || !job.companyId) return;
    const row = await repository.find(job.companyId, id);
    if (row?.status !== "pending") return;
    const app = row.app as HandoffApp;
    const chat = await deps.chats.findChat(row.companyId, row.chatId);
    if (!chat) return;
    const email = typeof chat.customer.email === "string" ? chat.customer.email.trim() : "";
    if (!email) {
      await finish(row, { status: "skipped", reason: "the visitor left no e-mail address to file it under." });
      return;
    }
    try {
      const messages = await deps.chats.listMessages(row.companyId, row.chatId);
      await finish(row, await createTicket(row, handoffInput(row, chat, email, messages)));
    } catch (error) {
      if (isWorthRetrying(app, error) && job.attempt < MAX_ATTEMPTS) throw error;
      log.warn({ err: error, chatId: row.chatId, app }, "the handoff ticket could not be made");
      const reason =
        error instanceof IntegrationError
          ? error.message
          : `${APP_NAMES[app]} could not be reached. Please create the ticket there by hand.`;
      await finish(row, { status: "failed", reason });
    }
  }

  return {
    /**
     * A chat was handed off (the ticket form, or a person asked for): when the widget's settings
     * send it to a help desk, its ticket is claimed and queued. A repeat finds the claim and does nothing.
     */
    async handedOff(options: { companyId: string; chatId: string; handoff: Handoff; trigger: HandoffTrigger }) {
      const target = helpDeskFor(options.handoff, options.trigger);
      if (!target) return;
      const row = await repository.claim({
        companyId: options.companyId,
        chatId: options.chatId,
        trigger: options.trigger,
        ...target,
      });
      if (row) await enqueue(row);
    },

    run,

    /** Claims whose job was lost (the process died between claim and enqueue) are queued again. */
    async resume() {
      const lost = await repository.listPendingBefore(new Date(deps.now().getTime() - LOST_CLAIM_AFTER_MS));
      for (const row of lost) await enqueue(row);
    },
  };
}

export type HandoffTickets = ReturnType<typeof createHandoffTickets>;
