import type { StaffMessageRequest, StaffMessageResponse } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { appendMessageToOpenChat } from "./get-chat";
import { applyChatRowToCaches } from "./get-inbox";

/** A reply reaches the visitor (and takes the chat over from the AI); a note is for staff only. */
export type StaffMessageKind = "reply" | "note";

export function sendStaffMessage(kind: StaffMessageKind, request: StaffMessageRequest) {
  return apiRequest<StaffMessageResponse>(`/chat/chat/${kind}`, { method: "POST", body: request });
}

/**
 * POST /api/chat/chat/reply or /note. The stored message goes into the open chat and its new row
 * into the lists (the live channel may bring both first; each lands once). Failures are shown by
 * the composer beside the pending message, with Retry.
 */
export function useSendStaffMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, request }: { kind: StaffMessageKind; request: StaffMessageRequest }) =>
      sendStaffMessage(kind, request),
    onSuccess: ({ data }) => {
      appendMessageToOpenChat(queryClient, { chatID: data.chat.chatID, message: data.message });
      applyChatRowToCaches(queryClient, { chat: data.chat, unreadCount: data.unreadCount });
    },
  });
}
