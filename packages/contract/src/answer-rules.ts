/**
 * What the built-in (local) engine makes of answer rules. It lives in the contract because the
 * dashboard tells the admin, as they write a rule, whether this engine will follow it.
 *
 * Answer rules are free text for a language model ("Always end with 'Happy hiking!'", "Be
 * extra polite to returning customers"). An extractive engine can't follow most of them: it
 * can't add sentences it did not find, and a rule asking for a sign-off or a tone is not
 * something it can parse reliably — those rules are skipped, not half-obeyed.
 *
 * The one kind it honours is cheap and safe: a rule that forbids a quoted phrase ("Never
 * mention 'Klarna'", "Noem nooit 'retourlabel'", "אל תזכירו 'קופון'"). Sentences containing
 * the phrase are left out of the answer — leaving something out can't make an answer untrue.
 */
const QUOTED = `["“”'‘’„«»״]([^"“”'‘’„«»״]{2,80})["“”'‘’„«»״]`;
const FORBIDDING = [
  new RegExp(
    `(?:never|don't|dont|do not|avoid|must not)\\s+(?:mention|say|use|write|talk about|bring up|refer to)(?:ing)?\\s+${QUOTED}`,
    "giu",
  ),
  new RegExp(`(?:noem|gebruik|vermeld|zeg)\\s+(?:nooit|niet|geen)\\s+${QUOTED}`, "giu"),
  new RegExp(`(?:nooit|niet)\\s+${QUOTED}\\s+(?:noemen|gebruiken|vermelden|zeggen)`, "giu"),
  new RegExp(`(?:אל|אסור)\\s+(?:ת?להזכיר|תזכיר\\S*|תכתוב\\S*|לכתוב|תשתמש\\S*\\s+ב)\\s*${QUOTED}`, "giu"),
];

export function forbiddenPhrasesOf(rules: { title: string; description: string }[]): string[] {
  const phrases = new Set<string>();
  for (const rule of rules) {
    for (const pattern of FORBIDDING) {
      for (const match of `${rule.title}\n${rule.description}`.matchAll(pattern)) {
        const phrase = match[1]?.trim();
        if (phrase) phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

/** True when the built-in engine follows this rule (it forbids a quoted phrase); other rules it ignores. */
export function isFollowedByLocalEngine(rule: { title: string; description: string }): boolean {
  return forbiddenPhrasesOf([rule]).length > 0;
}
