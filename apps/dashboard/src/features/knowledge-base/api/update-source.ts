import type { CompanyWithSources, UpdateSourceRequest } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { sourcesQueryKey } from "./get-sources";

export function updateSource(request: UpdateSourceRequest) {
  return apiRequest<CompanyWithSources>("/document/sources/update", { method: "POST", body: request });
}

export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSource,
    onSuccess: ({ data }) => {
      // The answer is the updated list (a new URL shows Syncing at once).
      queryClient.setQueryData(sourcesQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
}
