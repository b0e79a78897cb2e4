import { staffTypingSchema } from "@harbor/contract/realtime";
import type { LimiterStore } from "../../platform/rate-limiter";
import type { StaffNamespace } from "../../platform/realtime/realtime-hub";
import type { StaffSocketData } from "../../platform/realtime/staff-channel";
import type { ChatEvents } from "./chat-events";

/** Typing events per staff member per minute (the dashboard sends one every ~2 s while typing). */
const TYPING_EVENTS_PER_MINUTE = 120;
/** Chats a socket was shown to own, remembered so typing does not query per keystroke. */
const KNOWN_CHATS_MAX = 200;

/** `staff-typing` on /staff: relayed to the chat's visitor and the company's other staff, for own chats only. */
export function registerStaffTyping(options: {
  namespace: StaffNamespace;
  chatEvents: ChatEvents;
  chatBelongsTo(companyId: string, chatId: string): Promise<boolean>;
  limiterStore: LimiterStore;
}) {
  const typingLimiter = options.limiterStore.limiter("staff-typing", {
    points: TYPING_EVENTS_PER_MINUTE,
    durationSeconds: 60,
  });
  options.namespace.on("connection", (socket) => {
    const data = socket.data as StaffSocketData;
    socket.on("staff-typing", async (payload: unknown) => {
      const parsed = staffTypingSchema.safeParse(payload);
      if (!parsed.success || !(await typingLimiter.take(data.userId))) return;
      const { chatID, isTyping } = parsed.data;
      if (!data.knownChats.has(chatID)) {
        if (!(await options.chatBelongsTo(data.companyId, chatID).catch(() => false))) return;
        if (data.knownChats.size >= KNOWN_CHATS_MAX) data.knownChats.clear();
        data.knownChats.add(chatID);
      }
      options.chatEvents.agentTyping(data.companyId, { chatID, userID: data.userId, name: data.name, isTyping });
    });
  });
}
