import type { CustomReplyListItem, Intent, QuestionCategory } from "@harbor/contract/automation";

export const CATEGORY_ID = "00000000-0000-4000-8000-0000000000c1";
export const REPLY_ID = "00000000-0000-4000-8000-0000000000a1";

export function category(overrides: Partial<QuestionCategory> = {}): QuestionCategory {
  return {
    _id: CATEGORY_ID,
    title: "Shipping",
    description: "Delivery times and costs",
    customReplyID: null,
    isActive: true,
    intents: [],
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

export function intent(overrides: Partial<Intent> = {}): Intent {
  return {
    _id: "00000000-0000-4000-8000-0000000000d1",
    title: "Where is my order?",
    customReplyID: null,
    isActive: true,
    ...overrides,
  };
}

export function replyItem(overrides: Partial<CustomReplyListItem> = {}): CustomReplyListItem {
  return { _id: REPLY_ID, name: "Track order", isActive: true, nodeCount: 3, ...overrides };
}
