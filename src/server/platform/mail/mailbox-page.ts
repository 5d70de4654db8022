// /dev/mailbox: the local mailbox, only when no SMTP server is configured. A newcomer opens
// the confirmation link from here with no mail server at all, and anyone can read a mail's
// headers, or open its raw source in a mail program (?source=<id>), with no SMTP sink.
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/database.js";
import { mailboxMessages } from "../../db/schema/mail.js";
import { escapeHtml } from "./escape-html.js";

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const LOOPBACK_ADDRESS = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOOPBACK_NAME = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/;
const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "via"];

/**
 * Only a browser on this machine, talking to the app directly: the socket is loopback, no
 * proxy header (a proxy on the same machine connects from loopback for everyone), and the
 * Host names this machine (a rebound DNS name does not).
 */
export function isStraightFromThisMachine(request: FastifyRequest): boolean {
  return (
    LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? "") &&
    PROXY_HEADERS.every((name) => request.headers[name] === undefined) &&
    LOOPBACK_NAME.test(request.headers.host ?? "")
  );
}

/** A mail's header block: its source up to the first empty line. */
const headerBlock = (raw: string) => raw.split(/\r?\n\r?\n/, 1)[0] ?? "";

/** A mail's headers behind a disclosure, and a link to its raw source; a text (or older mail) has none. */
const sourceOf = (m: { id: number; raw: string | null }) =>
  m.raw
    ? `<details><summary>Headers</summary><pre class="source">${escapeHtml(headerBlock(m.raw))}</pre>
<p><a href="/dev/mailbox?source=${m.id}">Raw source (.eml)</a></p></details>`
    : "";

/** Mails listed at once: the newest, or the newest to the address asked for. */
const LISTED = 100;

/**
 * The newest mails, or with `to` only those to that address (any case): a newcomer's
 * confirmation scrolled out of the newest hundred on a busy install (a demo club mails its
 * players), and finding it again meant reading the database.
 */
async function mailboxHtml(db: Db, to: string | undefined): Promise<string> {
  const rows = await db
    .select()
    .from(mailboxMessages)
    .where(to ? sql`lower(${mailboxMessages.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(mailboxMessages.id))
    .limit(LISTED);
  const items = rows
    .map(
      (
        m,
      ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</span></header>
${sourceOf(m)}<pre>${linkify(m.text)}</pre></article>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Local mailbox · Courtside</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f7f5;color:#14231b}
main{max-width:760px;margin:auto;padding:24px}h1{font-size:22px}
article{background:#fff;border-radius:10px;padding:16px;margin:12px 0;box-shadow:0 1px 3px #0001}
header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between}header span{color:#5b6b62;font-size:13px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.5 system-ui,sans-serif}a{color:#15803d}
summary{cursor:pointer;color:#5b6b62;font-size:13px;margin-top:8px}pre.source{font:12px/1.4 ui-monospace,monospace;color:#5b6b62}
</style></head><body><main><h1>Local mailbox</h1>
<p>No SMTP server is configured, so Courtside keeps its mail here. Newest first.</p>
<form method="get" action="/dev/mailbox"><label>To <input type="email" name="to" value="${escapeHtml(to ?? "")}" placeholder="you@club.com"></label> <button>Show</button>${to ? ' <a href="/dev/mailbox">All mail</a>' : ""}</form>
${items || `<p>${to ? `No mail to ${escapeHtml(to)}.` : "No mail yet."}</p>`}</main></body></html>`;
}

const notFound = (reply: FastifyReply, message: string) =>
  reply.status(404).send({ error: { code: "NOT_FOUND", message } });

/** A mail's raw source, for a mail program to open; 404 for a text, older mail, or no such id. */
async function sendSource(db: Db, source: unknown, reply: FastifyReply) {
  // Digits that fit a bigint: anything else names no message.
  const id = typeof source === "string" && /^\d{1,15}$/.test(source) ? Number(source) : null;
  const [row] =
    id === null
      ? []
      : await db.select({ raw: mailboxMessages.raw }).from(mailboxMessages).where(eq(mailboxMessages.id, id));
  if (!row?.raw) return notFound(reply, "No such mail in the mailbox.");
  return reply
    .type("message/rfc822")
    .header("cache-control", "no-store")
    .header("content-disposition", `attachment; filename="courtside-mail-${id}.eml"`)
    .send(row.raw);
}

export function registerMailboxPage(app: FastifyInstance, db: Db): void {
  app.get("/dev/mailbox", { schema: { hide: true } }, async (request, reply) => {
    if (!isStraightFromThisMachine(request)) return notFound(reply, "No route for GET /dev/mailbox");
    // A mail's source is asked of the page itself, so the page's rule above answers for both.
    const { source, to } = request.query as { source?: unknown; to?: unknown };
    if (source !== undefined) return sendSource(db, source, reply);
    const address = typeof to === "string" && to.trim() !== "" ? to.trim().slice(0, 320) : undefined;
    return reply
      .type("text/html")
      .header("cache-control", "no-store")
      .send(await mailboxHtml(db, address));
  });
}
