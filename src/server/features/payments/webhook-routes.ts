// The payment provider's one webhook endpoint. The signature is checked on the raw bytes (a
// re-serialised body would not match) within a 300-second tolerance; each event id is handled
// once and recorded only after it succeeded, so the provider's own retry gets another chance.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps.js";
import { paymentEvents } from "../../db/schema/payments.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { ProviderEvent } from "../../platform/payments/payment-provider.js";
import { handleProviderEvent } from "./webhook-events.js";

const MAX_WEBHOOK_BYTES = 512 * 1024;

export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  // In this scope only: every other route parses JSON, this one needs the bytes as sent.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: MAX_WEBHOOK_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post("/api/webhooks/stripe", { schema: { hide: true } }, async (request) => {
    let event: ProviderEvent;
    try {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      event = deps.payments.verifyWebhook(
        body,
        request.headers["stripe-signature"] as string | undefined,
        deps.now(),
      );
    } catch {
      throw new AppError("BAD_SIGNATURE", "The webhook signature could not be verified.");
    }
    const { db } = deps.database;
    const [seen] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
    if (seen) return { received: true };
    await handleProviderEvent(deps, event);
    await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return { received: true };
  });
}
