// Each person's account at a club (issue 62, decision 040): an append-only ledger of entries,
// and the balance they add up to, kept by the database itself (schema/rules/ledger-rules.sql)
// and never below zero. Owned by features/ledger.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { organizations } from "./clubs.js";
import { createdAt } from "./columns.js";

export const ledgerReason = pgEnum("ledger_reason", [
  "adjustment",
  "purchase",
  "session",
  "refund",
  "no_show_fee",
  "plan_perk",
  "expiry",
]);

// Every movement of value, once: never updated or deleted (a correction is a new entry). An
// asset is what moves: "credit", in cents, for now.
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    asset: text("asset").notNull().default("credit"),
    // Into the account (positive) or out of it (negative); never nothing.
    amount: integer("amount").notNull(),
    reason: ledgerReason("reason").notNull(),
    // What caused it: a payment, a registration, a session; null for an admin's adjustment.
    reference: text("reference"),
    // The admin's words on an adjustment, shown to the member.
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_amount_not_zero", sql`${t.amount} <> 0`),
    index("ledger_entries_person_idx").on(t.organizationId, t.userId, t.createdAt),
  ],
);

// What each person's entries add up to, per asset: written only by the entries' trigger, in the
// transaction that inserts them, and refused below zero (so two spends at once cannot both
// take the same credit: the second waits on the row, then finds too little).
export const ledgerBalances = pgTable(
  "ledger_balances",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    asset: text("asset").notNull(),
    balance: integer("balance").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.asset] }),
    check("ledger_balances_not_negative", sql`${t.balance} >= 0`),
  ],
);
