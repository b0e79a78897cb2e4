import { describe, expect, it } from "vitest";
import { chunkSections } from "./chunk-text";

const paragraph = (n: number, words = 30) =>
  Array.from({ length: words }, (_, i) => `word${n}x${i}`)
    .join(" ")
    .concat(". This ends paragraph ", String(n), ".");

describe("chunking", () => {
  it("keeps a short text whole, with its heading", () => {
    expect(chunkSections([{ heading: "Returns", text: "You have 30 days.\n\nFree returns in the EU." }])).toEqual([
      "Returns\nYou have 30 days.\n\nFree returns in the EU.",
    ]);
  });

  it("bounds every passage and overlaps neighbours by whole sentences", () => {
    const text = Array.from({ length: 30 }, (_, i) => paragraph(i)).join("\n\n");
    const chunks = chunkSections([{ heading: null, text }], { targetChars: 900, maxChars: 1400, overlapChars: 150 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1400);
    // Every paragraph survives somewhere.
    for (let i = 0; i < 30; i++) expect(chunks.some((c) => c.includes(`This ends paragraph ${i}.`))).toBe(true);
    // The second passage starts with the end of the first.
    expect(chunks[1]!.startsWith("This ends paragraph")).toBe(true);
  });

  it("cuts a single enormous paragraph, even one without sentence ends", () => {
    const chunks = chunkSections([{ heading: "Specs", text: "x".repeat(5000) }], { maxChars: 1000 });
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1000);
  });

  it("merges tiny sections and keeps Hebrew text intact", () => {
    const chunks = chunkSections([
      { heading: "משלוח", text: "משלוח חינם מעל 60 אירו." },
      { heading: "החזרות", text: "אפשר להחזיר תוך 30 יום." },
    ]);
    expect(chunks).toEqual(["משלוח\nמשלוח חינם מעל 60 אירו.\n\nהחזרות\nאפשר להחזיר תוך 30 יום."]);
  });

  it("returns nothing for empty text", () => {
    expect(chunkSections([{ heading: "Empty", text: "  \n\n " }])).toEqual([]);
  });
});
