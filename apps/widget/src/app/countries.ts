import { COUNTRY_CALLING_CODES as CODES } from "@harbor/contract/countries";

export type Country = { region: string; callingCode: string; name: string };

/** Every country, named in `language` and sorted by that name. */
export function countries(language: string): Country[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: "region" });
  } catch {
    // An old browser: regions by code.
  }
  return CODES.split(" ")
    .map((entry) => {
      const region = entry.slice(0, 2);
      return { region, callingCode: `+${entry.slice(2)}`, name: names?.of(region) ?? region };
    })
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** The calling code of a region ("NL" → "+31"); "" for an unknown one. */
export function callingCode(region: string): string {
  const code = new RegExp(`(?:^| )${region}(\\d+)`).exec(CODES)?.[1];
  return code ? `+${code}` : "";
}

/**
 * The country the phone field starts on, from the widget's language: Dutch → the Netherlands,
 * Hebrew → Israel, English → the region of the browser's locale ("en-GB" → GB); "" (the visitor
 * picks) when English comes without a region. A Dutch shop's visitor never starts on the US.
 */
export function defaultRegion(language: string, browserLanguages: readonly string[]): string {
  const home = ({ nl: "NL", he: "IL" } as Record<string, string>)[language];
  if (home) return home;
  if (language !== "en") return "";
  const region = /-([A-Z]{2})\b/i.exec(browserLanguages.find((tag) => /-[A-Z]{2}\b/i.test(tag)) ?? "")?.[1];
  return region && callingCode(region.toUpperCase()) ? region.toUpperCase() : "";
}
