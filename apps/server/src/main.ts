import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";

const startedAt = performance.now();

async function main() {
  const config = loadConfig();
  // The built server sits in apps/server/dist; the built dashboard beside it in apps/dashboard/dist.
  config.dashboardDir = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../../dashboard/dist");
  config.widgetDir = path.resolve(fileURLToPath(new URL(".", import.meta.url)), "../../widget/dist");

  // Opening PGlite (WASM start-up) and loading the app's modules overlap: a restart takes the
  // longer of the two rather than their sum.
  const migrationsFolder = fileURLToPath(new URL("./db/migrations", import.meta.url));
  const opening = config.databaseUrl
    ? openDatabase({ kind: "postgres", connectionString: config.databaseUrl, migrationsFolder })
    : openDatabase({
        kind: "pglite",
        migrationsFolder,
        dataDir: path.join(config.dataDir, "db"),
        sharedBuffers: config.pgliteSharedBuffers,
        // Beside main.js, as in the sources beside db/client.ts (build.mjs copies it).
        workerPath: fileURLToPath(new URL("./db/pglite-worker.mjs", import.meta.url)),
      });
  const { buildApp } = await import("./app");
  const database = await opening;
  await database.migrate();

  const app = await buildApp({ config, database });

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info({ signal }, "stopping: finishing in-flight requests");
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // The job queue starts in the background (buildApp): a server whose jobs cannot run stops here.
  app.services.jobRunner.ready().catch((error: unknown) => {
    app.log.fatal({ err: error }, "the job queue could not start");
    process.exit(1);
  });

  await app.listen({ port: config.port, host: config.host });
  const mode = config.smtpUrl ? "SMTP" : "dev mail (codes are printed here and saved in DATA_DIR/mail)";
  const sms = config.twilio ? "Twilio" : "dev SMS (printed here and saved in DATA_DIR/sms)";
  app.log.info(
    `Harbor is ready at ${config.publicUrl} in ${Math.round(performance.now() - startedAt)} ms ` +
      `(database: ${database.kind}, mail: ${mode}, SMS: ${sms})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("Harbor failed to start:", error);
  }
  process.exit(1);
});
