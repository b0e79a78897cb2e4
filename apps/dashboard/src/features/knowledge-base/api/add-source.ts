import type { AddSourceRequest, CompanyWithSources } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { sourcesQueryKey } from "./get-sources";

export function addSource(request: AddSourceRequest) {
  return apiRequest<CompanyWithSources>("/document/sources/add", { method: "POST", body: request });
}

export function useAddSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSource,
    onSuccess: ({ data }) => {
      // The answer is the updated list: show it (with the new source Syncing) at once.
      queryClient.setQueryData(sourcesQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
}
