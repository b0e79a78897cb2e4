import { createHash } from "node:crypto";
import type { Embedder } from "../../../ai/embeddings/embedder";
import { detectLanguage, textSearchConfig } from "../../../ai/retrieval/detect-language";
import type { PreparedDocument } from "../knowledge.repository";
import { chunkSections } from "./chunk-text";
import type { RawDocument } from "./raw-document";

const PREVIEW_CHARS = 240;

/** The first characters of a text, cut at a word, for lists. */
export function previewOf(texts: string[]): string {
  const text = texts.join(" ").replace(/\s+/g, " ").trim();
  if (text.length <= PREVIEW_CHARS) return text;
  return `${text.slice(0, PREVIEW_CHARS).replace(/\s+\S*$/, "")}…`;
}

export function contentHashOf(document: Pick<RawDocument, "title" | "url" | "image" | "sections">): string {
  return createHash("sha256")
    .update(JSON.stringify([document.title, document.url, document.image, document.sections]))
    .digest("hex");
}

/** Normalises a reader's language hint ("en-us", "nl_NL") to en | nl | he | other. */
function languageOf(document: RawDocument, text: string): string {
  const hint = document.language?.slice(0, 2).toLowerCase();
  if (hint === "en" || hint === "nl" || hint === "he") return hint;
  if (hint === "iw") return "he";
  return detectLanguage(`${document.title}\n${text.slice(0, 4000)}`);
}

/** Chunks and embeds a document; title and chunk are embedded together so short passages keep context. */
export async function prepareDocument(document: RawDocument, embedder: Embedder): Promise<PreparedDocument> {
  const chunks = chunkSections(document.sections);
  const language = languageOf(document, chunks.join("\n"));
  const embeddings =
    chunks.length > 0 ? await embedder.embed(chunks.map((chunk) => `${document.title}\n${chunk}`)) : [];
  return {
    referenceId: document.referenceId,
    title: document.title.trim() || document.url || document.referenceId,
    url: document.url,
    image: document.image,
    language,
    textSearchConfig: textSearchConfig(language),
    preview: previewOf(chunks),
    contentHash: contentHashOf(document),
    chunks: chunks.map((content, i) => ({ content, embedding: embeddings[i] ?? null })),
    embeddingModel: embedder.model,
  };
}
