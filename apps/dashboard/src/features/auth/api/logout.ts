import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiRequest } from "../../../lib/api-client";
import { clearPendingEmail } from "../pending-email";

/** A POST, so that only Harbor's own pages can sign a user out (the server refuses other sites). */
export function logout() {
  return apiRequest<null>("/auth/logout", { method: "POST" });
}

/** Whatever the server answers, everything cached belongs to the old session and is dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.removeQueries() });
}

/** Signs out, then shows the sign-in page: what the account menu's Logout does. */
export function useSignOut() {
  const navigate = useNavigate();
  const { mutate, isPending } = useLogout();
  const signOut = () => {
    if (isPending) return;
    clearPendingEmail();
    mutate(undefined, { onSettled: () => navigate("/sign-in", { replace: true }) });
  };
  return { signOut, isPending };
}
