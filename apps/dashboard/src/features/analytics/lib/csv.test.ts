import { describe, expect, it } from "vitest";
import { csvFileName, csvText } from "./csv";

describe("csvText", () => {
  it("starts with the byte order mark and ends each line with CRLF", () => {
    expect(
      csvText([
        ["Model", "Tokens"],
        ["local", 12],
      ]),
    ).toBe("\uFEFFModel,Tokens\r\nlocal,12\r\n");
  });

  it("quotes cells with commas, quotes or line breaks and doubles their quotes", () => {
    const text = csvText([['Say "hi", then', "line one\nline two", "plain", null, 0.185]]);
    expect(text).toBe('\uFEFF"Say ""hi"", then","line one\nline two",plain,,0.185\r\n');
  });

  it("keeps Hebrew as it is and stops a spreadsheet from running a visitor's text as a formula", () => {
    expect(csvText([["איפה ההזמנה שלי?", '=HYPERLINK("x")', "-1+1", "@sum"]])).toBe(
      '\uFEFFאיפה ההזמנה שלי?,"\'=HYPERLINK(""x"")",\'-1+1,\'@sum\r\n',
    );
    // Numbers are numbers, negative or not.
    expect(csvText([[-3]])).toBe("\uFEFF-3\r\n");
  });
});

describe("csvFileName", () => {
  it("names the file by the table and the range", () => {
    expect(csvFileName("Quality by language", { startDate: "2025-03-01", endDate: "2025-03-31" })).toBe(
      "quality-by-language-2025-03-01-to-2025-03-31.csv",
    );
    expect(csvFileName("Model prices")).toBe("model-prices.csv");
  });
});
