import { describe, expect, it } from "vitest";
import { findUnstorableText, isStorableText, unstorableTextMessage } from "./storable-text";

describe("storable text", () => {
  it("refuses NUL and a lone surrogate of either half, and nothing else", () => {
    expect(isStorableText("a\u0000b")).toBe(false);
    expect(isStorableText("broken \uD83D emoji")).toBe(false);
    expect(isStorableText("\uDE00 trailing half first")).toBe(false);
    expect(isStorableText("ends in a high half \uD83D")).toBe(false);
    expect(isStorableText("two highs \uD83D\uD83D")).toBe(false);
    expect(isStorableText("a whole emoji 😀, Hebrew שלום, NBSP\u00a0and \u0001 control")).toBe(true);
    expect(isStorableText("")).toBe(true);
  });

  it("finds the path of the first unstorable string, keys included", () => {
    expect(findUnstorableText({ users: [{ name: "Ann" }, { name: "B\u0000b" }] })).toEqual(["users", 1, "name"]);
    expect(findUnstorableText({ tags: { "ke\uD800y": 1 } })).toEqual(["tags", "ke\uD800y"]);
    expect(findUnstorableText("\u0000")).toEqual([]);
    expect(findUnstorableText({ ok: "😀", n: 1, b: true, none: null, list: ["x"] })).toEqual(null);
    expect(findUnstorableText({ first: "a\u0000", "k\u0000": 1 })).toEqual(["first"]);
  });

  it("walks JSON nested deeper than the call stack without throwing", () => {
    const depth = 50_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(findUnstorableText(deep)).toHaveLength(depth);
    expect(findUnstorableText(JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`))).toEqual(null);
  });

  it("names the field the way the API's other 400s do, with bad characters in keys shown as �", () => {
    expect(unstorableTextMessage(["users", 0, "name"])).toMatch(
      /^users\.0\.name: contains a character that can't be saved/,
    );
    expect(unstorableTextMessage(["a\u0000b"], "widgetID")).toMatch(/^widgetID\.a\uFFFDb: /);
    expect(unstorableTextMessage([])).toMatch(/^The text contains a character/);
  });
});
