import type { SelectCompanyRequest } from "@harbor/contract/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "./get-current-user";

export function selectCompany(request: SelectCompanyRequest) {
  return apiRequest<null>("/auth/select-company", { method: "POST", body: request });
}

export function useSelectCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectCompany,
    // Waits for the refreshed session (now with the company) so the dashboard's guard sees it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
