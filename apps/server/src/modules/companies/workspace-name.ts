/** Mail providers whose domain says nothing about the shop; the person's name is used instead. */
const PERSONAL_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "yahoo.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "aol.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "hey.com",
  "fastmail.com",
  "ziggo.nl",
  "kpnmail.nl",
  "walla.co.il",
]);

const titleCase = (words: string[]) =>
  words
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** "jane.doe@x" → "Jane Doe": a first display name until the person sets their own. */
export function nameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? email;
  const name = titleCase(local.split(/[._+-]+/).map((part) => part.replace(/\d+/g, "")));
  return name || local;
}

/**
 * The first workspace's name from the sign-up address: "ops@kestrel-pine.example" → "Kestrel Pine";
 * a personal mailbox gives "Jane's Shop". The owner can rename it in the AI Agent settings.
 */
export function workspaceNameFromEmail(email: string): string {
  const domain = (email.split("@")[1] ?? "").toLowerCase();
  if (!domain || PERSONAL_MAIL_DOMAINS.has(domain)) {
    const first = nameFromEmail(email).split(" ")[0];
    return `${first}'s Shop`;
  }
  const labels = domain.split(".");
  // Drop the public suffix ("co.uk", "com") and a leading "www"/"mail"/"shop" label.
  const meaningful = labels.length > 2 && labels.at(-2)!.length <= 3 ? labels.slice(0, -2) : labels.slice(0, -1);
  const core =
    meaningful.filter((label) => !["www", "mail", "email", "app"].includes(label)).at(-1) ?? labels[0] ?? domain;
  return titleCase(core.split(/[-_]+/));
}
