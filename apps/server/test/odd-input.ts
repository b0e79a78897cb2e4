import type { SamplePath } from "./json-schema-samples";

/**
 * What a stranger can put where a field is expected: text the database refuses, sizes nobody
 * types, and every JSON type but the right one. Shared by the HTTP and socket resilience suites.
 */
export const ODD_FIELD_VALUES: Record<string, unknown> = {
  nul: "odd\u0000text",
  "lone surrogate": "odd \uD83D text",
  "huge string": "x".repeat(200_000),
  "empty string": "",
  "long digits": "9".repeat(400),
  number: 12345,
  "negative number": -1,
  fraction: 1.5,
  boolean: true,
  null: null,
  array: ["a", 1],
  "empty array": [],
  object: { $ne: "" },
  "prototype key": JSON.parse('{"__proto__":{"isAdmin":true}}'),
};

/** Nesting deeper than any recursive walk of the value can go on Node's stack. */
const DEEP_NESTING = 20_000;
export const deeplyNestedJson = () => `${"[".repeat(DEEP_NESTING)}${"]".repeat(DEEP_NESTING)}`;

/** Whole bodies that are JSON but not the object a route reads. */
export const ODD_JSON_BODIES: Record<string, string> = {
  null: "null",
  array: "[]",
  number: "0",
  string: '"text"',
  "empty object": "{}",
  "deep nesting": deeplyNestedJson(),
  "prototype key": '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
  "over the size limit": `{"text":"${"x".repeat(1_100_000)}"}`,
};

/** Every leaf of a sample (strings, numbers, booleans, nulls and empty containers) by its path. */
export function leafPaths(value: unknown, path: SamplePath = []): SamplePath[] {
  if (Array.isArray(value) && value.length > 0) {
    return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

/** A copy of `value` with whatever is at `path` replaced by `replacement`. */
export function withValueAt(value: unknown, path: SamplePath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...SamplePath];
  if (Array.isArray(value)) {
    return value.map((item, index) => (index === head ? withValueAt(item, rest, replacement) : item));
  }
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withValueAt(record[head], rest, replacement) };
}

/** Whether a path names an id (`chatID`, `userIds[0]`, `widgetId`): where another company's ids go. */
export function isIdPath(path: SamplePath): boolean {
  const named = [...path].reverse().find((part): part is string => typeof part === "string");
  return named !== undefined && /ids?$/i.test(named);
}
