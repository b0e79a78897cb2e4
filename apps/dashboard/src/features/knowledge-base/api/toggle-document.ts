import type { DocumentWithChunks, KnowledgeDocument, ToggleDocumentRequest } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { documentQueryKey } from "./get-document";
import { replaceDocumentInLists } from "./get-documents";

/** Active and show-as-source always travel together (spec part 1 §4, document status). */
export function toggleDocument(request: ToggleDocumentRequest) {
  return apiRequest<KnowledgeDocument>("/document/toggle", { method: "POST", body: request });
}

export function useToggleDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleDocument,
    onSuccess: ({ data }, { sourceID, referenceID }) => {
      // The spec updates the local list rather than reading every loaded page again.
      replaceDocumentInLists(queryClient, data);
      queryClient.setQueryData<DocumentWithChunks>(documentQueryKey({ sourceID, referenceID }), (document) =>
        document ? { ...document, ...data, chunks: document.chunks } : document,
      );
    },
  });
}
