import { describe, expect, it } from "vitest";
import { coalescedChunks } from "./visitor-answers";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Answer chunks on the wire (decision 053): one frame per turn of the event loop, never out of order. */
describe("coalescedChunks", () => {
  it("sends the pieces written in one turn as one chunk, and later pieces as the next", async () => {
    const sent: string[] = [];
    const chunks = coalescedChunks((text) => sent.push(text));

    chunks.add("Standard delivery takes ");
    chunks.add("one to two ");
    chunks.add("working days. ");
    expect(sent).toEqual([]);
    await nextTurn();
    chunks.add("Express is next day.");
    await nextTurn();

    expect(sent).toEqual(["Standard delivery takes one to two working days. ", "Express is next day."]);
  });

  it("flush sends what waits at once, and only once", async () => {
    const sent: string[] = [];
    const chunks = coalescedChunks((text) => sent.push(text));

    chunks.add("Yes, ");
    chunks.add("returns are free.");
    chunks.flush();
    sent.push("(stored answer)");
    await nextTurn();
    chunks.flush();

    expect(sent).toEqual(["Yes, returns are free.", "(stored answer)"]);
  });
});
