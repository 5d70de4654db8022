// The payment provider's webhook events, each recorded once. Owned by features/payments.
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});
