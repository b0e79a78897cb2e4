import type { AddCompanyRequest, AddCompanyResponse } from "@harbor/contract/admin";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export function addCompany(request: AddCompanyRequest) {
  return apiRequest<AddCompanyResponse>("/admin/add-company", { method: "POST", body: request });
}

export function useAddCompany() {
  return useMutation({ mutationFn: addCompany });
}
