// Counting what a piece of work asks PostgreSQL: the tests that hold a write to a number of
// statements (decision 011) read them here.
import pg from "pg";
import { vi } from "vitest";

/**
 * The statements node-postgres sends while `work` runs whose text (after its name, for a
 * prepared one) matches `pattern`, in order.
 * They are seen as node-postgres submits them: the pool's clients wrap their own query method
 * (db/database.ts), so a spy on it would miss the clients made before it. Other work sends its
 * statements meanwhile too (the job queue polls): `pattern` picks the ones that count.
 */
export async function statementsSent(pattern: RegExp, work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const submit = pg.Query.prototype.submit;
  const spy = vi.spyOn(pg.Query.prototype, "submit").mockImplementation(function (
    this: pg.Query & { text?: string; name?: string },
    ...args: Parameters<typeof submit>
  ) {
    // A prepared statement comes with its name: "name: text".
    const said = this.name ? `${this.name}: ${this.text}` : this.text;
    if (said && pattern.test(said)) sent.push(said);
    return submit.apply(this, args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return sent;
}
