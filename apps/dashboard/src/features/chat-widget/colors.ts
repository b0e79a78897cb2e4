import { colorOrDefault, DEFAULT_BUBBLE_TEXT_COLOR, type WidgetTheme } from "@harbor/contract/widget";

const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** While a colour is being typed it may not be one yet; the preview then shows the default. */
const validOrEmpty = (color: string) => (HEX_COLOR.test(color.trim()) ? color.trim() : "");

/** The theme with every colour still being typed (not a hex colour yet) left empty, as if unset. */
export function withValidColors(theme: WidgetTheme): WidgetTheme {
  const bubble = (colors: WidgetTheme["chatBubble"]["customer"]) => ({
    backgroundColor: validOrEmpty(colors.backgroundColor),
    textColor: validOrEmpty(colors.textColor),
  });
  return {
    ...theme,
    brand: { ...theme.brand, brandColor: validOrEmpty(theme.brand.brandColor) },
    chatBubble: { customer: bubble(theme.chatBubble.customer), aiAgent: bubble(theme.chatBubble.aiAgent) },
  };
}

/** The colours the widget uses: an empty background is the brand default, an empty text white (as the server answers visitors). */
export const backgroundOrDefault = (color: string) => colorOrDefault(validOrEmpty(color));
export const textOrDefault = (color: string) => validOrEmpty(color) || DEFAULT_BUBBLE_TEXT_COLOR;

/** "#abc" → "#aabbcc" (what a colour input takes); null for anything that is not a hex colour. */
export function toSixDigitHex(color: string): string | null {
  const hex = color.trim().replace(/^#/, "");
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  return /^[0-9a-fA-F]{6}$/.test(full) ? `#${full.toLowerCase()}` : null;
}

/** "#abc" → [170, 187, 204]; null for anything that is not a hex colour. */
function rgbOf(color: string): [number, number, number] | null {
  const hex = toSixDigitHex(color);
  if (!hex) return null;
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

function luminance([red, green, blue]: [number, number, number]): number {
  const [r = 0, g = 0, b = 0] = [red, green, blue].map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1–21), or null when either is not a colour yet. */
export function contrastRatio(foreground: string, background: string): number | null {
  const front = rgbOf(foreground);
  const back = rgbOf(background);
  if (!front || !back) return null;
  const [light, dark] = [luminance(front), luminance(back)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Body text needs 4.5:1 (WCAG AA). */
export const MIN_TEXT_CONTRAST = 4.5;
