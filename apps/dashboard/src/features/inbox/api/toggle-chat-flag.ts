import type { ChatActionResponse, toggleFlagRequestSchema } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { applyChatActionAnswer, onChatActionError } from "./get-inbox";

export function toggleChatFlag(request: z.infer<typeof toggleFlagRequestSchema>) {
  return apiRequest<ChatActionResponse>("/chat/chat/toggle-flag", { method: "POST", body: request });
}

export function useToggleChatFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleChatFlag,
    onSuccess: ({ data }) => applyChatActionAnswer(queryClient, data),
    onError: onChatActionError(queryClient, "toggle-flag"),
  });
}
