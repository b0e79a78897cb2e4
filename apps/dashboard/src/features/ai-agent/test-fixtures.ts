import type { AiAgent, AnswerRule, Workflows } from "@harbor/contract/ai-agent";

/** Test data of the AI agent tests. */
export const DATA_MODEL_ID = "00000000-0000-4000-8000-0000000000d1";
export const CUSTOM_REPLY_ID = "00000000-0000-4000-8000-0000000000e1";

export function answerRule(overrides: Partial<AnswerRule> = {}): AnswerRule {
  return {
    _id: "00000000-0000-4000-8000-0000000000f1",
    title: "No delivery promises",
    description: "Never promise a delivery date.",
    isActive: true,
    ...overrides,
  };
}

export function workflows(overrides: Partial<Workflows> = {}): Workflows {
  return {
    nudgeMessage: { isActive: false, showOnce: true, delay: 5000, message: "Need help?" },
    preChatForm: { isActive: false, title: "", description: "", dataModelID: null, fields: [] },
    standardReplies: {
      positiveReply: { message: "Glad I could help!", customReplyID: null },
      negativeReply: { message: "Sorry about that.", customReplyID: null },
    },
    showSources: { isActive: true },
    feedback: { isActive: false, positiveMessage: "", negativeMessage: "" },
    ...overrides,
  };
}

export function aiAgent(overrides: Partial<AiAgent> = {}): AiAgent {
  return {
    persona: {
      name: "Sam",
      designation: "Support specialist",
      characteristics: "Patient and practical",
      responseTone: "friendly",
      responseLength: "normal",
      thumbnailURL: null,
    },
    company: { name: "Acme Outdoor", description: "Outdoor gear", industry: "Retail" },
    answerRules: [],
    workflows: workflows(),
    engine: "model",
    ...overrides,
  };
}
