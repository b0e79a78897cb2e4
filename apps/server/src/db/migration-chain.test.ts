import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * drizzle-kit generates the next migration by diffing the schema against the newest snapshot, and
 * refuses to run when two snapshots name the same parent (branches that each added a migration and
 * were merged). Renumbering at a merge must also relink the snapshots; this keeps the chain whole,
 * so `npm run db:generate` works for the next engineer.
 */
const metaDir = path.join(import.meta.dirname, "migrations", "meta");
const journal = JSON.parse(readFileSync(path.join(metaDir, "_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string }[];
};
const snapshots = readdirSync(metaDir)
  .filter((name) => name.endsWith("_snapshot.json"))
  .sort()
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(path.join(metaDir, name), "utf8")) as { id: string; prevId: string }),
  }));

describe("the migrations' snapshots", () => {
  it("have one snapshot per journal entry, numbered alike", () => {
    expect(snapshots.map((snapshot) => snapshot.name.slice(0, 4))).toEqual(
      journal.entries.map((entry) => entry.tag.slice(0, 4)),
    );
  });

  it("form one chain: each names the one before it as its parent", () => {
    for (const [index, snapshot] of snapshots.entries()) {
      if (index === 0) continue;
      expect(`${snapshot.name} → ${snapshot.prevId}`).toBe(`${snapshot.name} → ${snapshots[index - 1]?.id}`);
    }
    expect(new Set(snapshots.map((snapshot) => snapshot.id)).size).toBe(snapshots.length);
  });
});
