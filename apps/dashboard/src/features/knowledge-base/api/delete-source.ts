import type { CompanyWithSources, SourceIdRequest } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { documentListsKey } from "./get-documents";
import { sourcesQueryKey } from "./get-sources";

export function deleteSource(request: SourceIdRequest) {
  return apiRequest<CompanyWithSources>("/document/sources/delete", { method: "POST", body: request });
}

export function useDeleteSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSource,
    onSuccess: ({ data }, { sourceID }) => {
      queryClient.setQueryData(sourcesQueryKey, data);
      queryClient.removeQueries({ queryKey: documentListsKey(sourceID) });
      // Not awaited: the caller leaves the deleted source's screen straight away.
      void queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
}
