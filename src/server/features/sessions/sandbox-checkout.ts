// The sandbox provider's checkout page: what Stripe's hosted page would be, run locally so
// paid sessions work with no keys. Served only while the sandbox provider is in use, and only
// to the person paying: a forwarded link shows nothing to anyone else.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { formatCents } from "../../../shared/domain/money.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { notFound } from "../../platform/errors/app-error.js";
import { escapeHtml } from "../../platform/mail/escape-html.js";
import { notifyPromotions } from "./notices.js";
import { paymentContext } from "./payments.js";
import { abandonPayment, confirmPayment } from "./registrations.js";

const params = z.object({ paymentId: z.uuid() });
// The page's two buttons are plain HTML forms.
const forms = { acceptsForms: true };

export function registerSandboxCheckout(app: FastifyInstance, deps: AppDeps): void {
  // Only in this plugin's scope: every other route takes JSON alone.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** The payment, if the signed-in person is the one paying it; 404 for anyone else. */
  const payersPayment = async (request: FastifyRequest, paymentId: string) => {
    const user = await requireUser(deps.auth, request);
    const context = await paymentContext(deps, paymentId);
    if (context.payerId !== user.id) throw notFound("Payment not found");
    return context;
  };

  app.get("/sandbox/checkout/:paymentId", { schema: { hide: true, params } }, async (request, reply) => {
    const { paymentId } = params.parse(request.params);
    const { payment, session, clubName, timeZone } = await payersPayment(request, paymentId);
    const when = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone }).format(
      session.startsAt,
    );
    const open = payment.status === "pending";
    const body = open
      ? `<form method="post" action="/sandbox/checkout/${paymentId}/confirm"><button class="pay">Pay ${formatCents(payment.amount)}</button></form>
<form method="post" action="/sandbox/checkout/${paymentId}/cancel"><button class="cancel">Cancel and release my place</button></form>`
      : `<p class="done">This checkout is ${payment.status}.</p><p><a href="/sessions/${session.id}">Back to the session</a></p>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox checkout · Courtside</title><style>
body{font-family:system-ui,sans-serif;background:#f4f7f5;color:#14231b;margin:0}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 2px 10px #0002}
.tag{display:inline-block;background:#fef9c3;color:#854d0e;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
h1{font-size:20px;margin:12px 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:20px 0}
dt{color:#5b6b62}dd{margin:0;font-weight:600}.amount{font-size:28px;font-weight:700}
button{width:100%;border:0;border-radius:10px;padding:14px;font-size:16px;font-weight:600;cursor:pointer;margin-top:10px}
.pay{background:#15803d;color:#fff}.cancel{background:#fff;color:#b91c1c;border:1px solid #e2e8f0}.done{font-weight:600}
</style></head><body><main><span class="tag">Sandbox payment: no real money moves</span>
<h1>${escapeHtml(clubName)}</h1><dl><dt>Session</dt><dd>${escapeHtml(session.name)}</dd><dt>When</dt><dd>${escapeHtml(when)}</dd>
<dt>Amount</dt><dd class="amount">${formatCents(payment.amount)}</dd></dl>${body}</main></body></html>`;
    return reply.type("text/html").header("cache-control", "no-store").send(html);
  });

  app.post(
    "/sandbox/checkout/:paymentId/confirm",
    { schema: { hide: true, params }, config: forms },
    async (request, reply) => {
      const { paymentId } = params.parse(request.params);
      await payersPayment(request, paymentId);
      const { registration } = await confirmPayment(deps.database.db, paymentId, deps.now());
      return reply.redirect(`/sessions/${registration.sessionId}?payment=success`, 303);
    },
  );

  app.post(
    "/sandbox/checkout/:paymentId/cancel",
    { schema: { hide: true, params }, config: forms },
    async (request, reply) => {
      const { paymentId } = params.parse(request.params);
      const { session } = await payersPayment(request, paymentId);
      const { promotions } = await abandonPayment(deps.database.db, paymentId, deps.now());
      await notifyPromotions(deps.database.db, deps.jobs, deps.config.appUrl, promotions);
      return reply.redirect(`/sessions/${session.id}?payment=cancelled`, 303);
    },
  );
}
