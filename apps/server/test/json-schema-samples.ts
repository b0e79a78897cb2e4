/** The JSON Schema subset zod and the OpenAPI description produce for request shapes. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  format?: string;
};

export type SamplePath = (string | number)[];

const isNullSchema = (schema: JsonSchema) => schema.type === "null";

/**
 * One value of every shape a schema allows at its top level (one per branch of a top-level union),
 * with every property present, optional ones included, so that every string field of a request
 * appears in some sample. Values are plausible, not necessarily valid (ids are random).
 */
export function samplesOf(schema: JsonSchema): unknown[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.filter((branch) => !isNullSchema(branch)).flatMap(samplesOf);
  return [sampleOf(schema)];
}

export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sampleOf(branches.find((branch) => !isNullSchema(branch)) ?? branches[0] ?? {});
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(sampleOf));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const sample: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) sample[key] = sampleOf(property);
      // A record: one entry, so its keys and values are strings the request carries too.
      if (typeof schema.additionalProperties === "object") sample.field = sampleOf(schema.additionalProperties);
      return sample;
    }
    case "array": {
      if (schema.prefixItems) return schema.prefixItems.map(sampleOf);
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => (schema.items ? sampleOf(schema.items) : "item"));
    }
    case "string":
      if (schema.format === "uuid") return crypto.randomUUID();
      if (schema.format === "email") return "someone@example.com";
      return "sample text";
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return schema.default ?? "sample text";
  }
}

/** Where the strings are in a sample (the values; record keys are listed by `recordKeyPaths`). */
export function stringPaths(value: unknown, path: SamplePath = []): SamplePath[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** A copy of `value` with the string at `path` replaced. */
export function withStringAt(value: unknown, path: SamplePath, text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path as [string | number, ...SamplePath];
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? withStringAt(item, rest, text) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: withStringAt(record[head], rest, text) };
}
