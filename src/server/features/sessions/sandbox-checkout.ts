// The sandbox provider's checkout page: what Stripe's hosted page would be, run locally so
// paid sessions work with no keys. Served only while the sandbox provider is in use, and only
// to the person paying: a forwarded link shows nothing to anyone else.

import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { dateTimeFormat } from "../../../shared/domain/formatters.js";
import { formatCents } from "../../../shared/domain/money.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { notFound } from "../../platform/errors/app-error.js";
import { escapeHtml } from "../../platform/mail/escape-html.js";
import { acceptFormPosts, formButton, sandboxPage } from "../../platform/payments/sandbox-page.js";
import { sandboxCheckoutOpen, sandboxRefs } from "../../platform/payments/sandbox-provider.js";
import { people } from "../account/service.js";
import { abandonPayment, confirmPayment } from "./payment-outcomes.js";
import { paymentsByRef } from "./payment-rows.js";
import { paymentContext } from "./payments.js";

const params = z.object({ paymentId: z.uuid() });
// The page's two buttons are plain HTML forms.
const forms = { acceptsForms: true };

export function registerSandboxCheckout(app: FastifyInstance, deps: AppDeps): void {
  // Only in this plugin's scope: every other route takes JSON alone.
  acceptFormPosts(app);

  /** The payment, if the signed-in person is the one paying it; 404 for anyone else. */
  const payersPayment = async (request: FastifyRequest, paymentId: string) => {
    const user = await requireUser(deps.auth, request);
    const context = await paymentContext(deps, paymentId);
    if (context.payerId !== user.id && context.householdPayerId !== user.id)
      throw notFound("Payment not found");
    return context;
  };
  const checkoutOpen = (paymentId: string) =>
    sandboxCheckoutOpen(deps.database.db, sandboxRefs.feeCheckoutOf(paymentId));
  /** The payments this checkout pays: the one it was opened for, and a household's places with it. */
  const paidTogether = async (paymentId: string) => {
    const group = await paymentsByRef(deps.database.db, "providerRef", sandboxRefs.feeCheckoutOf(paymentId));
    // A place given up since is not paid for here (its checkout was closed with it anyway).
    const open = group.filter((p) => p.status === "pending" || p.id === paymentId);
    return open.length > 0 ? open.map((p) => p.id) : [paymentId];
  };

  app.get("/sandbox/checkout/:paymentId", { schema: { hide: true, params } }, async (request, reply) => {
    const { paymentId } = params.parse(request.params);
    const { payment, session, clubName, timeZone } = await payersPayment(request, paymentId);
    const when = dateTimeFormat({ dateStyle: "full", timeStyle: "short" }, timeZone).format(session.startsAt);
    const closed = !(await checkoutOpen(paymentId));
    const state = closed ? "This checkout has expired." : `This checkout is ${payment.status}.`;
    const places = [];
    for (const id of await paidTogether(paymentId)) places.push(await paymentContext(deps, id));
    const amount = places.reduce((sum, place) => sum + place.payment.amount, 0);
    const names = await people(
      deps.database.db,
      places.flatMap((place) => (place.playerId ? [place.playerId] : [])),
    );
    // Several places paid at once: each named with its price.
    const each =
      places.length > 1
        ? `<dt>Places</dt><dd>${places
            .map(
              (place) =>
                `${escapeHtml(names.get(place.playerId ?? "")?.name ?? "A place")}: ${formatCents(place.payment.amount)}`,
            )
            .join("<br>")}</dd>`
        : "";
    const body =
      payment.status === "pending" && !closed
        ? formButton(`/sandbox/checkout/${paymentId}/confirm`, `Pay ${formatCents(amount)}`, "pay") +
          formButton(
            `/sandbox/checkout/${paymentId}/cancel`,
            places.length > 1 ? "Cancel and release the places" : "Cancel and release my place",
            "cancel",
          )
        : `<p class="done">${state}</p><p><a href="/sessions/${session.id}">Back to the session</a></p>`;
    const html = sandboxPage(
      "Sandbox checkout",
      "Sandbox payment: no real money moves",
      clubName,
      `<dl><dt>Session</dt><dd>${escapeHtml(session.name)}</dd><dt>When</dt><dd>${escapeHtml(when)}</dd>
${each}<dt>Amount</dt><dd class="amount">${formatCents(amount)}</dd></dl>${body}`,
    );
    return reply.type("text/html").header("cache-control", "no-store").send(html);
  });

  app.post(
    "/sandbox/checkout/:paymentId/confirm",
    { schema: { hide: true, params }, config: forms },
    async (request, reply) => {
      const { paymentId } = params.parse(request.params);
      await payersPayment(request, paymentId);
      // A closed checkout takes no money, as Stripe's does not: back to the page, which says so.
      if (!(await checkoutOpen(paymentId))) return reply.redirect(`/sandbox/checkout/${paymentId}`, 303);
      let refunded = false;
      for (const id of await paidTogether(paymentId))
        refunded = (await confirmPayment(deps, id, sandboxRefs.paymentOf(id))).refund !== null || refunded;
      const { session } = await paymentContext(deps, paymentId);
      return reply.redirect(`/sessions/${session.id}?payment=${refunded ? "refunded" : "success"}`, 303);
    },
  );

  app.post(
    "/sandbox/checkout/:paymentId/cancel",
    { schema: { hide: true, params }, config: forms },
    async (request, reply) => {
      const { paymentId } = params.parse(request.params);
      const { session } = await payersPayment(request, paymentId);
      for (const id of await paidTogether(paymentId)) await abandonPayment(deps, id);
      return reply.redirect(`/sessions/${session.id}?payment=cancelled`, 303);
    },
  );
}
