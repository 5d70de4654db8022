// Rules Stripe documents about values, which its OpenAPI description cannot say (a schema
// knows "integer", not "at least 30 minutes from now"). Each is checked after the schema
// passed, so the values it reads are well formed. Each answers the first problem or null.
import { type FormHash, type FormValue, isHash, paramName } from "./form.js";
import { invalid, type StripeError } from "./schema.js";

export type RuleInput = {
  params: FormHash;
  /** The Stripe-Account header: the connected account the request acts on. */
  stripeAccount: string | undefined;
  /** When the request arrived, by the fake's clock (Date.now()), in milliseconds. */
  receivedAt: number;
};

export type Rule = (input: RuleInput) => StripeError | null;

const MINUTE = 60_000;

/**
 * Checkout Sessions, `expires_at`: "anywhere from 30 minutes to 24 hours after Checkout Session
 * creation" (API reference, checkout/sessions/create). Measured from when Stripe receives the
 * request, so a value of exactly now + 30 minutes computed by the caller is already too soon.
 */
export const checkoutExpiryWindow: Rule = ({ params, receivedAt }) => {
  const value = params.expires_at;
  if (typeof value !== "string") return null;
  const at = Number(value) * 1000;
  if (at < receivedAt + 30 * MINUTE) {
    return invalid(
      "parameter_invalid_integer",
      "expires_at",
      "The `expires_at` timestamp must be at least 30 minutes after the Checkout Session is created.",
    );
  }
  if (at > receivedAt + 24 * 60 * MINUTE) {
    return invalid(
      "parameter_invalid_integer",
      "expires_at",
      "The `expires_at` timestamp must be at most 24 hours after the Checkout Session is created.",
    );
  }
  return null;
};

/** Stripe's smallest and largest charge in US dollars, in cents: $0.50 and $999,999.99. */
export const USD_MINIMUM = 50;
export const USD_MAXIMUM = 99_999_999;

/**
 * Line items' `price_data[unit_amount]` in usd: Stripe's minimum charge amount (0.50 USD,
 * docs "Minimum and maximum charge amounts") and the largest amount a Checkout Session takes
 * (999,999.99). Other currencies have other limits and are not checked here.
 */
export const unitAmountLimits: Rule = ({ params }) => {
  const items = params.line_items;
  if (!isHash(items)) return null;
  for (const [index, item] of Object.entries(items)) {
    const priceData = isHash(item) ? item.price_data : undefined;
    if (!isHash(priceData) || typeof priceData.currency !== "string") continue;
    if (priceData.currency.toLowerCase() !== "usd") continue;
    const amount = priceData.unit_amount;
    if (typeof amount !== "string") continue;
    const param = paramName(["line_items", index, "price_data", "unit_amount"]);
    if (Number(amount) < USD_MINIMUM) {
      return invalid("amount_too_small", param, "Amount must be at least $0.50 usd");
    }
    if (Number(amount) > USD_MAXIMUM) {
      return invalid("amount_too_large", param, "Amount must be no more than $999,999.99 usd");
    }
  }
  return null;
};

/**
 * `payment_intent_data[application_fee_amount]`: a platform's fee exists only on a direct
 * charge (made on the connected account, the Stripe-Account header) or a destination charge
 * (`payment_intent_data[transfer_data][destination]`). On a charge the platform takes for
 * itself Stripe refuses it.
 */
export const applicationFeeNeedsConnectedAccount: Rule = ({ params, stripeAccount }) => {
  const intent = params.payment_intent_data;
  if (!isHash(intent) || intent.application_fee_amount === undefined) return null;
  const destination = isHash(intent.transfer_data) ? intent.transfer_data.destination : undefined;
  if (stripeAccount || destination) return null;
  return invalid(
    "parameter_invalid",
    "payment_intent_data[application_fee_amount]",
    "An application_fee_amount can only be applied when the payment is a direct charge (the " +
      "Stripe-Account header) or a destination charge (`transfer_data[destination]`).",
  );
};

/**
 * Accounts: `type` is the older way to say what `controller` says in detail, and Stripe takes
 * one or the other, never both.
 */
export const accountTypeOrController: Rule = ({ params }) => {
  if (params.type === undefined || params.controller === undefined) return null;
  return invalid(
    "parameters_exclusive",
    "controller",
    "You may pass either `type` or `controller` when creating an account, not both.",
  );
};

/**
 * The capabilities an account creation asks for, by name (`card_payments`, `transfers`).
 * Stripe wants new Connect accounts to request them; the fake does not refuse an account without
 * them (Stripe does not always), it records them so tests can check they were asked for.
 */
export function requestedCapabilities(params: FormHash): string[] {
  const capabilities: FormValue | undefined = params.capabilities;
  if (!isHash(capabilities)) return [];
  return Object.entries(capabilities)
    .filter(([, settings]) => isHash(settings) && settings.requested === "true")
    .map(([name]) => name);
}

/** The rules of each operation, by "METHOD /path template". */
export const VALUE_RULES: Record<string, Rule[]> = {
  "POST /v1/checkout/sessions": [checkoutExpiryWindow, unitAmountLimits, applicationFeeNeedsConnectedAccount],
  "POST /v1/accounts": [accountTypeOrController],
};
