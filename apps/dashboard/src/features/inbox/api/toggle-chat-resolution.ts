import type { ChatActionResponse, toggleResolutionRequestSchema } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { applyChatActionAnswer, onChatActionError } from "./get-inbox";

export function toggleChatResolution(request: z.infer<typeof toggleResolutionRequestSchema>) {
  return apiRequest<ChatActionResponse>("/chat/chat/toggle-resolution", { method: "POST", body: request });
}

export function useToggleChatResolution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleChatResolution,
    onSuccess: ({ data }) => applyChatActionAnswer(queryClient, data),
    onError: onChatActionError(queryClient, "toggle-resolution"),
  });
}
