import type { RetrievedChunk } from "@harbor/contract/knowledge";

/** A retrieved passage as the local answerer's tests write one: a help page's text under its title. */
export function passage(
  id: string,
  title: string,
  content: string,
  extra: Partial<RetrievedChunk> = {},
): RetrievedChunk {
  return {
    chunkId: `chunk-${id}`,
    documentId: `doc-${id}`,
    referenceId: id,
    title,
    content,
    url: null,
    image: null,
    sourceType: "website",
    showAsSource: true,
    score: 0.01,
    ...extra,
  };
}
