import type { InvitationRequest } from "@harbor/contract/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "./get-current-user";

export function declineInvitation(request: InvitationRequest) {
  return apiRequest<null>("/user/invitation/decline", { method: "POST", body: request });
}

export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
