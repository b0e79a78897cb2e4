import { describe, expect, it } from "vitest";
import { keysOf } from "./match-terms";
import { nameTermsOf, phraseTermsOf } from "./phrase-terms";

describe("phrase terms", () => {
  it("reads thesaurus phrases and capitalised names as wholes", () => {
    expect(phraseTermsOf("can I send the whole order back?").map((t) => t.word)).toEqual(["send back"]);
    expect(nameTermsOf("When does your Black Friday sale start?").map((t) => t.word)).toEqual(["black friday"]);
    // A capital at the start of a sentence is not a name.
    expect(nameTermsOf("Is the Ascent 2 waterproof? Kestrel & Pine says so").map((t) => t.word)).toEqual(["ascent 2"]);
    expect(nameTermsOf("I think Kestrel & Pine says so").map((t) => t.word)).toEqual(["kestrel pine"]);
    expect(keysOf("our Black Friday deal").has("b:black friday")).toBe(true);
  });
});
