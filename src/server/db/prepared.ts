// Statements built once and run by name: the reads, and the writes that are one statement.
//
// Drizzle builds a query's SQL from its description on every call: on a signed-in read that
// can cost more CPU than PostgreSQL's own work (decision 011). A prepared
// statement is built once per database handle; node-postgres then sends it by name, parsed
// once per connection. Its values come in through placeholders (sql.placeholder).
//
// Inside a caller's transaction the same query runs on the transaction's connection, built
// as before: a named statement belongs to the pool's handle, not to one transaction.
import { PgTransaction } from "drizzle-orm/pg-core";
import { onePerOwner } from "../platform/memo/one-per-owner.js";
import type { Db, Queryable } from "./database.js";

type Values = Record<string, unknown>;
type Runnable<Result> = { execute(values?: Values): Promise<Result> };
type Preparable<Result> = Runnable<Result> & { prepare(name: string): Runnable<Result> };

export function preparedStatement<Result>(
  name: string,
  build: (db: Queryable) => Preparable<Result>,
): (db: Queryable, values: Values) => Promise<Result> {
  const preparedOn = onePerOwner((db: Db) => build(db).prepare(name));
  return (db, values) =>
    db instanceof PgTransaction ? build(db).execute(values) : preparedOn(db).execute(values);
}
