import type { TextSection } from "./chunk-text";

/** One item as a source reader found it, before chunking and embedding. */
export type RawDocument = {
  referenceId: string;
  title: string;
  url: string | null;
  image: string | null;
  sections: TextSection[];
  /** When the source knows it (Help Center locale, <html lang>); otherwise detected from the text. */
  language?: string | null;
};

export type ReaderEvent = { type: "document"; document: RawDocument } | { type: "error"; url: string; message: string };

/** What a reader reports when it has read everything it will read this time. */
export type ReaderOutcome = {
  /** A full listing of the source: documents not seen in it are removed afterwards. */
  isFullListing: boolean;
  /** Where the next incremental sync resumes. */
  cursor?: Record<string, unknown>;
};

export type SourceReader = AsyncGenerator<ReaderEvent, ReaderOutcome>;
