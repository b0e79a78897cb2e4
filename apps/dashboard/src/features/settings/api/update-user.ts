import type { TeamMember, UpdateUserRequest } from "@harbor/contract/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { usersQueryKey } from "./get-users";

export function updateUser(request: UpdateUserRequest) {
  return apiRequest<TeamMember>("/user/update", { method: "POST", body: request });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
