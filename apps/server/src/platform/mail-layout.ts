import type { OutgoingMail } from "./mailer";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/**
 * Every Harbor mail has the same plain shape: a heading, paragraphs, optionally a code in large
 * type and a link button. Text and HTML parts say the same thing; all values are escaped.
 */
export function composeMail(options: {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  link?: { label: string; url: string };
  footer?: string;
}): OutgoingMail {
  const textParts = [options.heading, "", ...options.paragraphs.flatMap((p) => [p, ""])];
  if (options.code) textParts.push(`Your code: ${options.code}`, "");
  if (options.link) textParts.push(`${options.link.label}: ${options.link.url}`, "");
  if (options.footer) textParts.push(options.footer);

  const html = [
    '<!doctype html><html><body style="margin:0;background:#f5f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f">',
    '<div style="max-width:480px;margin:32px auto;background:#fff;border-radius:8px;padding:32px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(options.heading)}</h1>`,
    ...options.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`),
    options.code
      ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;font-family:monospace;margin:24px 0">${escapeHtml(options.code)}</p>`
      : "",
    options.link
      ? `<p><a href="${escapeHtml(options.link.url)}" style="display:inline-block;background:#4e45dd;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(options.link.label)}</a></p>`
      : "",
    options.footer ? `<p style="font-size:12px;color:#6e6e73">${escapeHtml(options.footer)}</p>` : "",
    "</div></body></html>",
  ].join("");

  return { to: options.to, subject: options.subject, text: textParts.join("\n").trim(), html };
}
