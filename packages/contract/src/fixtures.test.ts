import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chatSchema } from "./chat";

/*
 * Every JSON fixture the apps' tests read stands for an answer of the API: each is named here
 * with the schema of that answer, so a fixture that drifts from the contract fails, and a new
 * fixture cannot be added without saying what it stands for.
 */
const FIXTURE_SCHEMAS: Record<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }> = {
  // POST /api/chat/ for the showcase sample chat (kept equal to the server's by demo-showcase-chat.test.ts).
  "showcase-chat.response.json": chatSchema,
};

const fixturesDir = join(import.meta.dirname, "..", "fixtures");
const fixtureFiles = readdirSync(fixturesDir).filter((name) => name.endsWith(".json"));

describe("the contract's JSON fixtures", () => {
  it("are all named with the schema they stand for", () => {
    expect(fixtureFiles.length).toBeGreaterThan(0);
    expect(fixtureFiles.filter((name) => !(name in FIXTURE_SCHEMAS))).toEqual([]);
  });

  it.each(fixtureFiles)("%s matches its schema", (name) => {
    const schema = FIXTURE_SCHEMAS[name];
    if (!schema) throw new Error(`${name} has no schema in FIXTURE_SCHEMAS`);
    const result = schema.safeParse(JSON.parse(readFileSync(join(fixturesDir, name), "utf8")));
    expect(result.error).toBeUndefined();
    expect(result.success).toBe(true);
  });
});
