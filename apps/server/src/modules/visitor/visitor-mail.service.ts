import type { TicketConfirmation } from "@harbor/contract/widget";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../platform/errors";
import type { Mailer } from "../../platform/mailer";
import type { AgentSettings } from "../ai-agent/ai-agent.module";
import { type ChatRow, type ChatsRepository, isVisibleToVisitor } from "../chats/chats.module";
import { composeTicketMails, composeTranscriptMail } from "./visitor-mails";
import type { VisitorScope } from "./visitor-scope";

/** The mail a visitor's actions send: the transcript they ask for, a ticket's two mails. */
export function createVisitorMail(deps: {
  mailer: Mailer;
  chats: ChatsRepository;
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

  return {
    /** send-ai-chat-history: the transcript, to an address the visitor typed. */
    async sendTranscript(scope: VisitorScope, chat: ChatRow, email: string) {
      const messages = await visibleMessages(scope, chat);
      const agent = await deps.settingsFor(scope.companyId);
      const isSent = await sendMail(
        composeTranscriptMail({ to: email, chat, messages, companyName: agent.company.name }),
        "transcript",
      );
      if (!isSent) throw new AppError("UNAVAILABLE", "The transcript could not be sent. Please try again later.");
    },

    /** A raised ticket: to the team's notification address and a copy to the visitor. */
    async sendTicketMails(scope: VisitorScope, chat: ChatRow, ticket: TicketConfirmation) {
      const messages = await visibleMessages(scope, chat);
      const agent = await deps.settingsFor(scope.companyId);
      const ticketChannel = scope.settings.handoff.channels.ticket;
      const teamAddress = ticketChannel.appType === "email" ? ticketChannel.attributes[0]?.notificationEmail : "";
      const mails = composeTicketMails({
        chat,
        ticket,
        messages,
        companyName: agent.company.name,
        teamAddress: teamAddress || null,
      });
      for (const mail of mails) await sendMail(mail, "ticket");
    },
  };
}

export type VisitorMail = ReturnType<typeof createVisitorMail>;
