// The statements a server runs again and again are parsed and planned once per connection.
//
// Drizzle sends each query it builds as an unnamed statement, so PostgreSQL parses and plans it
// on every run. A board score is some 25 statements in one transaction, each a round trip
// spent mostly in that parse and plan: the text is the same each time, only the values change.
// node-postgres keeps a named statement parsed on each connection and sends only its values
// from then on, so a statement whose text has come often gets a name.
//
// Bounded, as a server's memory must be: each name is a prepared statement on every pooled
// connection, so at most NAMED texts are named, and only those seen SEEN_BEFORE_NAMING times
// (a statement whose text varies, an IN list of another length, takes no name for one run).
// The count of texts not named yet is forgotten whenever it grows past SEEN_LIMIT.
// A statement already named (db/prepared.ts), without values (sent as simple queries) or
// submitted as an object of its own (a cursor) is left as it is. A text given with its values
// apart (pool.query(text, values)) is named as an object with both.
import type pg from "pg";

const NAMED = 256;
const SEEN_BEFORE_NAMING = 3;
const SEEN_LIMIT = 4_096;

type Config = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

export function nameFrequentStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  let seen = new Map<string, number>();
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text);
    if (named !== undefined || names.size >= NAMED) return named;
    const times = (seen.get(text) ?? 0) + 1;
    if (times < SEEN_BEFORE_NAMING) {
      if (seen.size >= SEEN_LIMIT) seen = new Map();
      seen.set(text, times);
      return undefined;
    }
    seen.delete(text);
    const name = `courtside_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      // pool.query(text, values): the same statement as an object, so that it can carry a name.
      if (typeof config === "string" && Array.isArray(rest[0]) && rest[0].length > 0) {
        const given = nameOf(config);
        if (given !== undefined)
          return query({ text: config, values: rest[0], name: given }, ...rest.slice(1));
      }
      if (typeof config === "object" && config !== null) {
        const { text, name, values, submit } = config as Config;
        const hasValues = (Array.isArray(values) && values.length > 0) || Array.isArray(rest[0]);
        if (typeof text === "string" && name === undefined && submit === undefined && hasValues) {
          const given = nameOf(text);
          // A copy: Drizzle keeps its config object with a prepared query and runs it again.
          if (given !== undefined) return query({ ...config, name: given }, ...rest);
        }
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}
