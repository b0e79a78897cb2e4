import type { ChatActionResponse } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { applyChatActionAnswer, onChatActionError } from "./get-inbox";

/** Take over (status human: the AI stays silent) or hand back to the AI (status open). */
export function toggleTakeover({ chatID, isTakingOver }: { chatID: string; isTakingOver: boolean }) {
  const path = isTakingOver ? "/chat/chat/take-over" : "/chat/chat/hand-back";
  return apiRequest<ChatActionResponse>(path, { method: "POST", body: { chatID } });
}

export function useToggleTakeover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTakeover,
    onSuccess: ({ data }) => applyChatActionAnswer(queryClient, data),
    onError: onChatActionError(queryClient, "takeover"),
  });
}
