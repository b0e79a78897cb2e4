import type { DocumentRefRequest } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { documentQueryKey } from "./get-document";
import { documentListsKey, removeDocumentFromLists } from "./get-documents";
import { sourcesQueryKey } from "./get-sources";

export function deleteDocument(request: DocumentRefRequest) {
  return apiRequest<null>("/document/delete", { method: "POST", body: request });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_answer, request) => {
      removeDocumentFromLists(queryClient, request);
      queryClient.removeQueries({ queryKey: documentQueryKey(request) });
      // The count beside the list comes with the list, and the sources table has its own.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: documentListsKey(request.sourceID) }),
        queryClient.invalidateQueries({ queryKey: sourcesQueryKey }),
      ]);
    },
  });
}
