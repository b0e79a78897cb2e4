import type { ChatActionResponse, toggleTicketRequestSchema } from "@harbor/contract/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import { applyChatActionAnswer, onChatActionError } from "./get-inbox";

/** The ticket toggle (spec part 1 §4): raise a ticket (status ticket) or clear it back to human. */
export function toggleTicket(request: z.infer<typeof toggleTicketRequestSchema>) {
  return apiRequest<ChatActionResponse>("/chat/chat/toggle-ticket", { method: "POST", body: request });
}

export function useToggleTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTicket,
    onSuccess: ({ data }) => applyChatActionAnswer(queryClient, data),
    onError: onChatActionError(queryClient, "toggle-ticket"),
  });
}
