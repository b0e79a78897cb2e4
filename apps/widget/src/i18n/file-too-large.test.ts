import { VISITOR_FILE_TOO_LARGE } from "@harbor/contract/constants";
import { describe, expect, it } from "vitest";
import { en } from "./en";

describe("the English catalogue", () => {
  it("says a file is too large in the server's own words (spec part 2 §5)", () => {
    expect(en.fileTooLarge).toBe(VISITOR_FILE_TOO_LARGE);
  });
});
