// One-click unsubscribe (RFC 8058), without signing in: every notification email carries a
// link signed for its recipient and its kind. The link opens a page with one button (a GET
// never writes); a mail program's one-click POST to the same address (List-Unsubscribe-Post)
// turns the kind off at once. The token names one person and one kind, so a forwarded email
// can only turn off that email for that person.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.js";
import { escapeHtml } from "../../platform/mail/escape-html.js";
import { acceptFormPosts, formButton, sandboxPage } from "../../platform/payments/sandbox-page.js";
import { acceptMultipartForms } from "../../platform/web/multipart-form.js";
import { type EmailKind, setPreference } from "./preferences.js";

/** How each kind is named when someone stops it ("Stop session reminders"). */
export const emailKindNames: Record<EmailKind, string> = {
  sessionReminders: "session reminders",
  courtUpNext: "court up next emails",
  matchResults: "match result emails",
  weeklySummary: "weekly summaries",
  waitlistNotifications: "waitlist emails",
  nightReceipt: "your night's receipts",
  calledToCourt: "calls to a court on your phones",
  joinRequests: "emails about requests to join your club",
  membershipDues: "emails about your membership dues",
};
// One letter a kind keeps the link short (Fastify refuses path parameters over 100 characters).
const kindCodes: Record<EmailKind, string> = {
  sessionReminders: "r",
  courtUpNext: "u",
  matchResults: "m",
  weeklySummary: "w",
  waitlistNotifications: "l",
  nightReceipt: "n",
  calledToCourt: "c",
  joinRequests: "j",
  membershipDues: "d",
};
const kindOfCode = new Map(Object.entries(kindCodes).map(([kind, code]) => [code, kind as EmailKind]));
// The first 128 bits of an HMAC-SHA256, in base64url: ample against guessing, and short.
const SIGNATURE_LENGTH = 22;

function sign(secret: string, payload: string): string {
  return createHmac("sha256", secret)
    .update(`unsubscribe:${payload}`)
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

/** One URL-safe run: the payload (base64url) then its signature, so logs hide it like any token. */
export function unsubscribeToken(secret: string, userId: string, kind: EmailKind): string {
  const payload = Buffer.from(`${kindCodes[kind]}${userId}`).toString("base64url");
  return `${payload}${sign(secret, payload)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: EmailKind } | null {
  if (token.length <= SIGNATURE_LENGTH) return null;
  const payload = token.slice(0, -SIGNATURE_LENGTH);
  const given = Buffer.from(token.slice(-SIGNATURE_LENGTH));
  const expected = Buffer.from(sign(secret, payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const decoded = Buffer.from(payload, "base64url").toString();
  const kind = kindOfCode.get(decoded.slice(0, 1));
  const userId = decoded.slice(1);
  if (!kind || !userId) return null;
  return { userId, kind };
}

/** The link for the email's footer and the headers that let mail programs unsubscribe in one click. */
export function unsubscribeFor(
  deps: { config: Pick<AppDeps["config"], "appUrl" | "sessionSecret"> },
  userId: string,
  kind: EmailKind,
) {
  const url = `${deps.config.appUrl}/unsubscribe/${unsubscribeToken(deps.config.sessionSecret, userId, kind)}`;
  return {
    unsubscribe: { url, what: emailKindNames[kind] },
    headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const params = z.object({ token: z.string().max(300) });

export function registerUnsubscribeRoutes(app: FastifyInstance, deps: AppDeps): void {
  // RFC 8058 lets the one-click POST come urlencoded or as multipart/form-data (its example):
  // both are read in this scope only, and the token in the path, not the body, decides.
  acceptFormPosts(app);
  acceptMultipartForms(app);
  const read = (token: string) => readUnsubscribeToken(deps.config.sessionSecret, token);
  const invalid = sandboxPage(
    "Unsubscribe",
    "Email preferences",
    "This link is not valid",
    "<p>Change which emails you get in Courtside, under Settings.</p>",
  );

  app.get("/unsubscribe/:token", { schema: { hide: true, params } }, async (request, reply) => {
    const { token } = params.parse(request.params);
    const found = read(token);
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    if (!found) return reply.status(404).send(invalid);
    const what = emailKindNames[found.kind];
    return reply.send(
      sandboxPage(
        "Unsubscribe",
        "Email preferences",
        `Stop ${what}?`,
        `<p>You will no longer get ${escapeHtml(what)} from Courtside. You can turn them back on in Settings.</p>${formButton(`/unsubscribe/${token}`, "Unsubscribe", "plain")}`,
      ),
    );
  });

  // Our page's button, and a mail program's one-click POST (body List-Unsubscribe=One-Click),
  // sent from its own servers: no cookie, no Origin.
  app.post(
    "/unsubscribe/:token",
    { schema: { hide: true, params }, config: { acceptsForms: true, acceptsMultipart: true } },
    async (request, reply) => {
      const { token } = params.parse(request.params);
      const found = read(token);
      reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
      if (!found) return reply.status(404).send(invalid);
      await setPreference(deps.database.db, found.userId, found.kind, false);
      const what = emailKindNames[found.kind];
      return reply.send(
        sandboxPage(
          "Unsubscribed",
          "Email preferences",
          "You're unsubscribed",
          `<p>You will no longer get ${escapeHtml(what)}. You can turn them back on in Settings.</p>`,
        ),
      );
    },
  );
}
