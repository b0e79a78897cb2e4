import type { ChatActionResponse, chatIdRequestSchema } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { chatsKey } from "./get-chat";
import { onChatActionError, removeChatFromLists } from "./get-inbox";

/** The answer's shape is not in the spec; the contract's action answer is read when it is there. */
export function deleteChat(request: z.infer<typeof chatIdRequestSchema>) {
  return apiRequest<Partial<ChatActionResponse> | null>("/chat/delete", { method: "POST", body: request });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: ({ data }, { chatID }) => {
      removeChatFromLists(queryClient, { chatID, unreadCount: data?.unreadCount });
      queryClient.removeQueries({
        queryKey: chatsKey,
        predicate: (query) =>
          (query.state.data as { pages?: { chatID: string }[] } | undefined)?.pages?.[0]?.chatID === chatID,
      });
    },
    onError: onChatActionError(queryClient, "delete"),
  });
}
