/**
 * Splits a document into passages for retrieval: paragraph-aware, bounded in size, with a little
 * overlap so a fact that straddles a boundary is still found whole in one of the two passages.
 */
export type ChunkingOptions = { targetChars?: number; maxChars?: number; overlapChars?: number };
export type TextSection = { heading: string | null; text: string };

const DEFAULTS = { targetChars: 900, maxChars: 1400, overlapChars: 150 };

function sentencesOf(paragraph: string): string[] {
  return (
    paragraph
      .match(/[^.!?…]+(?:[.!?…]+["')\]]*\s*|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [paragraph]
  );
}

/** Words of a too-long sentence, with any single word longer than the limit cut into slices. */
function wordPieces(sentence: string, maxChars: number): string[] {
  return sentence.split(/\s+/).flatMap((word) => {
    if (word.length <= maxChars) return [word];
    const slices: string[] = [];
    for (let i = 0; i < word.length; i += maxChars) slices.push(word.slice(i, i + maxChars));
    return slices;
  });
}

/** A paragraph longer than the limit is cut at sentence ends, and a sentence longer still at spaces. */
function boundedPieces(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentencesOf(paragraph)) {
    const parts = sentence.length <= maxChars ? [sentence] : wordPieces(sentence, maxChars);
    for (const part of parts) {
      if (current && current.length + part.length + 1 > maxChars) {
        pieces.push(current.trim());
        current = "";
      }
      current += `${part} `;
    }
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}

/** The tail of a passage (whole sentences, up to `overlapChars`) that opens the next one. */
function overlapTail(text: string, overlapChars: number): string {
  const sentences = sentencesOf(text);
  let tail = "";
  for (let i = sentences.length - 1; i >= 0; i--) {
    const candidate = `${sentences[i]} ${tail}`.trim();
    if (candidate.length > overlapChars) break;
    tail = candidate;
  }
  return tail;
}

export function chunkSections(sections: TextSection[], options: ChunkingOptions = {}): string[] {
  const { targetChars, maxChars, overlapChars } = { ...DEFAULTS, ...options };
  const chunks: string[] = [];
  for (const section of sections) {
    const heading = section.heading?.trim() ? `${section.heading.trim()}\n` : "";
    const paragraphs = section.text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .flatMap((p) => boundedPieces(p, maxChars - heading.length));
    let current = "";
    for (const paragraph of paragraphs) {
      if (current && current.length + paragraph.length + 2 > targetChars) {
        chunks.push(`${heading}${current}`.trim());
        const tail = overlapTail(current, overlapChars);
        current = tail && tail.length + paragraph.length + 2 <= maxChars - heading.length ? `${tail}\n\n` : "";
      }
      current += `${paragraph}\n\n`;
    }
    if (current.trim()) chunks.push(`${heading}${current}`.trim());
  }
  // Tiny neighbours (a short FAQ answer per heading) are merged so no passage is a lone line.
  const merged: string[] = [];
  for (const chunk of chunks) {
    const previous = merged.at(-1);
    if (
      previous !== undefined &&
      previous.length < targetChars / 4 &&
      previous.length + chunk.length + 2 <= targetChars
    ) {
      merged[merged.length - 1] = `${previous}\n\n${chunk}`;
    } else {
      merged.push(chunk);
    }
  }
  return merged;
}
