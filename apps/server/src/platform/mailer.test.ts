import { mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { composeMail } from "./mail-layout";
import { createMailer } from "./mailer";

describe("dev mail (no SMTP_URL)", () => {
  it("writes each message as an .eml file and prints its text, code included, to the terminal", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "harbor-mail-"));
    const printed: string[] = [];
    const mailer = createMailer({
      from: "Harbor <no-reply@harbor.test>",
      dataDir,
      log: { info: () => {} },
      print: (t) => printed.push(t),
    });
    await mailer.send(
      composeMail({
        to: "new@shop.example",
        subject: "Your code",
        heading: "Hi <there>",
        paragraphs: ["p & q"],
        code: "AB12CD",
      }),
    );
    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(await readFile(path.join(dataDir, "mail", files[0]!)));
    expect(parsed.subject).toBe("Your code");
    expect(parsed.text).toContain("Your code: AB12CD");
    // The HTML part escapes what it shows.
    expect(parsed.html).toContain("Hi &lt;there&gt;");
    expect(parsed.html).toContain("p &amp; q");
    expect(printed.join("")).toContain("Dev mail to new@shop.example");
    expect(printed.join("")).toContain("Your code: AB12CD");
  });
});
