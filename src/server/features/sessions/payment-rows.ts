// The session fees' rows as the payment provider's side of the app asks for them: found by
// reference, owed a refund, locked while a closing club waits for its refunds.
import { and, eq, inArray } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/database.js";
import { payments, sessions } from "../../db/schema/sessions.js";

/** A session fee found by the provider's checkout or charge reference. */
export async function paymentByRef(
  db: Queryable,
  by: "providerRef" | "providerPaymentRef",
  ref: string,
): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments[by], ref));
  return row ?? null;
}

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The payments one checkout (or one charge) pays: one place's, or a household's places paid at
 * once, which share it (payments.ts).
 */
export async function paymentsByRef(
  db: Queryable,
  by: "providerRef" | "providerPaymentRef",
  ref: string,
): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments[by], ref)).orderBy(payments.createdAt, payments.id);
}

export async function paymentById(db: Queryable, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row ?? null;
}

/** The payments whose refund was decided and not yet made. */
export async function refundsOwed(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.status, "refund_pending"));
  return rows.map((r) => r.id);
}

/**
 * Before a closed club's rows are removed: locks its sessions, then its payments (the order
 * every writer takes), and answers how many payments are still owed back. While the caller's
 * transaction lasts, no payment of the club can become owed.
 */
export async function lockClubPayments(tx: Tx, organizationId: string): Promise<{ refundsPending: number }> {
  await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.organizationId, organizationId))
    .for("update");
  const rows = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.organizationId, organizationId))
    .for("update");
  return { refundsPending: rows.filter((row) => row.status === "refund_pending").length };
}

/** Records a refund made at the provider (by our job, or in the provider's dashboard) if the payment is still `from`. */
export async function markRefunded(
  db: Queryable,
  paymentId: string,
  refundRef: string | null,
  from: Array<PaymentRow["status"]>,
): Promise<void> {
  await db
    .update(payments)
    .set({ status: "refunded", ...(refundRef ? { refundRef } : {}), updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from)));
}
