import {
  DOCUMENTS_PAGE_SIZE,
  type DocumentFilter,
  type KnowledgeDocument,
  type ListDocumentsRequest,
  type ListDocumentsResponse,
} from "@harbor/contract/knowledge";
import { type InfiniteData, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

type DocumentListParams = { sourceID: string; searchTerm: string; filter: DocumentFilter };

/** Every loaded list (any search, any filter) of one source. */
export const documentListsKey = (sourceID: string) => ["knowledge-base", "documents", sourceID] as const;

export const documentListQueryKey = ({ sourceID, searchTerm, filter }: DocumentListParams) =>
  [...documentListsKey(sourceID), { searchTerm, filter }] as const;

export async function listDocuments(request: ListDocumentsRequest): Promise<ListDocumentsResponse> {
  const { data } = await apiRequest<ListDocumentsResponse>("/document/all", { method: "POST", body: request });
  return data;
}

/**
 * The documents of one source, 20 a page (spec part 1 §4, lists in knowledge base): there is a next
 * page until a page comes back empty. Another search or filter is another key, so the list starts
 * over at page 1; gcTime 0 drops lists nobody shows, so going back to one starts over too.
 */
export function useDocumentList({ sourceID, searchTerm, filter }: DocumentListParams) {
  return useInfiniteQuery({
    queryKey: documentListQueryKey({ sourceID, searchTerm, filter }),
    queryFn: ({ pageParam }) =>
      listDocuments({
        sourceID,
        pageNumber: pageParam,
        pageSize: DOCUMENTS_PAGE_SIZE,
        searchTerm: searchTerm || undefined,
        filter,
      }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageNumber) =>
      lastPage.documents.length === 0 ? undefined : lastPageNumber + 1,
    gcTime: 0,
  });
}

type DocumentRef = { sourceID: string; referenceID: string };
type DocumentPages = InfiniteData<ListDocumentsResponse, number>;

function updateLoadedLists(
  queryClient: QueryClient,
  sourceID: string,
  update: (documents: KnowledgeDocument[]) => KnowledgeDocument[],
) {
  queryClient.setQueriesData<DocumentPages>({ queryKey: documentListsKey(sourceID) }, (lists) =>
    lists ? { ...lists, pages: lists.pages.map((page) => ({ ...page, documents: update(page.documents) })) } : lists,
  );
}

/** Puts a changed document into the loaded lists in place, without reading them again. */
export function replaceDocumentInLists(queryClient: QueryClient, document: KnowledgeDocument) {
  updateLoadedLists(queryClient, document.source_id, (documents) =>
    documents.map((item) => (item.reference_id === document.reference_id ? document : item)),
  );
}

export function removeDocumentFromLists(queryClient: QueryClient, { sourceID, referenceID }: DocumentRef) {
  updateLoadedLists(queryClient, sourceID, (documents) =>
    documents.filter((item) => item.reference_id !== referenceID),
  );
}
