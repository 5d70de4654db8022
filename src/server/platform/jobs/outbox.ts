// A use case's side effects (emails, later jobs) are rows in the job queue written by the use
// case's own transaction: the change and what it owes the world commit together or not at all.
// Before, they were queued after the commit, and a process that died in between lost them.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import type { MailMessage } from "../mail/mailer.js";
import type { JobConnection, Jobs } from "./jobs.js";

/** What a use case with effects writes through: the database and the queue beside it. */
export type Writes = { database: { db: Db }; jobs: Jobs };

export type Effect =
  | { kind: "email"; message: MailMessage }
  | { kind: "job"; queue: string; data: object; startAfter?: Date };

export const emailEffect = (message: MailMessage): Effect => ({ kind: "email", message });
export const jobEffect = (queue: string, data: object, startAfter?: Date): Effect => ({
  kind: "job",
  queue,
  data,
  ...(startAfter ? { startAfter } : {}),
});

/**
 * The transaction as pg-boss's connection. pg-boss writes numbered parameters ($1, $2::json);
 * each value becomes one bound parameter of the same Drizzle statement (sql.param, so an array
 * stays one value rather than a list), and an absent value is SQL null.
 */
export function jobConnection(tx: Tx): JobConnection {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(
        parts.map((part, i) => (i % 2 === 1 ? sql.param(values[Number(part) - 1] ?? null) : sql.raw(part))),
      );
      const result = await tx.execute(query);
      return { rows: result.rows };
    },
  };
}

/**
 * Runs a use case in one transaction and queues the effects it collected before committing.
 * Returns its result and its effects (tests read them; callers normally need only the result).
 */
export async function withEffects<T>(
  { database: { db }, jobs }: Writes,
  work: (tx: Tx, effects: Effect[]) => Promise<T>,
): Promise<{ result: T; effects: Effect[] }> {
  const effects: Effect[] = [];
  const result = await db.transaction(async (tx) => {
    const value = await work(tx, effects);
    await jobs.enqueue(effects, jobConnection(tx));
    return value;
  });
  return { result, effects };
}
