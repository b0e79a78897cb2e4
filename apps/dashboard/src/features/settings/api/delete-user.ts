import type { DeleteUserRequest, TeamMember } from "@harbor/contract/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { usersQueryKey } from "./get-users";

export function deleteUser(request: DeleteUserRequest) {
  return apiRequest<TeamMember>("/user/delete", { method: "POST", body: request });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
