// A local stand-in for Stripe's HTTP API, for the Stripe adapter's tests: the official SDK is
// pointed at it (STRIPE_API_URL), it answers the calls the adapter makes with Stripe-shaped
// objects, replays the first answer for a repeated idempotency key (as Stripe does), and records
// every request so tests can check what was sent, to which account, under which key.
// It is strict: every request is checked against Stripe's OpenAPI description and documented
// value rules (stripe-openapi/validate.ts) before it is routed, and a broken one gets Stripe's
// 400. Refused requests are recorded too, and listed in `refusals`, so a test can assert none.
// Tests move its state along (a checkout paid, an account enabled) as Stripe's pages would, and
// sign webhook events with the SDK's own test helper.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { FormHash } from "./stripe-openapi/form.js";
import { requestedCapabilities } from "./stripe-openapi/rules.js";
import { idempotencyConflict, type StripeError, validateStripeRequest } from "./stripe-openapi/validate.js";

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
  stripeAccount: string | undefined;
  /** When it arrived, by this process's clock (Date.now()): the moment Stripe's rules count from. */
  receivedAt: number;
  /** What the fake refused it with, when it did. */
  refusal?: { status: number; error: StripeError };
};

type Reply = { status: number; body: unknown };

type StripeObject = { id: string; object: string } & Record<string, unknown>;

