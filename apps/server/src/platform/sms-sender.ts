import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTwilioClient } from "../integrations/twilio/twilio.client";

/** A text message to one phone number in E.164 (`+31612345678`). */
export type OutgoingSms = { to: string; text: string };

/** How Harbor sends text messages (the portal's phone one-time codes, decision 061). */
export type SmsSender = {
  send(sms: OutgoingSms): Promise<void>;
};

export type TwilioSettings = { accountSid: string; authToken: string; from: string };

type Logger = { info(obj: object, msg: string): void };

/** How a dev text appears in the terminal: readable at a glance, code included. */
export function formatDevSms(sms: OutgoingSms, file: string): string {
  const rule = "─".repeat(72);
  return [
    "",
    rule,
    `✆  Dev SMS to ${sms.to}`,
    `   Saved as ${file}`,
    rule,
    ...sms.text.split("\n").map((line) => `   ${line}`),
    rule,
    "",
  ].join("\n");
}

/**
 * Twilio when TWILIO_* are set. Without them ("dev SMS", like dev mail) each text is written to
 * DATA_DIR/sms/*.txt and printed, so a newcomer on the embedded defaults can try phone codes.
 */
export function createSmsSender(options: {
  twilio: TwilioSettings | null;
  /** Overrides Twilio's host (a fake in tests). */
  twilioBaseUrl?: string;
  dataDir: string;
  log: Logger;
  /** Where dev texts are shown; the terminal by default. */
  print?: (text: string) => void;
}): SmsSender {
  if (options.twilio) {
    const client = createTwilioClient({ ...options.twilio, baseUrl: options.twilioBaseUrl });
    return {
      async send(sms) {
        await client.sendMessage({ to: sms.to, body: sms.text });
      },
    };
  }
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  const smsDir = path.join(options.dataDir, "sms");
  return {
    async send(sms) {
      await mkdir(smsDir, { recursive: true });
      const file = path.join(
        smsDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${sms.to.replace(/\D/g, "")}-${crypto.randomUUID().slice(0, 8)}.txt`,
      );
      await writeFile(file, `To: ${sms.to}\n\n${sms.text}\n`);
      options.log.info({ to: sms.to, file }, "dev SMS written");
      print(formatDevSms(sms, file));
    },
  };
}
