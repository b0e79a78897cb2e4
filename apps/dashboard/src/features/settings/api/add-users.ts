import type { AddUsersRequest, TeamList } from "@harbor/contract/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { usersQueryKey } from "./get-users";

export function addUsers(request: AddUsersRequest) {
  return apiRequest<TeamList>("/user/add-users", { method: "POST", body: request });
}

export function useAddUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
