import {
  ARTICLE_BLOCK_BUDGET,
  ARTICLE_BLOCK_WARNING,
  type DocumentWithChunks,
  type SaveArticleRequest,
} from "@harbor/contract/knowledge";

/** One block of the editor: `id` and `original` are set for blocks that were loaded from the server. */
export type DraftBlock = { key: string; id?: string; original?: string; content: string };

export type ArticleDraft = { title: string; isActive: boolean; blocks: DraftBlock[]; deletedChunkIDs: string[] };

let lastKey = 0;
export const newBlock = (): DraftBlock => ({ key: `new-${++lastKey}`, content: "" });

/** The editor's starting point: a saved article, or an empty active one with one block. */
export function draftFrom(document: DocumentWithChunks | null): ArticleDraft {
  const blocks: DraftBlock[] = (document?.chunks ?? []).map((chunk) => ({
    key: chunk.id,
    id: chunk.id,
    original: chunk.content,
    content: chunk.content,
  }));
  return {
    title: document?.title ?? "",
    isActive: document?.is_active ?? true,
    blocks: blocks.length > 0 ? blocks : [newBlock()],
    deletedChunkIDs: [],
  };
}

function snapshot(draft: ArticleDraft): string {
  return JSON.stringify([
    draft.title,
    draft.isActive,
    draft.blocks.map((block) => [block.id ?? null, block.content]),
    draft.deletedChunkIDs,
  ]);
}

/** Whether anything differs from the loaded state (spec part 1 §4, forms). */
export function isDraftChanged(draft: ArticleDraft, loaded: ArticleDraft): boolean {
  return snapshot(draft) !== snapshot(loaded);
}

/**
 * The save call: content only for new or edited blocks; unchanged blocks send their id alone, and
 * removed ones go in deleteChunkIDs (spec part 1 §7).
 */
export function toSaveArticleRequest(draft: ArticleDraft, referenceID: string | undefined): SaveArticleRequest {
  return {
    deleteChunkIDs: draft.deletedChunkIDs,
    document: {
      ...(referenceID ? { reference_id: referenceID } : {}),
      title: draft.title.trim(),
      is_active: draft.isActive,
      chunks: draft.blocks.map((block) => {
        if (block.id === undefined) return { content: block.content };
        return block.content === block.original ? { id: block.id } : { id: block.id, content: block.content };
      }),
    },
  };
}

export type BudgetLevel = "green" | "yellow" | "red";

export const charactersLeft = (content: string) => ARTICLE_BLOCK_BUDGET - content.length;

/** Green with 200 or more characters left, yellow below 200, red below 0 (spec part 1 §5). */
export function budgetLevel(left: number): BudgetLevel {
  if (left < 0) return "red";
  return left < ARTICLE_BLOCK_WARNING ? "yellow" : "green";
}

/** Positions (1-based) of the blocks over their budget. */
export function blocksOverBudget(draft: ArticleDraft): number[] {
  return draft.blocks.flatMap((block, index) => (charactersLeft(block.content) < 0 ? [index + 1] : []));
}
