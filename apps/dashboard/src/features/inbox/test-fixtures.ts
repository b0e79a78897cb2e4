import {
  type Chat,
  type ChatMessage,
  chatMessageSchema,
  chatSchema,
  type InboxChat,
  inboxChatSchema,
} from "@harbor/contract/chat";

/*
 * Test data in the contract's shapes: each fixture is parsed with the contract's schema, so a
 * fixture that drifts from what the server sends fails the test that uses it.
 */

let counter = 0;
/** A fresh uuid-shaped id per call, readable in failures. */
export function testID(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`;
}

export function inboxChat(overrides: Partial<InboxChat> = {}): InboxChat {
  const id = testID();
  return inboxChatSchema.parse({
    _id: id,
    chatID: id,
    ticketID: `T-${id.slice(-4)}`,
    resolved: false,
    status: "open",
    isFlagged: false,
    chatRead: true,
    isEnded: false,
    createdAt: "2025-11-12T09:00:00.000Z",
    lastMessageAt: "2025-11-12T09:05:00.000Z",
    customer: { name: "Noa Cohen", email: "noa@example.com", number: null, location: null },
    lastMessage: "Where is my order?",
    ...overrides,
  });
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessageSchema.parse({
    _id: testID(),
    message: "Hello",
    messageType: "question",
    senderRole: "customer",
    timestamp: "2025-11-12T09:00:00.000Z",
    eventType: null,
    messageData: {},
    references: [],
    senderName: null,
    ...overrides,
  });
}

export function fullChat(row: InboxChat, overrides: Partial<Chat> = {}): Chat {
  return chatSchema.parse({
    ...row,
    chatRead: true,
    messages: [
      chatMessage({ message: "Where is my order?" }),
      chatMessage({ messageType: "answer", senderRole: "ai", message: "Let me check." }),
    ],
    hasOlderMessages: false,
    linkHosts: ["shop.example"],
    analysis: { summary: "The customer asks about an order." },
    aiAnalysis: [],
    workflows: { preChat: { isCompleted: false, fields: [] } },
    ...overrides,
  });
}
