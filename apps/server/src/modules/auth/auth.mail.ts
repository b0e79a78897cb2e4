import { SIGN_IN_CODE_TTL_MINUTES } from "@harbor/contract/constants";
import { composeMail } from "../../platform/mail-layout";

const ignoreIfNotYou = "If you did not ask for this, you can ignore this e-mail.";

export function signInCodeMail(options: { to: string; code: string }) {
  return composeMail({
    to: options.to,
    subject: `Your Harbor sign-in code: ${options.code}`,
    heading: "Sign in to Harbor",
    paragraphs: [`Enter this code to sign in. It works once and expires in ${SIGN_IN_CODE_TTL_MINUTES} minutes.`],
    code: options.code,
    footer: ignoreIfNotYou,
  });
}

export function signUpCodeMail(options: { to: string; code: string }) {
  return composeMail({
    to: options.to,
    subject: `Your Harbor sign-up code: ${options.code}`,
    heading: "Confirm your e-mail",
    paragraphs: [
      `Enter this code to finish creating your Harbor account. It works once and expires in ${SIGN_IN_CODE_TTL_MINUTES} minutes.`,
    ],
    code: options.code,
    footer: ignoreIfNotYou,
  });
}

/** Sent instead of a sign-up code when the address already has an account: a code to sign in with. */
export function alreadyRegisteredMail(options: { to: string; code: string }) {
  return composeMail({
    to: options.to,
    subject: `Your Harbor sign-in code: ${options.code}`,
    heading: "You already have a Harbor account",
    paragraphs: [
      `Someone asked to create a Harbor account with ${options.to}. You already have a Harbor account with this address, so no new one was made.`,
      `Enter this code to sign in instead. It works once and expires in ${SIGN_IN_CODE_TTL_MINUTES} minutes.`,
    ],
    code: options.code,
    footer: ignoreIfNotYou,
  });
}

/** Sent instead of a code when someone tries to sign in with an address that has no account. */
export function noAccountMail(options: { to: string; signUpUrl: string }) {
  return composeMail({
    to: options.to,
    subject: "Sign in to Harbor",
    heading: "There is no Harbor account for this e-mail",
    paragraphs: [
      `Someone asked to sign in to Harbor with ${options.to}, but no account uses this address.`,
      "If it was you, you can create an account in a minute.",
    ],
    link: { label: "Create an account", url: options.signUpUrl },
    footer: ignoreIfNotYou,
  });
}
