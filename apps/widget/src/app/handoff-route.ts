import type { PublicWidget } from "@harbor/contract/widget";
import { whatsAppLink } from "./whatsapp-link";

/**
 * How this shop's visitor reaches a person (issue #14 item 2): one way, never several promises at
 * once. The agent handoff decides while it is on: WhatsApp when that is its app; otherwise a person
 * answers in this chat (the inbox) within the widget's active hours. Outside them, or with the agent
 * handoff off, a ticket by e-mail when tickets are on. Without any, the chat waits in the inbox:
 * "in this chat", now or when the team is back.
 */
export type HandoffRoute = "whatsapp" | "chat" | "chat-later" | "ticket";

export function handoffRoute(widget: PublicWidget): HandoffRoute {
  const { agent, ticket } = widget.handoff;
  if (agent.isActive && agent.appType === "whatsapp" && whatsAppLink(agent.whatsapp, "")) return "whatsapp";
  if (agent.isActive && widget.isWithinActiveHours) return "chat";
  if (ticket.isActive) return "ticket";
  return widget.isWithinActiveHours ? "chat" : "chat-later";
}
