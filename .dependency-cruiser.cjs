/**
 * The layers' boundaries (docs/ARCHITECTURE.md, "Layers and their rules"), checked by `npm run
 * lint`. scripts/dependency-rules.test.ts proves that each rule fails when it is broken.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "engine-and-platform-know-no-module",
      comment:
        "The AI engine (apps/server/src/ai) and the platform (apps/server/src/platform) take what they need " +
        "from the domain through ports they own; the composition root (app.ts, composition/) plugs the modules in.",
      severity: "error",
      from: { path: "^apps/server/src/(ai|platform)/" },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "module-through-its-entry-file",
      comment:
        "A module uses another module only through that module's entry file, modules/<name>/<name>.module.ts, " +
        "which says what the module offers.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: {
        path: "^apps/server/src/modules/([^/]+)/",
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/([^/]+)/\\1\\.module\\.ts$"],
      },
    },
    {
      name: "browser-apps-import-no-server-code",
      comment: "The dashboard and the widget share shapes through packages/contract, never server code.",
      severity: "error",
      from: { path: "^apps/(dashboard|widget)/" },
      to: { path: "^apps/server/" },
    },
    {
      name: "contract-imports-no-app",
      comment: "packages/contract is the bottom layer: every app depends on it, it depends on no app.",
      severity: "error",
      from: { path: "^packages/contract/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
