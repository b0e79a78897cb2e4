import { describe, expect, it } from "vitest";
import { textDirection } from "./text-direction";

describe("textDirection", () => {
  it("keeps a Hebrew sentence right to left in a Hebrew widget, even when it opens with English", () => {
    expect(textDirection("iPhone 15 הוא הדגם החדש ביותר.", "he")).toBe("rtl");
    expect(textDirection('לפי מאמר העזרה שלנו "Shipping": Standard delivery takes 2 days.', "he")).toBe("rtl");
    expect(textDirection("DHL או PostNL?", "he")).toBe("rtl");
  });

  it("lays out English quoted in a Hebrew widget left to right, and text without letters in the widget's direction", () => {
    expect(textDirection("Standard delivery takes 2–3 working days.", "he")).toBe("ltr");
    expect(textDirection("€ 4,95 — 12:30", "he")).toBe("rtl");
    expect(textDirection("€ 4,95 — 12:30", "nl")).toBe("ltr");
  });

  it("keeps mixed text left to right in an English or Dutch widget, and Hebrew-only text right to left", () => {
    expect(textDirection("שלום, is this the Tel Aviv store?", "en")).toBe("ltr");
    expect(textDirection("Bezorgen jullie in Zoë's straat?", "nl")).toBe("ltr");
    expect(textDirection("שלום, איפה החבילה שלי?", "en")).toBe("rtl");
  });
});
