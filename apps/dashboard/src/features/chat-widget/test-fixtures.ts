import type { WidgetSettings } from "@harbor/contract/widget";
import { defaultWidgetSettings } from "@harbor/contract/widget-defaults";

/** A new widget as the server answers it (its defaults), with any section replaced. */
export function widgetSettings(overrides: Partial<WidgetSettings> = {}): WidgetSettings {
  return { widgetID: "abcdefghij0123456789", ...defaultWidgetSettings(), ...overrides };
}

/** Answers a save with the settings made from the JSON parts sent, as the server does. */
export function echoSections(settings: WidgetSettings) {
  return (body: unknown) => {
    const form = body as FormData;
    const saved: Record<string, unknown> = { ...settings };
    for (const [name, value] of form.entries()) {
      if (typeof value === "string" && name in settings) saved[name] = JSON.parse(value);
    }
    return { data: saved };
  };
}
