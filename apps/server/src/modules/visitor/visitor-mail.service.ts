import type { TicketConfirmation } from "@harbor/contract/widget";
import type { FastifyBaseLogger } from "fastify";
import { addressLimitKey } from "../../platform/client-address";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import type { AgentSettings } from "../ai-agent/ai-agent.module";
import { type ChatRow, type ChatsRepository, isVisibleToVisitor } from "../chats/chats.module";
import { tooManyMails, type VisitorLimiters } from "./visitor-limits";
import { composeTicketMails, composeTranscriptMail } from "./visitor-mails";
import type { VisitorScope } from "./visitor-scope";

const unknownAddress = () =>
  new AppError(
    "BAD_REQUEST",
    "We can send this conversation only to the e-mail address you gave in this chat. Fill in the contact form first.",
  );

/**
 * The mail a visitor's actions send: the transcript they ask for, a ticket's two mails. What a
 * visitor writes goes out under the shop's sender, so mail to the visitor goes only to the
 * address this chat's form stored, and within the per-address and per-recipient allowances
 * (decision 029); the team's copy of a ticket always goes.
 */
export function createVisitorMail(deps: {
  mailer: Mailer;
  chats: ChatsRepository;
  limiters: VisitorLimiters;
  settingsFor(companyId: string): Promise<AgentSettings>;
  log: FastifyBaseLogger;
}) {
  async function sendMail(mail: Parameters<Mailer["send"]>[0], what: string) {
    try {
      await deps.mailer.send(mail);
      return true;
    } catch (error) {
      deps.log.error({ err: error }, `sending the ${what} mail failed`);
      return false;
    }
  }

  async function visibleMessages(scope: VisitorScope, chat: ChatRow) {
    return (await deps.chats.messagesAfter(scope.companyId, chat.id)).filter(isVisibleToVisitor);
  }

  /** One more mail to this recipient, asked for from this address: within both allowances? */
  async function mayMailVisitor(scope: VisitorScope, recipient: string) {
    return (
      (await deps.limiters.visitorMailsPerAddress.take(addressLimitKey(scope.clientAddress))) &&
      (await deps.limiters.visitorMailsPerRecipient.take(recipient.trim().toLowerCase()))
    );
  }

  return {
    /** send-ai-chat-history: the transcript, to the address this chat's form stored (no other). */
    async sendTranscript(scope: VisitorScope, chat: ChatRow, email: string) {
      const given = formAddressOf(chat);
      if (!given || given.toLowerCase() !== email.trim().toLowerCase()) throw unknownAddress();
      if (!(await mayMailVisitor(scope, given))) throw tooManyMails();
      const messages = await visibleMessages(scope, chat);
      const agent = await deps.settingsFor(scope.companyId);
      const isSent = await sendMail(
        composeTranscriptMail({ to: given, chat, messages, companyName: agent.company.name }),
        "transcript",
      );
      if (!isSent) throw new AppError("UNAVAILABLE", "The transcript could not be sent. Please try again later.");
    },

    /** A raised ticket: to the team's notification address, and a copy to the visitor within the allowances. */
    async sendTicketMails(scope: VisitorScope, chat: ChatRow, ticket: TicketConfirmation) {
      const messages = await visibleMessages(scope, chat);
      const agent = await deps.settingsFor(scope.companyId);
      const ticketChannel = scope.settings.handoff.channels.ticket;
      const teamAddress = ticketChannel.appType === "email" ? ticketChannel.attributes[0]?.notificationEmail : "";
      const { team, visitor } = composeTicketMails({
        chat,
        ticket,
        messages,
        companyName: agent.company.name,
        teamAddress: teamAddress || null,
      });
      if (team) await sendMail(team, "ticket");
      // The ticket is raised and the team told either way; only the visitor's copy waits.
      if (await mayMailVisitor(scope, ticket.email)) await sendMail(visitor, "ticket copy");
      else deps.log.info({ chatId: chat.id }, "the visitor's ticket copy was not sent: over its mail allowance");
    },
  };
}

/** The address the visitor gave in this chat's pre-chat or ticket form (stored on the chat). */
function formAddressOf(chat: ChatRow): string | null {
  const email = chat.customer.email;
  return typeof email === "string" && email.trim() !== "" ? email.trim() : null;
}

export type VisitorMail = ReturnType<typeof createVisitorMail>;
