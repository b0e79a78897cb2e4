import type { DocumentWithChunks, SaveArticleRequest } from "@harbor/contract/knowledge";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { documentQueryKey } from "./get-document";
import { documentListsKey } from "./get-documents";
import { sourcesQueryKey } from "./get-sources";

export function saveArticle(request: SaveArticleRequest) {
  return apiRequest<DocumentWithChunks>("/document/article/save", { method: "POST", body: request });
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: ({ data }) => {
      // The editor of a new article opens its saved version from this cache without reading it again.
      queryClient.setQueryData(documentQueryKey({ sourceID: data.source_id, referenceID: data.reference_id }), data);
      void queryClient.invalidateQueries({ queryKey: documentListsKey(data.source_id) });
      void queryClient.invalidateQueries({ queryKey: sourcesQueryKey });
    },
  });
}
