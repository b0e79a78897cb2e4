import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startFakeTwilio } from "../integrations/twilio/twilio.fake-server";
import { createSmsSender } from "./sms-sender";

describe("SMS sender", () => {
  it("without Twilio (dev SMS) writes each text under DATA_DIR/sms and prints it, code included", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-sms-"));
    const printed: string[] = [];
    const logged: object[] = [];
    const sender = createSmsSender({
      twilio: null,
      dataDir,
      log: { info: (obj) => logged.push(obj) },
      print: (text) => printed.push(text),
    });
    await sender.send({ to: "+31612345678", text: "Your code for order #1001: 904321" });
    const files = await readdir(path.join(dataDir, "sms"));
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(dataDir, "sms", files[0] as string), "utf8")).toBe(
      "To: +31612345678\n\nYour code for order #1001: 904321\n",
    );
    expect(printed.join("")).toContain("Dev SMS to +31612345678");
    expect(printed.join("")).toContain("904321");
    // The structured log names the file, not the code.
    expect(JSON.stringify(logged)).not.toContain("904321");
  });

  it("with Twilio sends through its API and writes nothing to disk", async () => {
    const twilio = await startFakeTwilio({ accountSid: "AC1", authToken: "token", senders: ["+15005550006"] });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-sms-"));
    try {
      const sender = createSmsSender({
        twilio: { accountSid: "AC1", authToken: "token", from: "+15005550006" },
        twilioBaseUrl: twilio.url,
        dataDir,
        log: { info: () => {} },
        print: () => {},
      });
      await sender.send({ to: "+972501234567", text: "הקוד: 654321" });
      expect(twilio.receivedBy("+972501234567").map((sms) => sms.body)).toEqual(["הקוד: 654321"]);
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await twilio.close();
    }
  });
});
