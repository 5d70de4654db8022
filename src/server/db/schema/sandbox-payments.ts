// The sandbox payment provider's own records. Owned by platform/payments.
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";

// The sandbox payment provider's side of the world (its customers, subscriptions, checkouts,
// payout accounts), kept apart from ours so the app reads it back exactly as it reads Stripe.
export const sandboxProviderRecords = pgTable("sandbox_provider_records", {
  ref: text("ref").primaryKey(),
  kind: text("kind").notNull(),
  data: jsonb("data").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
