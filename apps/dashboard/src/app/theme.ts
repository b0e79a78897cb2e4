import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";
import { texts } from "../lib/texts";

/** Indigo around #4e45dd (spec default brand colour): shade 6 has 6.5:1 contrast on white (WCAG AA). */
const harbor: MantineColorsTuple = [
  "#eeedfc",
  "#d9d7f8",
  "#b3aef1",
  "#8c84ea",
  "#6f66e4",
  "#5d54e0",
  "#4e45dd",
  "#3f37c4",
  "#362fad",
  "#2b2590",
];

export const theme = createTheme({
  primaryColor: "harbor",
  primaryShade: 6,
  colors: { harbor },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  defaultRadius: "md",
  focusRing: "auto",
  // Plain objects rather than Component.extend(): extend() would pull Modal and Menu into the first chunk.
  components: {
    // Light alert titles would take the light colour shade (e.g. yellow 6), too faint on white.
    Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
    Button: { defaultProps: { fw: 600 } },
    // In error only the border, the message (and the label's asterisk) turn red: a red placeholder
    // or value reads as an invalid value that was typed in (#19 item 14). Inline variables win
    // over Mantine's [data-error] rule.
    Input: {
      vars: () => ({
        wrapper: {
          "--input-color": "var(--mantine-color-text)",
          "--input-placeholder-color": "var(--mantine-color-placeholder)",
        },
      }),
    },
    // Mantine's focus placeholder is a plain div inside role="menu", which axe reports as critical.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine draws a modal's title (an h2) as body text; it reads as the dialog's heading.
    Modal: {
      defaultProps: { closeButtonProps: { "aria-label": texts.common.closeDialog } },
      styles: { title: { fontSize: "var(--mantine-font-size-lg)", fontWeight: 700, lineHeight: 1.3 } },
    },
    // A notice's close button is an icon: it needs a name (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { "aria-label": texts.common.closeNotice } } },
  },
});

/** Mantine's default dimmed grey and error red are below 4.5:1 on white; use darker shades. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
});
