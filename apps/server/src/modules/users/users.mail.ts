import type { Role } from "@harbor/contract/common";
import { composeMail } from "../../platform/mail-layout";

const ROLE_NAMES: Record<Role, string> = { admin: "an admin", agent: "an agent" };

/**
 * An invitation to join a workspace. The owner of an account is asked to sign in and accept or
 * decline; a new address is asked to create an account with it first. Only the mail differs: the
 * inviting admin is told the same either way.
 */
export function invitationMail(options: {
  to: string;
  inviterName: string;
  companyName: string;
  role: Role;
  hasAccount: boolean;
  publicUrl: string;
}) {
  const asking = `${options.inviterName} invited you to join the ${options.companyName} workspace on Harbor as ${ROLE_NAMES[options.role]}, to answer customers together.`;
  return composeMail({
    to: options.to,
    subject: `${options.inviterName} invited you to join ${options.companyName} on Harbor`,
    heading: `Join ${options.companyName} on Harbor`,
    paragraphs: options.hasAccount
      ? [
          asking,
          "Sign in with this e-mail address to accept or decline. Until you accept, you are not part of the workspace.",
        ]
      : [
          asking,
          "Create your Harbor account with this e-mail address, then accept or decline. No password needed: we send you a one-time code.",
        ],
    link: options.hasAccount
      ? { label: "See the invitation", url: `${options.publicUrl}/invitations` }
      : { label: "Create your account", url: `${options.publicUrl}/sign-up` },
    footer: "If you did not expect this, you can ignore this e-mail: nothing happens unless you accept.",
  });
}
