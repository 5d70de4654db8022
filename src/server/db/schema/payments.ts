// Session fees and the provider's webhook events. Owned by features/payments.
import { index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./clubs.js";
import { createdAt, updatedAt } from "./columns.js";
import { sessionRegistrations } from "./sessions.js";

export const paymentStatus = pgEnum("payment_status", [
  "pending",
  "paid",
  "cancelled",
  "expired",
  // Decided and owed: the provider's refund is made by a job (retried until it succeeds).
  "refund_pending",
  "refunded",
]);
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => sessionRegistrations.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    // The checkout (Stripe: its Checkout Session id).
    providerRef: text("provider_ref"),
    // The charge itself once paid (Stripe: the PaymentIntent id): what a refund names.
    providerPaymentRef: text("provider_payment_ref"),
    // The connected account the money went to; null when the platform took it (the sandbox).
    payoutAccountRef: text("payout_account_ref"),
    amount: integer("amount").notNull(),
    // Our share, in cents, by the club's plan when the checkout opened (docs/decisions/009).
    applicationFee: integer("application_fee").notNull().default(0),
    refundRef: text("refund_ref"),
    status: paymentStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payments_org_idx").on(t.organizationId, t.registrationId)],
);
// Each payment-provider webhook event handled, by the provider's event id: an event delivered
// again is acknowledged and changes nothing.
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});
