import { describe, expect, it } from "vitest";
import * as widget from "./widget";
import {
  AA_CONTRAST,
  contrastRatio,
  DEFAULT_BRAND_COLOR,
  DEFAULT_BUBBLE_TEXT_COLOR,
  inkOnWhite,
  NEUTRAL_AI_BUBBLE,
  readableTextColor,
  widgetColors,
} from "./widget-colors";

const theme = (brandColor: string, customer: [string, string], aiAgent: [string, string]): widget.WidgetTheme => ({
  brand: { brandColor },
  chatBubble: {
    customer: { backgroundColor: customer[0], textColor: customer[1] },
    aiAgent: { backgroundColor: aiAgent[0], textColor: aiAgent[1] },
  },
});

describe("widgetColors", () => {
  it("starts from the settings' own defaults", () => {
    expect(DEFAULT_BRAND_COLOR).toBe(widget.DEFAULT_BRAND_COLOR);
    expect(DEFAULT_BUBBLE_TEXT_COLOR).toBe(widget.DEFAULT_BUBBLE_TEXT_COLOR);
  });

  it("tells the speakers apart with untouched bubbles: the visitor's in the brand colour, the AI's neutral", () => {
    const colors = widgetColors(theme("#0a7d7d", ["#4e45dd", "#ffffff"], ["#4E45DD", "#ffffff"]));
    expect(colors.visitorBubble).toBe("#0a7d7d");
    expect(colors.aiBubble).toBe(NEUTRAL_AI_BUBBLE);
    expect(colors.visitorText).toBe("#ffffff");
    // The default white would not read on the neutral bubble.
    expect(colors.aiText).toBe("#1d1d1f");
    expect(widgetColors(theme("#0a7d7d", ["", ""], ["", ""])).visitorBubble).toBe("#0a7d7d");
  });

  it("keeps the colours an admin chose, and their text colours where those read", () => {
    const colors = widgetColors(theme("#0a7d7d", ["#222266", "#ffee88"], ["#fff4d6", "#553300"]));
    expect(colors).toMatchObject({
      visitorBubble: "#222266",
      visitorText: "#ffee88",
      aiBubble: "#fff4d6",
      aiText: "#553300",
    });
  });

  it("puts every text at WCAG AA, overriding a chosen text colour that would not read", () => {
    const colors = widgetColors(theme("#ffd400", ["#ffd400", "#ffffff"], ["#4e45dd", "#ffff00"]));
    expect(colors.visitorText).toBe("#1d1d1f");
    expect(colors.onBrand).toBe("#1d1d1f");
    for (const [text, background] of [
      [colors.visitorText, colors.visitorBubble],
      [colors.aiText, colors.aiBubble],
      [colors.onBrand, colors.brand],
      [colors.brandInk, "#ffffff"],
    ] as const) {
      expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(AA_CONTRAST);
    }
  });

  it("darkens a light brand colour for text on white, and leaves a dark one as it is", () => {
    expect(inkOnWhite("#4e45dd")).toBe("#4e45dd");
    expect(contrastRatio(inkOnWhite("#ffd400"), "#ffffff")).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(readableTextColor("#000000")).toBe("#ffffff");
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21);
    expect(contrastRatio("#4e45dd", "not a colour")).toBe(1);
  });
});
