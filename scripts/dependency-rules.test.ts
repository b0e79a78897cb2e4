import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type IConfiguration } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs") as IConfiguration;
const repoRoot = path.resolve(import.meta.dirname, "..");

/** The rules' names that a tree of files breaks, cruised the way `npm run lint` cruises the repo. */
async function violationsIn(root: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(Object.keys(files), {
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      doNotFollow: { path: "node_modules" },
      tsPreCompilationDeps: true,
      enhancedResolveOptions: config.options?.enhancedResolveOptions,
    });
    if (typeof result.output === "string") throw new Error(result.output);
    return result.output.summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
    );
  } finally {
    process.chdir(previous);
  }
}

let root = "";
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "harbor-rules-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const exporting = "export const value = 1;\n";

describe("the layer rules in .dependency-cruiser.cjs", () => {
  it("refuse the AI engine or the platform importing a module", async () => {
    const violations = await violationsIn(path.join(root, "engine"), {
      "apps/server/src/modules/chats/chats.module.ts": exporting,
      "apps/server/src/ai/pipeline/engine.ts":
        'import { value } from "../../modules/chats/chats.module";\nexport const x = value;\n',
      "apps/server/src/platform/session.ts":
        'import { value } from "../modules/chats/chats.module";\nexport const y = value;\n',
    });
    expect(violations).toEqual([
      "engine-and-platform-know-no-module: apps/server/src/ai/pipeline/engine.ts → apps/server/src/modules/chats/chats.module.ts",
      "engine-and-platform-know-no-module: apps/server/src/platform/session.ts → apps/server/src/modules/chats/chats.module.ts",
    ]);
  });

  it("let a module use another only through its entry file, and its own files freely", async () => {
    const violations = await violationsIn(path.join(root, "modules"), {
      "apps/server/src/modules/chats/chats.module.ts": exporting,
      "apps/server/src/modules/chats/chats.repository.ts": exporting,
      "apps/server/src/modules/visitor/visitor.service.ts":
        'import { value } from "../chats/chats.module";\nimport { value as v } from "../chats/chats.repository";\nimport { w } from "./visitor-scope";\nexport const z = value + v + w;\n',
      "apps/server/src/modules/visitor/visitor-scope.ts": "export const w = 2;\n",
    });
    expect(violations).toEqual([
      "module-through-its-entry-file: apps/server/src/modules/visitor/visitor.service.ts → apps/server/src/modules/chats/chats.repository.ts",
    ]);
  });

  it("refuse the dashboard or the widget importing server code, and the contract importing an app", async () => {
    const violations = await violationsIn(path.join(root, "apps"), {
      "apps/server/src/fixture.ts": exporting,
      "apps/dashboard/src/page.tsx": 'import { value } from "../../server/src/fixture";\nexport const a = value;\n',
      "apps/widget/src/app.tsx": 'import { value } from "../../server/src/fixture";\nexport const b = value;\n',
      "packages/contract/src/shape.ts":
        'import { value } from "../../../apps/server/src/fixture";\nexport const c = value;\n',
    });
    expect(violations.sort()).toEqual([
      "browser-apps-import-no-server-code: apps/dashboard/src/page.tsx → apps/server/src/fixture.ts",
      "browser-apps-import-no-server-code: apps/widget/src/app.tsx → apps/server/src/fixture.ts",
      "contract-imports-no-app: packages/contract/src/shape.ts → apps/server/src/fixture.ts",
    ]);
  });

  it("hold on the repository as it is", async () => {
    const previous = process.cwd();
    process.chdir(repoRoot);
    try {
      const result = await cruise(
        ["apps/server/src", "apps/dashboard/src", "apps/widget/src", "packages/contract/src"],
        {
          ...config.options,
          validate: true,
          ruleSet: { forbidden: config.forbidden },
        },
      );
      if (typeof result.output === "string") throw new Error(result.output);
      expect(result.output.summary.violations).toEqual([]);
      // The cruise resolves the workspace's own package, or the rules would miss its imports.
      const contractImport = result.output.modules
        .find((module) => module.source === "apps/server/src/app.ts")
        ?.dependencies.some((dependency) => dependency.resolved.startsWith("apps/"));
      expect(contractImport).toBe(true);
    } finally {
      process.chdir(previous);
    }
  });
});
