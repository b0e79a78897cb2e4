/**
 * The words of the live inbox and human takeover (inbox issue points 3–5). They belong in
 * lib/texts.ts under `inbox`, and are shaped to move there as they are (`texts.inbox.takeover`);
 * they wait here only because that file is being changed by others at the same time.
 */
export const takeoverTexts = {
  takeOver: "Take over",
  handBack: "Hand back to AI",
  composer: {
    region: "Reply",
    mode: "Message type",
    modes: { reply: "Reply", note: "Internal note" },
    replyLabel: "Reply to the customer",
    noteLabel: "Internal note, only your team sees it",
    replyPlaceholder: "Write a reply…",
    notePlaceholder: "Write a note for your team…",
    hint: "Enter sends, Shift+Enter starts a new line.",
    send: "Send",
    addNote: "Add note",
  },
  pending: {
    sending: "Sending…",
    failed: "Not sent.",
    retry: "Retry",
    discard: "Discard",
  },
  typing: {
    customer: "Customer is typing…",
    agent: (name: string) => `${name} is typing…`,
  },
  shortcutReply: "Reply to the chat",
} as const;
