// The sandbox provider's own pages for a club's owner: the plan checkout, the billing portal,
// and the payout-account onboarding. Each changes the sandbox's state (as Stripe's pages
// would) and then has the app re-read it, as Stripe's webhooks would. Only the club's owner
// sees them: a forwarded link shows nothing to anyone else.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { renewalDate } from "../../../shared/domain/billing-dates.js";
import { formatCents } from "../../../shared/domain/money.js";
import { PAID_PLANS, type PaidPlanId, planForProduct, plans } from "../../../shared/domain/plans.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { escapeHtml } from "../../platform/mail/escape-html.js";
import { acceptFormPosts, formButton, sandboxPage } from "../../platform/payments/sandbox-page.js";
import {
  enableSandboxAccount,
  recordSandboxSubscription,
  type SandboxCheckoutSession,
  type SandboxOnboardingLink,
  type SandboxPortalSession,
  sandboxStore,
} from "../../platform/payments/sandbox-provider.js";
import { syncSubscription } from "../billing/service.js";
import { getOrganization } from "../clubs/service.js";
import { requireCapability } from "../members/service.js";
import { syncPayoutAccount } from "./payout-account.js";

const params = z.object({ ref: z.string().regex(/^sbx_[a-z]+_[0-9a-f]+$/) });
const planForm = z.object({ plan: z.enum(PAID_PLANS) });
const forms = { acceptsForms: true };
const tag = "Sandbox: no real money moves";

