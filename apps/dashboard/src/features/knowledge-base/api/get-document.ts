import type { DocumentRefRequest, DocumentWithChunks } from "@harbor/contract/knowledge";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const documentQueryKey = ({ sourceID, referenceID }: DocumentRefRequest) =>
  ["knowledge-base", "document", sourceID, referenceID] as const;

export async function getDocument(request: DocumentRefRequest): Promise<DocumentWithChunks> {
  const { data } = await apiRequest<DocumentWithChunks>("/document/get", { method: "POST", body: request });
  return data;
}

export const documentQueryOptions = (request: DocumentRefRequest) =>
  queryOptions({ queryKey: documentQueryKey(request), queryFn: () => getDocument(request) });

export function useDocument(request: DocumentRefRequest | null) {
  return useQuery({
    ...documentQueryOptions(request ?? { sourceID: "", referenceID: "" }),
    enabled: request !== null,
  });
}
