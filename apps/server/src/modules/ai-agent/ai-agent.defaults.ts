import type { Persona, Workflows } from "@harbor/contract/ai-agent";

/** The persona a new workspace starts with; the admin changes it on the Persona page. */
export const DEFAULT_PERSONA: Persona = {
  name: "Ava",
  designation: "Customer Support",
  characteristics: "Warm, patient and precise. Explains things simply and never guesses.",
  responseTone: "friendly",
  responseLength: "normal",
  thumbnailURL: null,
};

export const CUSTOMER_DATA_MODEL = {
  name: "Customer",
  fields: [
    { key: "name", title: "Name" },
    { key: "email", title: "Email" },
  ],
};

/** Workflows of a new workspace: sources shown and feedback asked; nudge and pre-chat form off. */
export const DEFAULT_WORKFLOWS: Workflows = {
  nudgeMessage: { isActive: false, showOnce: true, delay: 5000, message: "Need a hand? Ask me anything." },
  preChatForm: {
    isActive: false,
    title: "Before we start",
    description: "Tell us who you are so we can follow up if needed.",
    dataModelID: null,
    fields: CUSTOMER_DATA_MODEL.fields.map((field) => ({
      ...field,
      fieldType: "text",
      required: true,
      isActive: true,
    })),
  },
  standardReplies: {
    positiveReply: { message: "Glad I could help! Is there anything else?", customReplyID: null },
    negativeReply: { message: "Sorry about that. Let me find someone who can help.", customReplyID: null },
  },
  showSources: { isActive: true },
  feedback: {
    isActive: true,
    positiveMessage: "Thank you for your feedback!",
    negativeMessage: "Sorry to hear that. We'll use your feedback to do better.",
  },
};
