import type { CompanyWithSources, SourceIdRequest } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { sourcesQueryKey } from "./get-sources";

export function resyncSource(request: SourceIdRequest) {
  return apiRequest<CompanyWithSources>("/document/sources/resync", { method: "POST", body: request });
}

export function useResyncSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resyncSource,
    onSuccess: ({ data }) => {
      // The source is now Syncing; the list query polls until it is done.
      queryClient.setQueryData(sourcesQueryKey, data);
      return queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
}
