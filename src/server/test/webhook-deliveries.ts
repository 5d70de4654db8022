// Webhook deliveries as Stripe makes them, for the tests of what the app does with them: one
// signed body posted to the app (no Origin header: a route with no definition), and a set of
// deliveries each repeated 1 to 5 times and shuffled together, as retries and races deliver.
import type { TestApp } from "./harness.js";

export const deliverWebhook = (t: TestApp, delivery: { payload: string; signature: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
    payload: delivery.payload,
  });

export function replayedShuffled<T>(items: T[]): T[] {
  const out = items.flatMap((item) => Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => item));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
