import type { GorgiasMessage, NewGorgiasTicket } from "./gorgias/gorgias.client";
import type { NewZendeskTicket, ZendeskTicketStatus } from "./zendesk/zendesk.client";

/** One message of the chat, as the ticket shows it. */
export interface HandoffLine {
  senderRole: "customer" | "ai" | "agent" | "system";
  text: string;
  /** ISO 8601. */
  timestamp: string;
  /** A staff member's name on their replies. */
  senderName?: string | null;
  /** Harbor's message type; staff-only notes never leave Harbor. */
  messageType?: string;
}

export interface HandoffInput {
  customer: { email: string; name?: string | null };
  /** The AI's summary of the chat (the inbox's summary column). */
  summary: string;
  lines: HandoffLine[];
  /** Harbor's ticket id (`#1042`), so staff can find the chat from the help desk. */
  harborTicketId?: string | null;
  /** A link to the chat in Harbor's inbox. */
  chatUrl?: string | null;
  /** Zendesk only: the status the handoff setting asks for (spec §5: new, open, pending, solved). */
  status?: ZendeskTicketStatus;
}

/** Zendesk refuses comments over 64 KB; the transcript keeps its newest lines under this. */
const MAX_BODY_CHARS = 60_000;
const MAX_SUBJECT_CHARS = 120;
const LEFT_OUT_NOTE_ROOM = 120;
const TAGS = ["harbor", "harbor-handoff"];

const SPEAKER: Record<HandoffLine["senderRole"], string> = {
  customer: "Customer",
  ai: "AI agent",
  agent: "Agent",
  system: "Harbor",
};

/**
 * A Zendesk ticket for a chat handed to a person (issue #17 item 7): the summary first, then the
 * transcript, as one internal HTML comment so the customer is not mailed their own chat.
 */
export function zendeskHandoffTicket(input: HandoffInput): NewZendeskTicket {
  const lines = shareableLines(input.lines);
  const header = [
    `<p><strong>Summary</strong></p>`,
    `<p>${escapeHtml(input.summary.trim() || "No summary yet.")}</p>`,
    ...(input.chatUrl ? [`<p><a href="${escapeHtml(input.chatUrl)}">Open the chat in Harbor</a></p>`] : []),
    `<p><strong>Transcript</strong></p>`,
  ].join("\n");
  const rendered = lines.map(
    (line) =>
      `<p><strong>${escapeHtml(speakerOf(line))}</strong> (${timeOf(line.timestamp)}): ${escapeHtml(line.text).replaceAll("\n", "<br>")}</p>`,
  );
  // Room is kept for the "left out" note as well.
  const { kept, leftOut } = newestThatFit(rendered, MAX_BODY_CHARS - header.length - LEFT_OUT_NOTE_ROOM);
  const note =
    leftOut > 0 ? [`<p><em>${leftOut} earlier messages left out; the whole chat is in Harbor.</em></p>`] : [];
  return {
    subject: subjectOf(input, lines),
    htmlBody: [header, ...note, ...kept].join("\n"),
    isPublic: false,
    requester: { email: input.customer.email, ...(input.customer.name ? { name: input.customer.name } : {}) },
    ...(input.status ? { status: input.status } : {}),
    tags: TAGS,
  };
}

/**
 * A Gorgias ticket for the same handoff: the chat's messages as the ticket's messages (customer
 * lines from the customer, the AI's and staff's from the agent side), the summary last, as the
 * agent's note on what is left to do.
 */
export function gorgiasHandoffTicket(input: HandoffInput): NewGorgiasTicket {
  const lines = shareableLines(input.lines);
  const messages: GorgiasMessage[] = lines.map((line) => ({
    bodyText: line.senderRole === "customer" ? line.text : `${speakerOf(line)}: ${line.text}`,
    isFromAgent: line.senderRole !== "customer",
  }));
  const summary = [
    `Summary: ${input.summary.trim() || "No summary yet."}`,
    ...(input.chatUrl ? [`Chat in Harbor: ${input.chatUrl}`] : []),
  ].join("\n");
  const { kept } = newestThatFit(messages, MAX_BODY_CHARS, (message) => message.bodyText.length);
  return {
    subject: subjectOf(input, lines),
    customer: { email: input.customer.email, ...(input.customer.name ? { name: input.customer.name } : {}) },
    // Gorgias needs at least one message: a chat of only notes still carries its summary.
    messages: [...kept, { bodyText: summary, isFromAgent: true }],
    tags: TAGS,
  };
}

/** Staff-only notes and empty lines stay in Harbor. */
function shareableLines(lines: HandoffLine[]): HandoffLine[] {
  return lines.filter((line) => line.messageType !== "internal_note" && line.text.trim() !== "");
}

/** "Chat handoff #1042: Where is my order?" — the customer's first question says what it is about. */
function subjectOf(input: HandoffInput, lines: HandoffLine[]): string {
  const firstQuestion = lines
    .find((line) => line.senderRole === "customer")
    ?.text.replace(/\s+/g, " ")
    .trim();
  const prefix = input.harborTicketId ? `Chat handoff ${input.harborTicketId}` : "Chat handoff";
  const subject = firstQuestion ? `${prefix}: ${firstQuestion}` : prefix;
  return subject.length > MAX_SUBJECT_CHARS ? `${subject.slice(0, MAX_SUBJECT_CHARS - 1)}…` : subject;
}

function speakerOf(line: HandoffLine): string {
  return line.senderRole === "agent" && line.senderName ? line.senderName : SPEAKER[line.senderRole];
}

/** `2026-11-28 09:05 UTC`: help desks show their own times; this is when it was said. */
function timeOf(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "" : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The newest items whose total size fits, oldest first, and how many older ones did not. */
function newestThatFit<T>(items: T[], budget: number, sizeOf: (item: T) => number = (item) => String(item).length) {
  const kept: T[] = [];
  let used = 0;
  for (let index = items.length - 1; index >= 0; index--) {
    const item = items[index] as T;
    const size = sizeOf(item) + 1;
    if (used + size > budget) break;
    kept.unshift(item);
    used += size;
  }
  return { kept, leftOut: items.length - kept.length };
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
