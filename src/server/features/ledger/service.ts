// A person's account at a club (issue 62, decision 040). Every movement is an entry, written
// once; the balance is what the entries add up to, moved by the database in the same
// transaction (schema/rules/ledger-rules.sql) and never below zero. A spend reads the balance
// locked first, so its refusal says what there is; the database's check holds whatever else.
import { and, desc, eq } from "drizzle-orm";
import type { LedgerAccount } from "../../../shared/contracts/ledger.js";
import { ledgerMessages } from "../../../shared/contracts/ledger.js";
import { formatCents } from "../../../shared/domain/money.js";
import type { Queryable, Tx } from "../../db/database.js";
import { ledgerBalances, ledgerEntries } from "../../db/schema/ledger.js";
import { AppError } from "../../platform/errors/app-error.js";

export const CREDIT = "credit";
const ENTRIES_SHOWN = 100;

type NewEntry = Omit<typeof ledgerEntries.$inferInsert, "id" | "createdAt">;

const theirs = (organizationId: string, userId: string, asset: string) =>
  and(
    eq(ledgerBalances.organizationId, organizationId),
    eq(ledgerBalances.userId, userId),
    eq(ledgerBalances.asset, asset),
  );

/** Writes an entry and moves its balance; refused, with nothing written, below zero. */
export async function recordEntry(tx: Tx, entry: NewEntry): Promise<void> {
  const asset = entry.asset ?? CREDIT;
  if (entry.amount < 0) {
    const [row] = await tx
      .select({ balance: ledgerBalances.balance })
      .from(ledgerBalances)
      .where(theirs(entry.organizationId, entry.userId, asset))
      .for("update");
    const balance = row?.balance ?? 0;
    if (balance + entry.amount < 0)
      throw new AppError("INSUFFICIENT_BALANCE", ledgerMessages.belowZero(formatCents(balance)));
  }
  try {
    await tx.insert(ledgerEntries).values({ ...entry, asset });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === "23514" && cause.constraint === "ledger_balances_not_negative")
      throw new AppError("INSUFFICIENT_BALANCE", ledgerMessages.belowZero(formatCents(0)));
    throw error;
  }
}

/** A person's credit at the club and their newest entries. */
export async function readAccount(
  db: Queryable,
  organizationId: string,
  userId: string,
): Promise<LedgerAccount> {
  const [balance, entries] = await Promise.all([
    db
      .select({ balance: ledgerBalances.balance })
      .from(ledgerBalances)
      .where(theirs(organizationId, userId, CREDIT)),
    db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.organizationId, organizationId),
          eq(ledgerEntries.userId, userId),
          eq(ledgerEntries.asset, CREDIT),
        ),
      )
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(ENTRIES_SHOWN),
  ]);
  return {
    balance: balance[0]?.balance ?? 0,
    entries: entries.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      reason: entry.reason,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
