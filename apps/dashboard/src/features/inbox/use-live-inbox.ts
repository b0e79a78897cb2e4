import { VISITOR_TYPING_MS } from "@harbor/contract/constants";
import type { GetUserResponse } from "@harbor/contract/user";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useStaffChannel } from "../../lib/use-staff-channel";
import { appendMessageToOpenChat, chatsKey, markOpenChatReadAgain, refetchChatIfOpen } from "./api/get-chat";
import { applyChatDeletedToLists, applyChatRowToCaches, inboxListsKey } from "./api/get-inbox";

/** Who types in a chat: the customer, and colleagues by name. */
export type TypingInChat = { isCustomerTyping: boolean; agentNames: string[] };

type TypingEntry = { chatID: string; name: string | null };

/**
 * The signed-in user's id, from the session the dashboard shell loaded (GET /user/, cached under
 * "current-user"). Read from the cache because features do not import each other.
 */
function ownUserID(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<GetUserResponse>(["current-user"])?.user.userID ?? null;
}

/**
 * The inbox on the company's live channel (inbox issue point 3): new chats, messages, status and
 * read changes and deletions land in the loaded lists and the open chat; typing shows for
 * VISITOR_TYPING_MS unless renewed. Without the channel the inbox works as before, quietly.
 */
export function useLiveInbox() {
  const queryClient = useQueryClient();
  const [typing, setTyping] = useState<Record<string, TypingEntry>>({});
  const expiries = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const setTypingEntry = useCallback((key: string, entry: TypingEntry | null) => {
    clearTimeout(expiries.current.get(key));
    expiries.current.delete(key);
    if (entry)
      expiries.current.set(
        key,
        setTimeout(() => setTypingEntry(key, null), VISITOR_TYPING_MS),
      );
    setTyping((current) => {
      if (!entry && !(key in current)) return current;
      const { [key]: _removed, ...rest } = current;
      return entry ? { ...rest, [key]: entry } : rest;
    });
  }, []);

  useEffect(() => {
    const timers = expiries.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, []);

  const emit = useStaffChannel({
    // A chat turning unread is not read again here: that is how Mark as unread arrives too.
    "chat-updated": (update) => applyChatRowToCaches(queryClient, update),
    "chat-message": (update) => {
      appendMessageToOpenChat(queryClient, update);
      const { message } = update;
      if (message.senderRole === "customer" && document.visibilityState === "visible") {
        markOpenChatReadAgain(queryClient, update.chatID);
      }
      // Whoever wrote it has stopped typing it.
      const senderUserID = message.messageData.senderUserID;
      if (message.senderRole === "customer") setTypingEntry(`${update.chatID} customer`, null);
      if (typeof senderUserID === "string") setTypingEntry(`${update.chatID} ${senderUserID}`, null);
    },
    "chat-deleted": (update) => {
      applyChatDeletedToLists(queryClient, update);
      refetchChatIfOpen(queryClient, update.chatID);
    },
    "visitor-typing": ({ chatID, isTyping }) =>
      setTypingEntry(`${chatID} customer`, isTyping ? { chatID, name: null } : null),
    "agent-typing": ({ chatID, userID, name, isTyping }) => {
      // The channel tells everyone of the company, the typist's own tabs included.
      if (userID === ownUserID(queryClient)) return;
      setTypingEntry(`${chatID} ${userID}`, isTyping ? { chatID, name } : null);
    },
    onConnect: ({ isReconnect, isRecovered }) => {
      if (isRecovered) return;
      // Events may have passed while connecting or while cut off: the lists are read again, and
      // after a reconnect the open chat too (a refetch, which leaves its read state alone).
      void queryClient.invalidateQueries({ queryKey: inboxListsKey });
      if (isReconnect) void queryClient.invalidateQueries({ queryKey: chatsKey });
    },
  });

  const typingIn = useCallback(
    (chatID: string): TypingInChat => {
      const entries = Object.values(typing).filter((entry) => entry.chatID === chatID);
      return {
        isCustomerTyping: entries.some((entry) => entry.name === null),
        agentNames: entries.flatMap((entry) => (entry.name === null ? [] : [entry.name])),
      };
    },
    [typing],
  );

  const sendTyping = useCallback(
    (chatID: string, isTyping: boolean) => emit("staff-typing", { chatID, isTyping }),
    [emit],
  );

  return { typingIn, sendTyping };
}
