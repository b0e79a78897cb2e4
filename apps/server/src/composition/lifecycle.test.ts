import type { FastifyBaseLogger } from "fastify";
import { expect, it } from "vitest";
import type { HarborModule } from "../platform/harbor-module";
import { type BackgroundWork, runStartUpWork } from "./lifecycle";

/** A logger that keeps what was logged at info and error, as [level, message, fields]. */
function capturingLog() {
  const lines: [string, string, Record<string, unknown>][] = [];
  const log = {
    info: (fields: Record<string, unknown>, message: string) => lines.push(["info", message, fields]),
    error: (fields: Record<string, unknown>, message: string) => lines.push(["error", message, fields]),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

function moduleWith(name: string, onJobsStarted?: () => Promise<void>): HarborModule {
  return { name, onJobsStarted } as HarborModule;
}

it("reports a module's failed start-up work as an error and still runs the others'", async () => {
  const { log, lines } = capturingLog();
  const ran: string[] = [];
  await runStartUpWork(
    [
      moduleWith("knowledge", async () => {
        throw new Error("queue refused");
      }),
      moduleWith("visitor", async () => void ran.push("visitor")),
      moduleWith("chats"),
    ],
    log,
    { isClosing: false },
  );
  expect(ran).toEqual(["visitor"]);
  expect(lines).toHaveLength(1);
  expect(lines[0]?.slice(0, 2)).toEqual(["error", "start-up work failed"]);
  expect(lines[0]?.[2]).toMatchObject({ what: "knowledge" });
});

it("does not call work the stop cut short a failure: it runs again at the next start", async () => {
  const { log, lines } = capturingLog();
  const background: BackgroundWork = { isClosing: false };
  let closeDatabase = (_error: Error) => {};
  const work = runStartUpWork(
    [
      moduleWith(
        "analytics",
        () =>
          new Promise<void>((_resolve, reject) => {
            closeDatabase = reject;
          }),
      ),
    ],
    log,
    background,
  );
  // The server is stopped while the module's statement is still out, then the database closes.
  background.isClosing = true;
  closeDatabase(new Error("PGlite is closed"));
  await work;
  expect(lines).toEqual([
    ["info", "start-up work cut short by the stop", { what: "analytics", reason: "Error: PGlite is closed" }],
  ]);
});
