// Counting what a piece of work asks PostgreSQL: the tests that hold a write to a number of
// statements (decision 011) read them here.
import pg from "pg";
import { vi } from "vitest";

/** A statement as node-postgres submits it: its text (after its name, when prepared) and values. */
export type Sent = { name?: string; text: string; values: unknown[] };

/** Every statement node-postgres sends while `work` runs, in order, with its values. */
export async function statementsWithValues(work: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const submit = pg.Query.prototype.submit;
  const spy = vi.spyOn(pg.Query.prototype, "submit").mockImplementation(function (
    this: pg.Query & { text?: string; name?: string; values?: unknown[] },
    ...args: Parameters<typeof submit>
  ) {
    if (this.text) sent.push({ name: this.name, text: this.text, values: this.values ?? [] });
    return submit.apply(this, args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/**
 * The statements node-postgres sends while `work` runs whose text (after its name, for a
 * prepared one) matches `pattern`, in order.
 * They are seen as node-postgres submits them: the pool's clients wrap their own query method
 * (db/database.ts), so a spy on it would miss the clients made before it. Other work sends its
 * statements meanwhile too (the job queue polls): `pattern` picks the ones that count.
 */
export async function statementsSent(pattern: RegExp, work: () => Promise<unknown>): Promise<string[]> {
  return (await statementsWithValues(work))
    .map(({ name, text }) => (name ? `${name}: ${text}` : text))
    .filter((said) => pattern.test(said));
}
