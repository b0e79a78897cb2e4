import type { WidgetTheme } from "./widget";

/*
 * The colours the widget paints from its theme (issue #14 item 7). The spec defaults both chat
 * bubbles to the brand default (#4e45dd), so with untouched settings the visitor and the AI
 * looked alike and ignored the shop's brand colour. Both settings stay; what is painted:
 * - the visitor's bubble follows the brand colour while its own setting is untouched;
 * - the AI's bubble is a neutral tone while its setting is untouched;
 * - every text colour reaches WCAG AA (4.5:1) on what it sits on: the admin's choice when it does,
 *   else near-black or white, whichever reads better.
 * Pure functions without zod, so the widget's download stays small; the dashboard's preview may
 * paint with the same rules.
 */

/**
 * widget.ts's DEFAULT_BRAND_COLOR and DEFAULT_BUBBLE_TEXT_COLOR, repeated: importing values from
 * widget.ts would bring its schemas (and zod) into the widget (widget-colors.test.ts checks them).
 */
export const DEFAULT_BRAND_COLOR = "#4e45dd";
export const DEFAULT_BUBBLE_TEXT_COLOR = "#ffffff";

/** The AI's bubble while its colour is left at the default. */
export const NEUTRAL_AI_BUBBLE = "#f1f1f4";
const DARK_TEXT = "#1d1d1f";
const LIGHT_TEXT = "#ffffff";
/** WCAG 2 AA for normal text. */
export const AA_CONTRAST = 4.5;

/** "#abc" or "#aabbcc" as [r, g, b] (0–255); null when it is not such a colour. */
function channels(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance (0 black … 1 white). */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two colours (1 … 21); 1 when either is not a colour. */
export function contrastRatio(a: string, b: string): number {
  const [first, second] = [channels(a), channels(b)];
  if (!first || !second) return 1;
  const [light, dark] = [luminance(first), luminance(second)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour for `background`: `wished` when it reaches AA there, else dark or light, whichever contrasts more. */
export function readableTextColor(background: string, wished?: string): string {
  if (wished && contrastRatio(wished, background) >= AA_CONTRAST) return wished;
  return contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background) ? DARK_TEXT : LIGHT_TEXT;
}

/** The brand colour for text and lines on white: itself when it reaches AA, else darkened until it does. */
export function inkOnWhite(brand: string): string {
  let rgb = channels(brand) ?? (channels(DEFAULT_BRAND_COLOR) as [number, number, number]);
  const hex = () => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;
  while (contrastRatio(hex(), LIGHT_TEXT) < AA_CONTRAST) rgb = rgb.map((value) => value * 0.9) as typeof rgb;
  return hex();
}

const isUntouched = (color: string, defaultColor: string) => !color || color.toLowerCase() === defaultColor;

export type WidgetColors = {
  /** The header, the launcher and primary buttons. */
  brand: string;
  /** Text on the brand colour. */
  onBrand: string;
  /** Links, outlined buttons and focus rings on the white panel. */
  brandInk: string;
  visitorBubble: string;
  visitorText: string;
  aiBubble: string;
  aiText: string;
};

export function widgetColors(theme: WidgetTheme): WidgetColors {
  const brand = channels(theme.brand.brandColor) ? theme.brand.brandColor : DEFAULT_BRAND_COLOR;
  const { customer, aiAgent } = theme.chatBubble;
  const visitorBubble = isUntouched(customer.backgroundColor, DEFAULT_BRAND_COLOR) ? brand : customer.backgroundColor;
  const aiBubble = isUntouched(aiAgent.backgroundColor, DEFAULT_BRAND_COLOR)
    ? NEUTRAL_AI_BUBBLE
    : aiAgent.backgroundColor;
  // An empty text colour is the default white, kept only where it reads.
  const textFor = (background: string, wished: string) =>
    readableTextColor(background, wished || DEFAULT_BUBBLE_TEXT_COLOR);
  return {
    brand,
    onBrand: readableTextColor(brand, LIGHT_TEXT),
    brandInk: inkOnWhite(brand),
    visitorBubble,
    visitorText: textFor(visitorBubble, customer.textColor),
    aiBubble,
    aiText: textFor(aiBubble, aiAgent.textColor),
  };
}
