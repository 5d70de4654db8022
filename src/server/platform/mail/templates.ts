// The emails' shared layout and the account emails. The HTML carries the same words as the text, and a button.
import { escapeHtml } from "./escape-html.js";
import type { MailMessage } from "./mailer.js";

/** Builds a message whose HTML and plain text say the same, with one call to action. */
export function actionEmail(
  to: string,
  subject: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  options: {
    unsubscribe?: { url: string; what: string };
    headers?: Record<string, string>;
    /** The club the email is from: its logo and name head the message. */
    club?: { name: string; logoUrl: string | null };
  } = {},
): MailMessage {
  const { unsubscribe, club } = options;
  return {
    to,
    subject,
    text:
      `${paragraphs.join("\n\n")}\n\n${action.url}` +
      (unsubscribe ? `\n\nStop ${unsubscribe.what}: ${unsubscribe.url}` : ""),
    html: layout(heading, paragraphs, action, unsubscribe, club),
    ...(options.headers ? { headers: options.headers } : {}),
  };
}

function layout(
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  unsubscribe?: { url: string; what: string },
  club?: { name: string; logoUrl: string | null },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f7f5;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px;color:#14231b;overflow-wrap:anywhere;word-break:break-word">
${club ? clubHeader(club) : ""}<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#5b6b62">If the button does not work, open this link: ${escapeHtml(action.url)}</p>${
    unsubscribe
      ? `\n<p style="font-size:12px;color:#5b6b62"><a href="${escapeHtml(unsubscribe.url)}" style="color:#5b6b62">Stop ${escapeHtml(unsubscribe.what)}</a></p>`
      : ""
  }
</div></body></html>`;
}

function clubHeader(club: { name: string; logoUrl: string | null }): string {
  // Only web addresses: a logo URL is the club's own text and must not become a script.
  const logo =
    club.logoUrl && /^https?:\/\//i.test(club.logoUrl)
      ? `<img src="${escapeHtml(club.logoUrl)}" alt="" width="40" height="40" style="border-radius:8px;vertical-align:middle;margin-right:10px">`
      : "";
  return `<p style="margin:0 0 20px;font-weight:600;color:#15803d">${logo}${escapeHtml(club.name)}</p>`;
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  return actionEmail(
    to,
    "Confirm your Courtside account",
    "Confirm your email",
    [
      `Hi ${name},`,
      "Confirm your email address to finish creating your Courtside account.",
      "This link is valid for 24 hours.",
    ],
    { label: "Confirm email", url },
  );
}

export function confirmBrowserEmail(to: string, name: string, url: string): MailMessage {
  return actionEmail(
    to,
    "Confirm your new browser for Courtside",
    "Confirm this browser",
    [
      `Hi ${name},`,
      "Someone signed in to your Courtside account with the right password from a browser it has not seen before, while many wrong passwords were being tried. If it was you, open the link below in that browser, then sign in again. It expires in 30 minutes.",
      "If it was not you, change your password: someone knows it.",
    ],
    { label: "Confirm this browser", url },
  );
}

export function resetPasswordEmail(to: string, name: string, url: string): MailMessage {
  return actionEmail(
    to,
    "Reset your Courtside password",
    "Reset your password",
    [
      `Hi ${name},`,
      "Someone asked to reset the password of your Courtside account. If it was you, choose a new password with the link below. It works once and expires in one hour.",
      "If it was not you, ignore this email: your password stays as it is.",
    ],
    { label: "Choose a new password", url },
  );
}

/** Tells a member that the club they belonged to was deleted by its owner. */
export function clubClosedEmail(to: string, name: string, clubName: string, appUrl: string): MailMessage {
  return actionEmail(
    to,
    `${clubName} has been closed by its owner`,
    `${clubName} has closed`,
    [
      `Hi ${name},`,
      `${clubName} has been closed by its owner. Its sessions are cancelled, and anyone who paid for a place is refunded in full to the card they paid with.`,
      "The club's schedule, board, ladder and member list are being removed. Your Courtside account stays, with any other clubs you belong to.",
    ],
    { label: "Open Courtside", url: appUrl },
  );
}
