import type { DocumentRefRequest, KnowledgeDocument } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { documentQueryKey } from "./get-document";
import { replaceDocumentInLists } from "./get-documents";

/** Reads one page or product again ("product update" for shopify-products). */
export function resyncDocument(request: DocumentRefRequest) {
  return apiRequest<KnowledgeDocument>("/document/resync", { method: "POST", body: request });
}

export function useResyncDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resyncDocument,
    onSuccess: ({ data }, request) => {
      replaceDocumentInLists(queryClient, data);
      return queryClient.invalidateQueries({ queryKey: documentQueryKey(request) });
    },
  });
}
