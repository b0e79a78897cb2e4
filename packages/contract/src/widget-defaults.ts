/**
 * A new widget's settings, in one place: the server stores them for a new company, and the
 * dashboard's tests start from them, so a test fixture cannot drift from what the server answers.
 */
import {
  type AvailableDay,
  DEFAULT_BRAND_COLOR,
  DEFAULT_BUBBLE_TEXT_COLOR,
  WEEK_DAYS,
  type WeekDay,
  type WidgetSettings,
} from "./widget";

const WEEKEND: readonly WeekDay[] = ["Sat", "Sun"];

/** Monday–Friday on, 09:00–17:00 UTC; Saturday and Sunday off (spec part 2 §4 "Scheduler"). */
export function defaultSchedule(): AvailableDay[] {
  return WEEK_DAYS.map((day) => {
    const isActive = !WEEKEND.includes(day);
    return { day, isActive, timeSlots: isActive ? [{ startTime: "09:00", endTime: "17:00" }] : [] };
  });
}

/** What a new widget looks like: ready to embed, on, with the brand colour of the spec. */
export function defaultWidgetSettings(): Omit<WidgetSettings, "widgetID"> {
  return {
    isActive: true,
    language: null,
    openingMessages: ["Hi there 👋 How can I help you today?"],
    theme: {
      brand: { brandColor: DEFAULT_BRAND_COLOR },
      chatBubble: {
        customer: { backgroundColor: DEFAULT_BRAND_COLOR, textColor: DEFAULT_BUBBLE_TEXT_COLOR },
        aiAgent: { backgroundColor: DEFAULT_BRAND_COLOR, textColor: DEFAULT_BUBBLE_TEXT_COLOR },
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
            availableDays: defaultSchedule(),
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
    availableHours: { isActive: false, availableDays: defaultSchedule(), showHandoff: false },
  };
}
