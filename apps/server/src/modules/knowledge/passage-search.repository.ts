import type { RetrievedChunk, SourceType } from "@harbor/contract/knowledge";
import { sql } from "drizzle-orm";
import type { PassageSearch } from "../../ai/retrieval/retrieve";
import { type Database, HNSW_EF_SEARCH, queryRows } from "../../db/client";

/** Reciprocal rank fusion constant: the usual 60 keeps either list from dominating. */
const RRF_K = 60;
/** The rarest query words pick the passages to score (bounded work on a large knowledge base). */
const RAREST_TERMS = 8;
const CANDIDATES_PER_TERM = 250;
/** At most this many passages per document, so several documents get a say. */
const MAX_PASSAGES_PER_DOCUMENT = 2;

/**
 * Ties rank equally (rank(), not row_number()) and final ties fall to the document's reference and
 * the passage's position: ids are random, so breaking ties by id made answers differ between runs.
 */
type FusedRow = {
  chunk_id: string;
  document_id: string;
  reference_id: string;
  title: string;
  content: string;
  url: string | null;
  image: string | null;
  source_type: string;
  show_as_source: boolean;
  score: number;
  position: number;
};

/**
 * The knowledge base's search, the AI engine's PassageSearch port: PostgreSQL full-text ranking
 * (BM25-style IDF from the company's lexeme counts) and pgvector cosine similarity, each taking
 * its best candidates, fused by reciprocal rank. Only chunks of active documents in active sources
 * are searchable (`is_searchable`).
 */
export function createPassageSearch(db: Database): PassageSearch {
  return {
    async search(options): Promise<RetrievedChunk[]> {
      const { companyId, mode, vectorWeight, limit, concepts } = options;
      // Each side's best passages; the HNSW scan of every connection is set to find as many.
      const candidates = HNSW_EF_SEARCH;
      // Each concept (a word, or a thesaurus group with its Dutch/Hebrew/English synonyms) yields
      // its lexemes under every configuration the plan names, in one set-returning expression.
      const conceptKeys = `{${concepts.map((c) => JSON.stringify(c.key)).join(",")}}`;
      const conceptTexts = `{${concepts.map((c) => JSON.stringify(c.text)).join(",")}}`;
      const configs = `{${options.configs.join(",")}}`;
      const vectorLiteral = options.embedding ? `[${options.embedding.join(",")}]` : null;
      // A custom reply's AI answer reads only its sources: the best candidates of those sources.
      const inSources = options.sourceIds
        ? sql`and d.source_id::text = any(${`{${options.sourceIds.join(",")}}`}::text[])`
        : sql``;

      // No transaction: the HNSW settings are the connection's own (db/client.ts, decision 011).
      const rows = await queryRows<FusedRow>(
        db,
        sql`
          with lexemes as (
            select distinct u.lexeme, x.concept
            from unnest(${conceptKeys}::text[], ${conceptTexts}::text[]) as x(concept, body),
              unnest(${configs}::regconfig[]) as cfg(config),
              lateral unnest(to_tsvector(cfg.config, x.body)) u
          ),
          corpus as (
            select greatest(chunk_count, 1)::float8 as n from knowledge_terms
            where company_id = ${companyId} and lexeme = ''
          ),
          -- BM25's inverse document frequency per query word, from the company's lexeme counts:
          -- "order" in every passage weighs little, "germany" in three weighs a lot. Words in more
          -- than half the passages are dropped, as their weight would be ~0 anyway.
          terms as (
            select l.lexeme, l.concept, to_tsquery('simple', quote_literal(l.lexeme)) as q, k.chunk_count as df,
              ln(1 + (corpus.n - k.chunk_count + 0.5) / (k.chunk_count + 0.5)) as idf
            from lexemes l
            join knowledge_terms k on k.company_id = ${companyId} and k.lexeme = l.lexeme
            cross join corpus
            where l.lexeme <> '' and k.chunk_count > 0 and k.chunk_count <= corpus.n / 2 + 1
          ),
          -- Synonyms are one term (as Lucene's SynonymQuery scores them): a concept weighs what its
          -- commonest lexeme weighs, so "Antwerp" in a loyalty page does not outrank "Belgium" in
          -- the delivery page's title merely by being the rarer word of the same concept.
          concept_terms as (
            select t.lexeme, t.concept, t.q, t.df, min(t.idf) over (partition by t.concept) as idf
            from terms t
          ),
          -- Passages worth scoring: those holding one of the rarest query words, at most
          -- CANDIDATES_PER_TERM for each of the RAREST_TERMS rarest. Common words then only add to
          -- their scores. This bounds the work however large the knowledge base grows.
          candidates as (
            select distinct m.id
            from (select q, df from terms order by df, lexeme limit ${RAREST_TERMS}) t,
              lateral (
                select c.id from knowledge_chunks c
                where c.search @@ t.q and c.company_id = ${companyId} and c.is_searchable
                limit ${CANDIDATES_PER_TERM}
              ) m
          ),
          concept_hits as (
            select c.id, t.concept, max(t.idf * ts_rank(c.search, t.q, 0)) as score
            from candidates x
            join knowledge_chunks c on c.id = x.id
            join concept_terms t on c.search @@ t.q
            group by c.id, t.concept
          ),
          text_hits as (
            select id, rank() over (order by score desc) as rank from (
              select id, sum(score) as score from concept_hits
              group by id
              order by score desc, id
              limit ${candidates}
            ) scored
          ),
          vector_hits as (
            select id, rank() over (order by distance) as rank from (
              select c.id, c.embedding <=> ${vectorLiteral}::vector as distance
              from knowledge_chunks c
              where ${vectorLiteral}::text is not null and c.company_id = ${companyId}
                and c.is_searchable and c.embedding_model = ${options.embeddingModel}
              order by c.embedding <=> ${vectorLiteral}::vector
              limit ${candidates}
            ) nearest
          ),
          fused as (
            select id, sum(weight / (${RRF_K} + rank)) as score
            from (
              select id, rank, 1.0 as weight from text_hits where ${mode !== "vector"}
              union all
              select id, rank, ${vectorWeight}::float8 as weight from vector_hits where ${mode !== "text"}
            ) hits
            group by id
          ),
          ranked as (
            select c.id as chunk_id, d.id as document_id, d.reference_id, d.title, c.content, d.url, d.image,
                   s.source_type, d.show_as_source, f.score::float8 as score, c.position,
                   row_number() over (partition by d.id order by f.score desc, c.position) as nth_of_document
            from fused f
            join knowledge_chunks c on c.id = f.id
            join knowledge_documents d on d.id = c.document_id
            join knowledge_sources s on s.id = d.source_id
            where true ${inSources}
          )
          select * from ranked where nth_of_document <= ${MAX_PASSAGES_PER_DOCUMENT}
          order by score desc, reference_id, position
          limit ${limit}`,
      );
      return rows.map((row) => ({
        chunkId: row.chunk_id,
        documentId: row.document_id,
        referenceId: row.reference_id,
        title: row.title,
        content: row.content,
        url: row.url,
        image: row.image,
        sourceType: row.source_type as SourceType,
        showAsSource: row.show_as_source,
        score: Number(row.score),
      }));
    },
  };
}
