import { fork } from "node:child_process";
import path from "node:path";
import { VISITOR_ATTACHMENTS_MAX } from "@harbor/contract/constants";
import { sql } from "drizzle-orm";
import { SESSION_COOKIE } from "../apps/server/src/platform/session";
import { seedCompany } from "./inbox";
import { ms, percentile, startInProcessApp } from "./support/in-process-app";
import type { UploadClientOrder, UploadClientResult } from "./support/upload-client";
import { printTable } from "./table";

const MB = 1024 * 1024;
/** Each upload: a 10 MB picture, the largest a visitor may send. */
const FILE_BYTES = 10 * MB;
/** Uploads the visitor keeps going at once: a message's most files, the per-address limit on uploads in progress. */
const PARALLEL_UPLOADS = VISITOR_ATTACHMENTS_MAX;
const INBOX_READS = Number(process.env.BENCH_UPLOAD_INBOX_READS ?? 400);
const STAFF_SHOP_CHATS = 5_000;

const rssMb = () => `${Math.round(process.memoryUsage().rss / MB)} MB`;

/**
 * Issue 12 item 2: one shop's visitor uploads large files while another shop's staff read their
 * inbox. The staff's inbox reads (HTTP, with a session cookie) and the health check are timed
 * first alone, then while the visitor keeps PARALLEL_UPLOADS uploads of 10 MB going over
 * loopback; the table puts the two side by side. The server runs in this process, on PGlite by
 * default (DATABASE_URL for PostgreSQL); quotas are raised so the visitor is never refused.
 */
export async function benchUploads() {
  const harbor = await startInProcessApp({
    uploadQuotas: {
      perVisitor: { files: 1_000_000, bytes: Number.MAX_SAFE_INTEGER },
      perWidget: { files: 1_000_000, bytes: Number.MAX_SAFE_INTEGER },
      perIp: { files: 1_000_000, bytes: Number.MAX_SAFE_INTEGER },
      inFlightPerIp: PARALLEL_UPLOADS,
    },
  });
  try {
    const uploaderShop = await harbor.createCompany("Upload Bench Shop");
    const widget = await harbor.app.services.widgetRepository.findOrCreate(uploaderShop.companyId);
    const staffShop = await harbor.createCompany("Inbox Bench Shop");
    await seedCompany(harbor.database.db, {
      companyId: staffShop.companyId,
      chatCount: STAFF_SHOP_CHATS,
      customReplyId: "",
    });
    await harbor.database.db.execute(sql`analyze`);
    const cookie = `${SESSION_COOKIE}=${await harbor.createSession(staffShop)}`;
    const url = await harbor.app.listen({ port: 0, host: "127.0.0.1" });

    const got = await fetch(`${url}/api/widget/get`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7" },
      body: JSON.stringify({ widgetID: widget.widgetId }),
    });
    const { visitorToken } = ((await got.json()) as { data: { visitorToken: string } }).data;

    const timeStaff = async () => {
      const inbox: number[] = [];
      const health: number[] = [];
      for (let i = 0; i < INBOX_READS; i++) {
        let startedAt = performance.now();
        const listed = await fetch(`${url}/api/chat/inbox`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie, "x-forwarded-for": "198.51.100.20" },
          body: JSON.stringify({ pageNumber: 1 }),
        });
        if (listed.status !== 200) throw new Error(`inbox answered ${listed.status}`);
        await listed.arrayBuffer();
        inbox.push(performance.now() - startedAt);
        startedAt = performance.now();
        const healthy = await fetch(`${url}/api/health`, { headers: { "x-forwarded-for": "198.51.100.20" } });
        await healthy.arrayBuffer();
        health.push(performance.now() - startedAt);
      }
      return { inbox, health };
    };

    await timeStaff(); // warm-up
    const alone = await timeStaff();
    const rssAlone = rssMb();

    const uploader = startUploadClient({
      url,
      widgetID: widget.widgetId,
      visitorToken,
      fileBytes: FILE_BYTES,
      parallel: PARALLEL_UPLOADS,
      forwardedFor: "203.0.113.7",
    });
    await uploader.started;
    const during = await timeStaff();
    const rssDuring = rssMb();
    const uploaded = await uploader.stop();
    const uploads = uploaded.uploadMs.length;
    const [stored] = (
      (await harbor.database.db.execute(sql`
        select count(*)::int as files, coalesce(sum(octet_length(bytes)), 0)::bigint as bytes_in_db
        from stored_files where company_id = ${uploaderShop.companyId}`)) as unknown as {
        rows: { files: number; bytes_in_db: string }[];
      }
    ).rows;

    const ratio = (a: number[], b: number[]) => `${(percentile(b, 95) / percentile(a, 95)).toFixed(2)}×`;
    printTable(
      `Uploads beside another shop's inbox (${harbor.database.kind}): ${INBOX_READS} inbox reads of a ${STAFF_SHOP_CHATS.toLocaleString("en")}-chat shop, alone and while one visitor keeps ${PARALLEL_UPLOADS} uploads of ${FILE_BYTES / MB} MB going`,
      [
        ["measure", "alone", "with uploads", "p95 ratio (aim ≤ 2×)"],
        ["staff /chat/inbox p50", ms(percentile(alone.inbox, 50)), ms(percentile(during.inbox, 50)), ""],
        [
          "staff /chat/inbox p95",
          ms(percentile(alone.inbox, 95)),
          ms(percentile(during.inbox, 95)),
          ratio(alone.inbox, during.inbox),
        ],
        [
          "/health p95",
          ms(percentile(alone.health, 95)),
          ms(percentile(during.health, 95)),
          ratio(alone.health, during.health),
        ],
        ["server RSS", rssAlone, rssDuring, ""],
        [
          "uploads",
          "",
          `${uploads} × ${FILE_BYTES / MB} MB in ${uploaded.elapsedS.toFixed(1)} s (each p95 ${ms(percentile(uploaded.uploadMs, 95))}), ${uploaded.refused} refused`,
          "",
        ],
        ["bytes in the database", "", `${stored?.bytes_in_db ?? "?"} (${stored?.files ?? 0} rows)`, ""],
      ],
    );
  } finally {
    await harbor.close();
  }
}

/** Forks the uploading visitor's process; `stop` ends its uploads and answers its measurements. */
function startUploadClient(order: UploadClientOrder) {
  const child = fork(path.join(import.meta.dirname, "support/upload-client.ts"), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const finished = new Promise<UploadClientResult>((resolve, reject) => {
    child.on("message", (message) => {
      if (message !== "started") resolve(message as UploadClientResult);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`the uploading visitor's process exited with ${code}`));
    });
  });
  const started = new Promise<void>((resolve) => {
    child.on("message", (message) => {
      if (message === "started") resolve();
    });
  });
  child.send(order);
  return {
    started,
    stop() {
      child.send("stop");
      return finished;
    },
  };
}
