import type { ChatActionResponse, chatIdRequestSchema } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { applyChatActionAnswer, onChatActionError } from "./get-inbox";

export function markChatUnread(request: z.infer<typeof chatIdRequestSchema>) {
  return apiRequest<ChatActionResponse>("/chat/mark-unread", { method: "POST", body: request });
}

export function useMarkChatUnread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatUnread,
    onSuccess: ({ data }) => applyChatActionAnswer(queryClient, data),
    onError: onChatActionError(queryClient, "mark-unread"),
  });
}
