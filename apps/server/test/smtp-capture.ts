import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string; subject: string; text: string; html: string; from: string };

/**
 * A real SMTP peer on loopback: the app's nodemailer transport talks SMTP to it and each message
 * is parsed with mailparser, so tests see exactly what a mailbox would.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  const waiters: { match: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(", ") : (parsed.to?.text ?? "");
          const mail: CapturedMail = {
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.match(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The latest mail to `to` (waits up to 5 s for it to arrive). */
    async latestTo(to: string, options: { after?: number } = {}): Promise<CapturedMail> {
      const already = messages.filter((m) => m.to.includes(to)).slice(options.after ?? 0);
      if (already.length > 0) return already.at(-1)!;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${to} arrived`)), 5000);
        waiters.push({
          match: (mail) => mail.to.includes(to),
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    countTo: (to: string) => messages.filter((m) => m.to.includes(to)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The 6-character code in a sign-in or sign-up mail. */
export function codeFromMail(mail: CapturedMail): string {
  const match = /Your code: ([A-Z0-9]{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail "${mail.subject}"`);
  return match[1];
}
