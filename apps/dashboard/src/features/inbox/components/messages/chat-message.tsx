import type { ChatMessage as Message } from "@harbor/contract/chat";
import { splitIntoBubbles } from "@harbor/contract/sentences";
import { Anchor, Badge, Group } from "@mantine/core";
import { texts } from "../../../../lib/texts";
import { formatMessageTime } from "../../list-time";
import { isShownMessage, isWorkflowStep } from "../../message-data";
import { CustomerPortalMessage } from "./customer-portal-message";
import { FormMessage } from "./form-message";
import { HandoffTicketMessage } from "./handoff-ticket-message";
import { type BubbleTone, MessageBubble, MessageGroup } from "./message-bubble";
import { MessageReferences } from "./message-references";
import { OrderCardMessage } from "./order-card-message";
import { SubscriptionListMessage } from "./subscription-list-message";

const t = texts.inbox.messages;

function toneOf(message: Message): BubbleTone {
  if (message.messageType === "internal_note") return "note";
  if (message.messageType === "agent_reply" || message.senderRole === "agent") return "agent";
  if (message.messageType === "question" || message.senderRole === "customer") return "customer";
  return "ai";
}

function senderLabel(message: Message, tone: BubbleTone): string {
  if (tone === "note") return message.senderName ? `${t.internalNote} · ${message.senderName}` : t.internalNote;
  if (tone === "agent") return message.senderName ?? t.agent;
  return tone === "customer" ? t.customer : t.ai;
}

/** One stored message as chat; event types render nothing (spec part 1 §2). */
export function ChatMessage({ message, linkHosts = [] }: { message: Message; linkHosts?: readonly string[] }) {
  if (!isShownMessage(message)) return null;
  // A help desk's ticket is Harbor's own notice, not anyone's message.
  if (message.messageData.handoffTicket) {
    return (
      <HandoffTicketMessage ticket={message.messageData.handoffTicket} time={formatMessageTime(message.timestamp)} />
    );
  }
  const tone = toneOf(message);
  const data = message.messageData;
  // An AI answer carries its looked-up order in `order`; custom replies in `responseFields.order`.
  const orderCard = data.order ?? data.responseFields?.order;
  const subscriptions = data.rechargeData?.subscriptions ?? [];
  // Only AI answers are cut into bubbles; a visitor's or a colleague's text stays as written.
  const bubbles =
    message.messageType === "answer"
      ? splitIntoBubbles(message.message)
      : message.message.trim()
        ? [message.message]
        : [];
  const time = formatMessageTime(message.timestamp);
  if (isWorkflowStep(message)) {
    const label = t.workflowStep[message.messageType] ?? message.messageType;
    return (
      <MessageGroup tone="ai" label={time ? `${label} · ${time}` : label}>
        <MessageBubble tone="ai" text={message.message} linkHosts={[]} />
      </MessageGroup>
    );
  }
  const file = data.file && /^https?:\/\//i.test(data.file.url) ? data.file : null;
  return (
    <MessageGroup tone={tone} label={time ? `${senderLabel(message, tone)} · ${time}` : senderLabel(message, tone)}>
      {bubbles.map((bubble, index) => (
        // Bubbles are cut from one text and never move.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MessageBubble key={index} tone={tone} text={bubble} linkHosts={linkHosts} />
      ))}
      {data.answerBubbles && data.answerBubbles.bubbles.length > 0 ? (
        // Shown as the visitor saw them; in the inbox they are not buttons.
        <Group gap={6} component="ul" aria-label={t.choices} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {data.answerBubbles.bubbles.map((choice, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: choices carry no id and never move
            <Badge key={index} component="li" variant="outline" tt="none" size="lg" fw={500} dir="auto">
              {choice.message}
            </Badge>
          ))}
        </Group>
      ) : null}
      {data.form ? <FormMessage form={data.form} dataModel={data.dataModel} /> : null}
      {file ? (
        <Anchor href={file.url} target="_blank" rel="noopener noreferrer" size="sm">
          {t.file}
        </Anchor>
      ) : null}
      {orderCard ? <OrderCardMessage card={orderCard} /> : null}
      {subscriptions.length > 0 ? <SubscriptionListMessage subscriptions={subscriptions} /> : null}
      {data.customerPortal ? <CustomerPortalMessage portal={data.customerPortal} /> : null}
      {message.references.length > 0 ? <MessageReferences references={message.references} /> : null}
    </MessageGroup>
  );
}