export function registerSandboxProviderPages(app: FastifyInstance, deps: AppDeps): void {
  acceptFormPosts(app);
  const store = sandboxStore(deps.database.db);
  const { planCatalog } = deps.config;

  /** The record behind a page, if the signed-in person owns its club; 404 for anyone else. */
  async function ownersRecord<T extends { organizationId: string }>(request: FastifyRequest, kind: string) {
    const user = await requireUser(deps.auth, request);
    const parsed = params.safeParse(request.params);
    if (!parsed.success) throw notFound("Not found");
    const { ref } = parsed.data;
    const record = await store.get<T>(ref);
    if (!record || record.kind !== kind) throw notFound("Not found");
    try {
      await requireCapability(deps.database.db, record.data.organizationId, user.id, "billing.manage");
    } catch {
      throw notFound("Not found");
    }
    return {
      ref,
      data: record.data,
      club: await getOrganization(deps.database.db, record.data.organizationId),
    };
  }

  const html = (reply: import("fastify").FastifyReply, page: string) =>
    reply.type("text/html").header("cache-control", "no-store").send(page);

  async function writeSubscription(organizationId: string, customerRef: string, plan: PaidPlanId | null) {
    const productId = plan ? planCatalog[plan].productId : null;
    await recordSandboxSubscription(deps.database.db, customerRef, productId, deps.now());
    await syncSubscription(deps, organizationId);
  }

  // ---------------------------------------------------------------- plan checkout

  app.get("/sandbox/billing/checkout/:ref", { schema: { hide: true } }, async (request, reply) => {
    const { ref, data, club } = await ownersRecord<SandboxCheckoutSession>(request, "checkout_session");
    const planId = PAID_PLANS.find((id) => planCatalog[id].priceId === data.priceId) ?? "basic";
    const plan = plans[planId];
    const body =
      data.status === "open"
        ? formButton(
            `/sandbox/billing/checkout/${ref}/confirm`,
            `Subscribe for ${formatCents(plan.price * 100)} a month`,
            "pay",
          ) + formButton(`/sandbox/billing/checkout/${ref}/cancel`, "Cancel", "cancel")
        : `<p class="done">This checkout is ${data.status}.</p><p><a href="/billing">Back to billing</a></p>`;
    return html(
      reply,
      sandboxPage(
        "Sandbox checkout",
        tag,
        `Courtside ${plan.name}`,
        `<dl><dt>Club</dt><dd>${escapeHtml(club.name)}</dd><dt>Plan</dt><dd>${plan.name}</dd>
<dt>Price</dt><dd class="amount">${formatCents(plan.price * 100)}<small> / month</small></dd></dl>${body}`,
      ),
    );
  });

  app.post(
    "/sandbox/billing/checkout/:ref/confirm",
    { schema: { hide: true }, config: forms },
    async (request, reply) => {
      const { ref, data } = await ownersRecord<SandboxCheckoutSession>(request, "checkout_session");
      if (data.status === "open") {
        const plan = PAID_PLANS.find((id) => planCatalog[id].priceId === data.priceId) ?? "basic";
        await store.put<SandboxCheckoutSession>(ref, "checkout_session", { ...data, status: "complete" });
        await writeSubscription(data.organizationId, data.customerRef, plan);
      }
      return reply.redirect(data.successUrl, 303);
    },
  );

  app.post(
    "/sandbox/billing/checkout/:ref/cancel",
    { schema: { hide: true }, config: forms },
    async (request, reply) => {
      const { data } = await ownersRecord<SandboxCheckoutSession>(request, "checkout_session");
      return reply.redirect(data.cancelUrl, 303);
    },
  );

  // ---------------------------------------------------------------- billing portal

  app.get("/sandbox/billing/portal/:ref", { schema: { hide: true } }, async (request, reply) => {
    const { ref, data, club } = await ownersRecord<SandboxPortalSession>(request, "portal_session");
    const current = await deps.payments.retrieveSubscription(data.customerRef);
    const active = current?.status === "active" ? planForProduct(planCatalog, current.productId) : "trial";
    const actions =
      active === "trial"
        ? `<p>No active subscription.</p>`
        : `<dl><dt>Plan</dt><dd>${plans[active].name}</dd><dt>Renews</dt><dd>${escapeHtml(
            // The day the Billing page gives too (shared/domain/billing-dates.ts).
            current?.currentPeriodEnd ? renewalDate(current.currentPeriodEnd, club.timeZone) : "",
          )}</dd></dl>${PAID_PLANS.filter((id) => id !== active)
            .map(
              (id) =>
                `<form method="post" action="/sandbox/billing/portal/${ref}/switch"><input type="hidden" name="plan" value="${id}"><button class="plain">Switch to ${plans[id].name}</button></form>`,
            )
            .join(
              "",
            )}${formButton(`/sandbox/billing/portal/${ref}/cancel`, "Cancel subscription", "cancel")}`;
    return html(
      reply,
      sandboxPage(
        "Sandbox billing portal",
        tag,
        `${club.name}: billing`,
        `${actions}<p><a href="${escapeHtml(data.returnUrl)}">Return to Courtside</a></p>`,
      ),
    );
  });

  app.post(
    "/sandbox/billing/portal/:ref/switch",
    { schema: { hide: true }, config: forms },
    async (request, reply) => {
      const { ref, data } = await ownersRecord<SandboxPortalSession>(request, "portal_session");
      const form = planForm.safeParse(request.body);
      if (!form.success) throw new AppError("VALIDATION_ERROR", "Choose the Basic or Pro plan");
      const { plan } = form.data;
      await writeSubscription(data.organizationId, data.customerRef, plan);
      return reply.redirect(`/sandbox/billing/portal/${ref}`, 303);
    },
  );

  app.post(
    "/sandbox/billing/portal/:ref/cancel",
    { schema: { hide: true }, config: forms },
    async (request, reply) => {
      const { ref, data } = await ownersRecord<SandboxPortalSession>(request, "portal_session");
      await writeSubscription(data.organizationId, data.customerRef, null);
      return reply.redirect(`/sandbox/billing/portal/${ref}`, 303);
    },
  );

  // ---------------------------------------------------------------- payout onboarding

  app.get("/sandbox/connect/:ref", { schema: { hide: true } }, async (request, reply) => {
    const { ref, data, club } = await ownersRecord<SandboxOnboardingLink>(request, "account_link");
    const account = await deps.payments.retrievePayoutAccount(data.accountRef);
    const body = account.chargesEnabled
      ? `<p class="done">Your payout account is set up and takes payments.</p>`
      : `<p>In Stripe you would enter the club's business, bank and identity details here.</p>${formButton(
          `/sandbox/connect/${ref}/submit`,
          "Submit details",
          "pay",
        )}${formButton(`/sandbox/connect/${ref}/later`, "Save and finish later", "plain")}`;
    return html(
      reply,
      sandboxPage(
        "Sandbox payout account",
        tag,
        `Payouts for ${club.name}`,
        `<dl><dt>Account</dt><dd>${escapeHtml(data.accountRef)}</dd></dl>${body}<p><a href="${escapeHtml(
          data.returnUrl,
        )}">Return to Courtside</a></p>`,
      ),
    );
  });

  app.post(
    "/sandbox/connect/:ref/submit",
    { schema: { hide: true }, config: forms },
    async (request, reply) => {
      const { data } = await ownersRecord<SandboxOnboardingLink>(request, "account_link");
      await enableSandboxAccount(deps.database.db, data.accountRef, data.organizationId);
      await syncPayoutAccount(deps, data.organizationId);
      return reply.redirect(data.returnUrl, 303);
    },
  );

  app.post(
    "/sandbox/connect/:ref/later",
    { schema: { hide: true }, config: forms },
    async (request, reply) => {
      const { data } = await ownersRecord<SandboxOnboardingLink>(request, "account_link");
      return reply.redirect(data.returnUrl, 303);
    },
  );
}
