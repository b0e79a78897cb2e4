import type { CompanySummary, InvitationRequest } from "@harbor/contract/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "./get-current-user";

export function acceptInvitation(request: InvitationRequest) {
  return apiRequest<CompanySummary>("/user/invitation/accept", { method: "POST", body: request });
}

/** The user's workspaces and invitations change: the session is read again. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
