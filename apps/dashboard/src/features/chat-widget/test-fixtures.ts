import type { AvailableDay, WidgetSettings } from "@harbor/contract/widget";

const weekdays = (): AvailableDay[] =>
  (["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const).map((day) => {
    const isActive = day !== "Sat" && day !== "Sun";
    return { day, isActive, timeSlots: isActive ? [{ startTime: "09:00", endTime: "17:00" }] : [] };
  });

/** A new widget as the server answers it (its defaults), with any section replaced. */
export function widgetSettings(overrides: Partial<WidgetSettings> = {}): WidgetSettings {
  return {
    widgetID: "abcdefghij0123456789",
    isActive: true,
    language: null,
    openingMessages: ["Hi there! How can I help you today?"],
    theme: {
      brand: { brandColor: "#4e45dd" },
      chatBubble: {
        customer: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
        aiAgent: { backgroundColor: "#4e45dd", textColor: "#ffffff" },
      },
    },
    button: {
      customIconURL: null,
      size: "normal",
      show: true,
      zIndex: 2_147_483_000,
      position: { top: null, left: null, bottom: 20, right: 20 },
    },
    notifications: { enableSound: false, enableWelcomeMessage: true },
    handoff: {
      channels: {
        ticket: {
          isActive: true,
          handoffMessage: "Leave your details and our team will get back to you by e-mail.",
          appType: "email",
          attributes: [{ notificationEmail: "" }],
        },
        agent: {
          isActive: false,
          appType: null,
          attributes: [{ whatsapp: "" }],
          humanAgent: {
            showAvailability: false,
            profilePictureURL: null,
            responseTime: "",
            availabilityMessage: "",
            availableDays: weekdays(),
          },
        },
      },
      ticketStatus: { chatHistory: null },
    },
    selfServicePortal: {
      isActive: false,
      thumbnailURL: null,
      messages: { title: "Help centre", description: "Find answers to common questions" },
      aiSearch: { isActive: false, placeholder: "Search for answers", activeSources: [] },
      customReplies: [],
      suggestedQuestions: [],
    },
    customerAccountPortal: { isActive: true, authentication: "orderID" },
    availableHours: { isActive: false, availableDays: weekdays(), showHandoff: false },
    ...overrides,
  };
}

/** Answers a save with the settings made from the JSON parts sent, as the server does. */
export function echoSections(settings: WidgetSettings) {
  return (body: unknown) => {
    const form = body as FormData;
    const saved: Record<string, unknown> = { ...settings };
    for (const [name, value] of form.entries()) {
      if (typeof value === "string" && name in settings) saved[name] = JSON.parse(value);
    }
    return { data: saved };
  };
}
