import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export function logout() {
  return apiRequest<null>("/auth/logout");
}

/** Whatever the server answers, everything cached belongs to the old session and is dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.removeQueries() });
}
