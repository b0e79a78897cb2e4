import { readMessageData } from "@harbor/contract/message-data";
import type { TicketConfirmation } from "@harbor/contract/widget";
import { composeMail } from "../../platform/mail-layout";
import type { OutgoingMail } from "../../platform/mailer";
import type { ChatMessageRow, ChatRow } from "../chats/chats.module";

/** Who said what, one line per message, as a person reads a transcript. */
function transcriptLines(messages: ChatMessageRow[]): string[] {
  const speaker = (message: ChatMessageRow) => {
    if (message.senderRole === "customer") return "You";
    if (message.senderRole === "agent") return readMessageData(message.messageData).senderName ?? "Support";
    if (message.senderRole === "ai") return "AI assistant";
    return "Event";
  };
  return messages
    .filter((message) => message.message.trim() !== "")
    .map(
      (message) =>
        `${message.createdAt.toISOString().slice(0, 16).replace("T", " ")} UTC — ${speaker(message)}: ${message.message}`,
    );
}

/**
 * A raised ticket: the team's notification address gets the request with the transcript (when
 * the ticket app is e-mail and an address is set), and the visitor gets a copy of their request.
 */
export function composeTicketMails(options: {
  chat: ChatRow;
  ticket: TicketConfirmation;
  messages: ChatMessageRow[];
  companyName: string;
  teamAddress: string | null;
}): { team: OutgoingMail | null; visitor: OutgoingMail } {
  const { ticket, companyName } = options;
  const team = options.teamAddress
    ? composeMail({
        to: options.teamAddress,
        subject: `New ticket ${ticket.ticketID} from the chat widget`,
        heading: `Ticket ${ticket.ticketID}`,
        paragraphs: [
          `A visitor raised a ticket from the chat on your shop. Reply to ${ticket.email} to answer them.`,
          `Their comments: ${ticket.message}`,
          ...(ticket.summary && ticket.summary !== ticket.message ? [`Summary of the chat: ${ticket.summary}`] : []),
          "Transcript:",
          ...transcriptLines(options.messages),
        ],
      })
    : null;
  const visitor = composeMail({
    to: ticket.email,
    subject: `Your request to ${companyName} (ticket ${ticket.ticketID})`,
    heading: "We received your request",
    paragraphs: [
      `Thank you for reaching out. The ${companyName} team will reply to this address.`,
      `Ticket ID: ${ticket.ticketID}`,
      `Your comments: ${ticket.message}`,
    ],
  });
  return { team, visitor };
}

/** send-ai-chat-history: the whole visible conversation to the visitor. */
export function composeTranscriptMail(options: {
  to: string;
  chat: ChatRow;
  messages: ChatMessageRow[];
  companyName: string;
}): OutgoingMail {
  return composeMail({
    to: options.to,
    subject: `Your chat with ${options.companyName} (${options.chat.ticketId})`,
    heading: `Your chat with ${options.companyName}`,
    paragraphs: transcriptLines(options.messages),
  });
}
