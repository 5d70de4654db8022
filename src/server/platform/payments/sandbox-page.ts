// The look of the sandbox provider's pages (checkout, billing portal, payout onboarding):
// plain server-rendered HTML with forms, labelled so nobody mistakes them for a real payment.
import type { FastifyInstance } from "fastify";
import { escapeHtml } from "../mail/escape-html.js";

const style = `body{font-family:system-ui,sans-serif;background:#f4f7f5;color:#14231b;margin:0}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 2px 10px #0002}
@media (max-width:460px){main{margin:0;border-radius:0;min-height:100vh;box-sizing:border-box}}
.tag{display:inline-block;background:#fef9c3;color:#854d0e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
h1{font-size:20px;margin:12px 0 4px;overflow-wrap:anywhere}p{line-height:1.5}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:20px 0}
dt{color:#5b6b62}dd{margin:0;font-weight:600;overflow-wrap:anywhere}.amount{font-size:28px;font-weight:700}
button{width:100%;border:0;border-radius:10px;padding:14px;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px}
.pay{background:#15803d;color:#fff}.cancel{background:#fff;color:#b91c1c;border:1px solid #e2e8f0}
.plain{background:#fff;color:#14231b;border:1px solid #e2e8f0}.done{font-weight:600}a{color:#15803d;font-weight:600}`;

/** A whole sandbox page; `inner` is trusted markup: callers escape what they put in it. */
export function sandboxPage(title: string, tag: string, heading: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} · Courtside</title><style>${style}</style></head><body><main><span class="tag">${escapeHtml(tag)}</span>
<h1>${escapeHtml(heading)}</h1>${inner}</main></body></html>`;
}

/** A one-button form posting to `action` (our own pages only take forms on such routes). */
export function formButton(action: string, label: string, kind: "pay" | "cancel" | "plain"): string {
  return `<form method="post" action="${escapeHtml(action)}"><button class="${kind}">${escapeHtml(label)}</button></form>`;
}

/** Lets a plugin scope take the sandbox pages' form posts. */
export function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