export const FAKE_WEBHOOK_SECRET = "whsec_test_courtside";
/** The Connect endpoint's own signing secret (events on the clubs' accounts). */
export const FAKE_CONNECT_WEBHOOK_SECRET = "whsec_test_connect";

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const objects = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject[]>(); // by customer
  // The first request under each idempotency key and its answer. Keys are per account, as on Stripe.
  const replies = new Map<string, { request: RecordedRequest; reply: Reply }>();
  const refusals: RecordedRequest[] = [];
  const capabilities = new Map<string, string[]>(); // by account id
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_${(++counter).toString().padStart(6, "0")}`;

  function create(prefix: string, object: string, fields: Record<string, unknown>): StripeObject {
    const made = { id: newId(prefix), object, ...fields };
    objects.set(made.id, made);
    return made;
  }

  function route(req: RecordedRequest, params: FormHash): Reply {
    const { method, path, body } = req;
    const found = (id: string) => objects.get(id) ?? null;
    const notFound = {
      status: 404,
      body: { error: { type: "invalid_request_error", message: "No such object" } },
    };
    if (method === "POST" && path === "/v1/customers") {
      return {
        status: 200,
        body: create("cus", "customer", { name: body.get("name"), email: body.get("email") }),
      };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session = create("cs", "checkout.session", {
        mode: body.get("mode"),
        customer: body.get("customer"),
        client_reference_id: body.get("client_reference_id"),
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        account: req.stripeAccount ?? null,
        // The checkout's own metadata (metadata[key]=value), as Stripe keeps it.
        metadata: Object.fromEntries(
          [...body].flatMap(([key, value]) => {
            const name = key.match(/^metadata\[(\w+)\]$/)?.[1];
            return name ? [[name, value]] : [];
          }),
        ),
      });
      session.url = `https://checkout.stripe.test/${session.id}`;
      return { status: 200, body: session };
    }
    const expire = path.match(/^\/v1\/checkout\/sessions\/([\w]+)\/expire$/);
    if (method === "POST" && expire) {
      const session = found(expire[1]!);
      if (!session || (session.account ?? undefined) !== req.stripeAccount) return notFound;
      if (session.status !== "open") {
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Not open" } } };
      }
      session.status = "expired";
      return { status: 200, body: session };
    }
    const checkout = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
    if (method === "GET" && checkout) {
      const session = found(checkout[1]!);
      // A connected account's objects are only found through that account.
      if (!session || (session.account ?? undefined) !== req.stripeAccount) return notFound;
      return { status: 200, body: session };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const portal = create("bps", "billing_portal.session", { customer: body.get("customer") });
      return { status: 200, body: { ...portal, url: `https://billing.stripe.test/${portal.id}` } };
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const data = subscriptions.get(req.query.get("customer") ?? "") ?? [];
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/subscriptions" } };
    }
    // A member's dues subscription, on the club's account (only found through that account).
    const subscription = path.match(/^\/v1\/subscriptions\/([\w]+)$/);
    if (subscription) {
      const found_ = found(subscription[1]!);
      if (found_?.object !== "subscription" || (found_.account ?? undefined) !== req.stripeAccount)
        return notFound;
      if (method === "POST" && body.has("cancel_at_period_end"))
        found_.cancel_at_period_end = body.get("cancel_at_period_end") === "true";
      // Moved to another price: the item's price and the subscription's metadata, as sent.
      if (method === "POST" && body.has("items[0][price_data][unit_amount]")) {
        const items = found_.items as { data: Array<{ price: Record<string, unknown> }> };
        items.data[0]!.price = {
          id: newId("price"),
          product: body.get("items[0][price_data][product]"),
          unit_amount: Number(body.get("items[0][price_data][unit_amount]")),
        };
        found_.metadata = Object.fromEntries(
          [...body].flatMap(([key, value]) => {
            const name = key.match(/^metadata\[(\w+)\]$/)?.[1];
            return name ? [[name, value]] : [];
          }),
        );
      }
      return { status: 200, body: found_ };
    }
    if (method === "POST" && path === "/v1/accounts") {
      // Requested capabilities show on the account as "inactive" until onboarding is done.
      const requested = requestedCapabilities(params);
      const made = create("acct", "account", {
        email: body.get("email"),
        details_submitted: false,
        charges_enabled: false,
        capabilities: Object.fromEntries(requested.map((name) => [name, "inactive"])),
      });
      capabilities.set(made.id, requested);
      return { status: 200, body: made };
    }
    const account = path.match(/^\/v1\/accounts\/([\w]+)$/);
    if (method === "GET" && account) {
      const found_ = found(account[1]!);
      return found_ ? { status: 200, body: found_ } : notFound;
    }
    if (method === "POST" && path === "/v1/account_links") {
      return {
        status: 200,
        body: {
          object: "account_link",
          url: `https://connect.stripe.test/${newId("link")}`,
          expires_at: 0,
          created: 0,
        },
      };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = found(body.get("payment_intent") ?? "");
      if (!intent) return notFound;
      // A part of the charge, or all of it; the charge reads refunded once all of it is back.
      const amount = body.has("amount") ? Number(body.get("amount")) : Number(intent.amount);
      const back = Number(intent.amount_refunded ?? 0) + amount;
      if (back > Number(intent.amount))
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "Refund is greater than the charge" } },
        };
      intent.amount_refunded = back;
      intent.refunded = back >= Number(intent.amount);
      return {
        status: 200,
        body: create("re", "refund", { payment_intent: intent.id, amount, status: "succeeded" }),
      };
    }
    const intentPath = path.match(/^\/v1\/payment_intents\/([\w]+)$/);
    if (method === "GET" && intentPath) {
      const intent = found(intentPath[1]!);
      if (!intent) return notFound;
      return {
        status: 200,
        body: {
          ...intent,
          latest_charge: { id: `ch_${intent.id}`, object: "charge", refunded: intent.refunded === true },
        },
      };
    }
    return notFound;
  }

  function refuse(recorded: RecordedRequest, status: number, error: StripeError): Reply {
    recorded.refusal = { status, error };
    refusals.push(recorded);
    return { status, body: { error } };
  }

  function answer(recorded: RecordedRequest): Reply {
    const key = recorded.idempotencyKey;
    const scope = key && recorded.method === "POST" ? `${recorded.stripeAccount ?? ""} ${key}` : undefined;
    const first = scope ? replies.get(scope) : undefined;
    if (first) {
      // The same request again is answered as the first time (checked then, against the clock
      // of then); another request under the same key is Stripe's idempotency_error.
      const conflict = idempotencyConflict(key!, first.request, recorded);
      return conflict ? refuse(recorded, 400, conflict) : first.reply;
    }
    const checked = validateStripeRequest(recorded);
    // Stripe keeps no answer for a request that failed validation: a corrected retry under the
    // same key is a first request.
    if (!checked.ok) return refuse(recorded, checked.status, checked.error);
    const reply = route(recorded, checked.params);
    if (scope) replies.set(scope, { request: recorded, reply });
    return reply;
  }

  const server = createServer(async (request, response) => {
    const recorded = await record(request);
    requests.push(recorded);
    let reply: Reply;
    try {
      reply = answer(recorded);
    } catch (error) {
      // A bug in the fake answers 500 instead of taking the test process down.
      reply = { status: 500, body: { error: { type: "api_error", message: String(error) } } };
    }
    response.writeHead(reply.status, { "content-type": "application/json", "request-id": newId("req") });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe("sk_test_signer");

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The requests refused (schema, value rules, idempotency, unknown URL), each with its error. */
    refusals,
    /** The capabilities an account was created asking for (`card_payments`, `transfers`). */
    requestedCapabilities: (accountId: string) => capabilities.get(accountId) ?? [],
    /** The Stripe environment for an app that talks to this fake. */
    env: {
      STRIPE_SECRET_KEY: "sk_test_courtside",
      STRIPE_WEBHOOK_SECRET: `${FAKE_WEBHOOK_SECRET},${FAKE_CONNECT_WEBHOOK_SECRET}`,
      STRIPE_PRICE_BASIC: "price_basic",
      STRIPE_PRICE_PRO: "price_pro",
      STRIPE_PRODUCT_BASIC: "prod_basic",
      STRIPE_PRODUCT_PRO: "prod_pro",
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    },
    object: (id: string) => objects.get(id),
    /** The person paid on Stripe's checkout page. */
    payCheckout(sessionId: string, amount: number): string {
      const session = objects.get(sessionId)!;
      const intent = create("pi", "payment_intent", { amount, refunded: false });
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
      return intent.id;
    },
    /** The person subscribed on Stripe's checkout page: the checkout is complete, with its subscription. */
    completeDuesCheckout(sessionId: string, subscriptionId: string) {
      Object.assign(objects.get(sessionId)!, {
        status: "complete",
        payment_status: "paid",
        subscription: subscriptionId,
      });
    },
    expireCheckout(sessionId: string) {
      Object.assign(objects.get(sessionId)!, { status: "expired" });
    },
    setAccount(accountId: string, state: { details_submitted: boolean; charges_enabled: boolean }) {
      Object.assign(objects.get(accountId)!, state);
    },
    /**
     * A member's subscription on a club's account, as Stripe has it once its checkout is paid
     * (metadata copied from the checkout's subscription_data), or as it moves on after.
     */
    setDuesSubscription(
      id: string,
      state: {
        account: string;
        status: string;
        periodEnd: Date;
        cancelAtPeriodEnd?: boolean;
        metadata: Record<string, string>;
      },
    ): StripeObject {
      const existing = objects.get(id);
      const made: StripeObject = {
        ...(existing ?? {}),
        id,
        object: "subscription",
        account: state.account,
        customer: (existing?.customer as string | undefined) ?? newId("cus"),
        status: state.status,
        cancel_at_period_end: state.cancelAtPeriodEnd ?? false,
        metadata: state.metadata,
        items: {
          object: "list",
          data: [
            {
              id: "si_dues",
              price: { id: "price_dues", product: "prod_dues" },
              current_period_end: Math.floor(state.periodEnd.getTime() / 1000),
            },
          ],
        },
      };
      objects.set(id, made);
      return made;
    },
    /** The customer's subscriptions as Stripe would list them. */
    setSubscription(customerId: string, state: { status: string; product: string; periodEnd: Date } | null) {
      if (!state) {
        subscriptions.set(customerId, []);
        return;
      }
      const end = Math.floor(state.periodEnd.getTime() / 1000);
      subscriptions.set(customerId, [
        {
          id: `sub_${customerId}`,
          object: "subscription",
          customer: customerId,
          status: state.status,
          items: {
            object: "list",
            data: [{ id: "si_1", price: { id: "price_x", product: state.product }, current_period_end: end }],
          },
        },
      ]);
    },
    /** A webhook delivery: the raw JSON body and its Stripe-Signature header, signed at `at`. */
    event(
      type: string,
      object: StripeObject,
      options: { account?: string; at?: Date; secret?: string } = {},
    ) {
      const payload = JSON.stringify({
        id: newId("evt"),
        object: "event",
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor((options.at ?? new Date()).getTime() / 1000),
        ...(options.account ? { account: options.account } : {}),
        data: { object },
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        // Events on a club's account come through the Connect endpoint, signed with its secret.
        secret: options.secret ?? (options.account ? FAKE_CONNECT_WEBHOOK_SECRET : FAKE_WEBHOOK_SECRET),
        timestamp: Math.floor((options.at ?? new Date()).getTime() / 1000),
      });
      return { payload, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

async function record(request: IncomingMessage): Promise<RecordedRequest> {
  const receivedAt = Date.now();
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const url = new URL(request.url ?? "/", "http://fake");
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    method: request.method ?? "GET",
    path: url.pathname,
    query: url.searchParams,
    body: new URLSearchParams(Buffer.concat(chunks).toString("utf8")),
    idempotencyKey: header("idempotency-key"),
    stripeAccount: header("stripe-account"),
    receivedAt,
  };
}
