import { type PublicWidget, type VisitorMessage, visitorMessageSchema } from "@harbor/contract/widget";
import type { VisitorIdentity } from "@harbor/contract/widget-frame";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { SessionState } from "../app/chat-session";
import { WidgetContext } from "../app/widget-context";
import { type Catalogue, en } from "../i18n/en";
import type { Language } from "../i18n/pick-language";
import { TextsContext } from "../i18n/texts";

/** A widget as POST /api/widget/get answers it, with everything on that tests need. */
export function publicWidget(overrides: Partial<PublicWidget> = {}): PublicWidget {
  return {
    widgetID: "abc123",
    linkHosts: ["shop.example"],
    language: null,
    openingMessages: ["Hi! Ask me anything about your order."],
    openingMessageTranslations: {},
    theme: {
      brand: { brandColor: "#4e45dd" },
      chatBubble: {
        customer: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
        aiAgent: { backgroundColor: "#f0f0f5", textColor: "#1d1d1f" },
      },
    },
    button: {
      customIconURL: null,
      size: "normal",
      show: true,
      zIndex: 1000,
      position: { top: null, left: null, bottom: null, right: null },
    },
    notifications: { enableSound: false, enableWelcomeMessage: false },
    isWithinActiveHours: true,
    showHandoffWhenInactive: false,
    handoff: {
      ticket: { isActive: true, handoffMessage: "We answer tickets within a day.", handoffMessageTranslations: {} },
      agent: {
        isActive: true,
        appType: "whatsapp",
        whatsapp: "+31 6 1234 5678",
        tawk: null,
        zendeskKey: null,
        responseTime: "within an hour",
        availabilityMessage: null,
        profilePictureURL: null,
      },
    },
    selfServicePortal: {
      isActive: true,
      thumbnailURL: null,
      messages: {
        title: "Welcome to Sample Shop",
        description: "Ask us anything",
        titleTranslations: {},
        descriptionTranslations: {},
      },
      aiSearch: { isActive: false, placeholder: "", placeholderTranslations: {} },
      customReplies: [],
      suggestedQuestions: [],
    },
    customerAccountPortal: { isActive: false, authentication: "orderID" },
    agent: { name: "Ava", designation: "Customer Support", thumbnailURL: null },
    workflows: {
      nudgeMessage: { isActive: false, showOnce: true, delay: 1000, message: "Need a hand?" },
      preChatForm: { isActive: false, title: "", description: "", fields: [] },
      feedback: {
        isActive: true,
        positiveMessage: "Thanks, glad to help!",
        negativeMessage: "Sorry, we'll do better.",
      },
      showSources: true,
    },
    ...overrides,
  };
}

let ids = 0;
/** A stored message; times are today's, a minute apart, in the order made. */
/** A message as the server sends it, parsed with the contract's schema so that it cannot drift. */
export function storedMessage(overrides: Partial<VisitorMessage> = {}): VisitorMessage {
  ids += 1;
  const timestamp = new Date();
  timestamp.setHours(9, 0, ids % 60, 0);
  return visitorMessageSchema.parse({
    _id: `00000000-0000-4000-8000-${String(ids).padStart(12, "0")}`,
    clientMessageID: null,
    message: "",
    messageType: "answer",
    senderRole: "ai",
    senderName: null,
    timestamp: timestamp.toISOString(),
    eventType: null,
    messageData: {},
    references: [],
    ...overrides,
  });
}

export function sessionState(overrides: Partial<SessionState> = {}): SessionState {
  return {
    connection: "online",
    chat: {
      chatID: "10000000-0000-4000-8000-000000000001",
      ticketID: "AB12CD",
      status: "open",
      resolved: false,
      isCompleted: false,
      preChatCompleted: true,
    },
    messages: [],
    pending: [],
    answer: null,
    stoppedQuestionID: null,
    agentTyping: null,
    error: null,
    isRefused: false,
    isExpired: false,
    isClosed: false,
    ...overrides,
  };
}

export function renderInWidget(
  ui: ReactNode,
  options: {
    widget?: PublicWidget;
    language?: Language;
    texts?: Catalogue;
    identity?: VisitorIdentity;
    isPageAppFailed?: boolean;
  } = {},
) {
  return render(
    <TextsContext.Provider value={options.texts ?? en}>
      <WidgetContext.Provider
        value={{
          widget: options.widget ?? publicWidget(),
          language: options.language ?? "en",
          identity: options.identity ?? {},
          isPageAppFailed: options.isPageAppFailed ?? false,
        }}
      >
        {ui}
      </WidgetContext.Provider>
    </TextsContext.Provider>,
  );
}
