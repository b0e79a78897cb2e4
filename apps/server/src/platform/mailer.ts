import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

type Logger = { info(obj: object, msg: string): void };

type Nodemailer = typeof import("nodemailer")["default"];

/**
 * A transport made with the first message: nodemailer (~3 MB of V8 heap) is loaded then, not by
 * every server at start-up, most of which send no mail for a long while (decision 078).
 */
function transportOnFirstSend<T extends { close(): void }>(create: (nodemailer: Nodemailer) => T) {
  let transport: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      transport ??= import("nodemailer").then((loaded) => create(loaded.default));
      return transport;
    },
    close() {
      void transport?.then((made) => made.close());
    },
  };
}

/** How a dev-mail message appears in the terminal: readable at a glance, code included. */
export function formatDevMail(mail: OutgoingMail, file: string): string {
  const rule = "─".repeat(72);
  return [
    "",
    rule,
    `✉  Dev mail to ${mail.to}`,
    `   Subject: ${mail.subject}`,
    `   Saved as ${file}`,
    rule,
    ...mail.text.split("\n").map((line) => `   ${line}`),
    rule,
    "",
  ].join("\n");
}

/**
 * Real SMTP when SMTP_URL is set. Without it ("dev mail") each message is written to
 * DATA_DIR/mail/*.eml and its text logged, which is how a newcomer reads their sign-in code.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
  /** Where dev mail is shown; the terminal by default. */
  print?: (text: string) => void;
}): Mailer {
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = transportOnFirstSend((nodemailer) => nodemailer.createTransport(smtpUrl));
    return {
      async send(mail) {
        await (await transport.get()).sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const mailDir = path.join(options.dataDir, "mail");
  const transport = transportOnFirstSend((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    async send(mail) {
      const info = await (await transport.get()).sendMail({ from: options.from, ...mail });
      await mkdir(mailDir, { recursive: true });
      const file = path.join(
        mailDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file }, "dev mail written");
      print(formatDevMail(mail, file));
    },
    close: () => transport.close(),
  };
}
