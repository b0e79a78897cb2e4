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
import { DEFAULT_WIDGET_TEXTS } from "./widget-default-texts";

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
    openingMessages: [DEFAULT_WIDGET_TEXTS.openingMessage],
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
          handoffMessage: DEFAULT_WIDGET_TEXTS.ticketHandoffMessage,
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
      messages: { title: DEFAULT_WIDGET_TEXTS.portalTitle, description: DEFAULT_WIDGET_TEXTS.portalDescription },
      aiSearch: { isActive: false, placeholder: DEFAULT_WIDGET_TEXTS.searchPlaceholder, activeSources: [] },
      customReplies: [],
      suggestedQuestions: [],
    },
    customerAccountPortal: { isActive: true, authentication: "orderID" },
    availableHours: { isActive: false, availableDays: defaultSchedule(), showHandoff: false },
  };
}
