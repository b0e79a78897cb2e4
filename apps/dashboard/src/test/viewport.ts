/**
 * Makes window.matchMedia answer width queries as a screen `width` px wide would (happy-dom lays
 * nothing out, and the setup's stub matches nothing). Understands `(max-width: N)` and
 * `(min-width: N)` in px or em (16 px), joined with `and`; any other feature does not match.
 */
export function setViewportWidth(width: number) {
  const toPx = (value: string) => (value.endsWith("em") ? Number.parseFloat(value) * 16 : Number.parseFloat(value));
  const matches = (query: string) =>
    query.split(/\s+and\s+/).every((part) => {
      const feature = /\(\s*(min|max)-width:\s*([\d.]+(?:px|em|rem)?)\s*\)/.exec(part);
      if (!feature) return false;
      const limit = toPx(feature[2] ?? "0");
      return feature[1] === "max" ? width <= limit : width >= limit;
    });
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
