import { composeMail } from "../../platform/mail-layout";

export function invitationMail(options: { to: string; inviterName: string; companyName: string; signInUrl: string }) {
  return composeMail({
    to: options.to,
    subject: `${options.inviterName} added you to ${options.companyName} on Harbor`,
    heading: `You have been added to ${options.companyName}`,
    paragraphs: [
      `${options.inviterName} added you to the ${options.companyName} workspace on Harbor, where the team answers customers together.`,
      "Sign in with this e-mail address; we will send you a one-time code. No password needed.",
    ],
    link: { label: "Sign in to Harbor", url: options.signInUrl },
  });
}
