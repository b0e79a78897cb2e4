import type { DeleteCompanyRequest } from "@harbor/contract/admin";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export function deleteCompany(request: DeleteCompanyRequest) {
  return apiRequest<unknown>("/admin/delete-company", { method: "POST", body: request });
}

export function useDeleteCompany() {
  return useMutation({ mutationFn: deleteCompany });
}
