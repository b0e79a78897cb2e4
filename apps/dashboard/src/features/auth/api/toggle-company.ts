import type { ToggleCompanyRequest } from "@harbor/contract/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export function toggleCompany(request: ToggleCompanyRequest) {
  return apiRequest<null>("/auth/toggle-company", { method: "POST", body: request });
}

/** Switching workspace reloads the page (spec part 1 §4), so no cache needs invalidating. */
export function useToggleCompany() {
  return useMutation({ mutationFn: toggleCompany, onSuccess: () => window.location.reload() });
}
