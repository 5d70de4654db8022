// Keeps dead connections out of the pool, so the app answers again as soon as the database does.
//
// pg-pool lends an idle client without asking whether its connection still works. After a
// failover or a partition, the idle clients can sit on sockets that will never answer (no reset
// arrives from a host that went away): each would be lent in turn, and each request would wait
// for the read timeout and answer 503, one after another, long after the database was back.
// So, as connection pools elsewhere do (HikariCP validates a connection idle for over 500 ms):
//   - a client whose connection failed (an error event, a read timeout) is destroyed at once,
//     and every client older than that failure is retired: closed when next lent or returned;
//   - a client idle for longer than IDLE_CHECK_AFTER_MS answers a ping (bounded by
//     PING_TIMEOUT_MS) before it is lent; one that does not is destroyed, which retires the rest.
// A statement the server refused (a constraint, a statement timeout) is not a connection
// failure: the connection is fine and stays.
// A lent client whose connection fails is given back to the pool at once, not when its
// borrower gets round to it: Drizzle's transaction() sends BEGIN before its try block, so a
// BEGIN that meets a dead connection never releases its client. Left to the borrower, each
// such failover would keep a pool slot for good, and pool.end() would wait for it for ever.
import type pg from "pg";

type WarnLog = { warn: (object: object, message: string) => void };
type Lent = pg.PoolClient;
type ClientState = { generation: number; idleSince: number };

export const IDLE_CHECK_AFTER_MS = 1_000;
// Generous beside a local round trip (well under a millisecond): a busy event loop can fire
// the timer before it reads an answer that has arrived, and a failed ping retires every client.
export const PING_TIMEOUT_MS = 2_000;
const READ_TIMEOUT = "Query read timeout";

export function guardPool(pool: pg.Pool, log?: WarnLog): void {
  // Bumped by every connection failure: a client made before the latest failure is retired.
  let generation = 0;
  const states = new WeakMap<pg.PoolClient, ClientState>();
  // Clients we closed on purpose: their closing is not news worth a warning.
  const discarded = new WeakSet<pg.PoolClient>();
  // Clients out on loan to a borrower (not idle in the pool, not being checked).
  const onLoan = new WeakSet<pg.PoolClient>();
  const failed = (client: pg.PoolClient, error: Error) => {
    discarded.add(client);
    destroy(client);
    if (onLoan.has(client)) giveBackFailed(client, error);
    // One failure retires its elders once; the clients made after it stay.
    if (states.get(client)?.generation === generation) generation++;
  };
  const retired = (client: pg.PoolClient) => (states.get(client)?.generation ?? -1) < generation;
  // Removes the client from the pool now; the borrower's own release later does nothing.
  const giveBackFailed = (client: pg.PoolClient, error: Error) => {
    onLoan.delete(client);
    const release = client.release;
    client.release = () => {};
    release(error);
  };

  // An idle client's error (the server restarting) must not crash the process.
  pool.on("error", (error, client) => {
    if (!discarded.has(client)) log?.warn({ err: error }, "database connection lost while idle");
  });
  pool.on("connect", (client) => {
    states.set(client, { generation, idleSince: Date.now() });
    // pg-pool removes its own error listener while a client is lent out: without this one, a
    // lent client's connection error would crash the process.
    client.on("error", (error) => {
      if (discarded.has(client)) return;
      log?.warn({ err: error }, "database connection lost");
      failed(client, error);
    });
    onReadTimeout(client, (error) => failed(client, error));
  });
  pool.on("release", (_error, client) => {
    onLoan.delete(client);
    const state = states.get(client);
    if (state) state.idleSince = Date.now();
    if (retired(client) && !discarded.has(client)) {
      discarded.add(client);
      destroy(client);
      // pg-pool reads this flag right after this event and then removes the client instead of
      // keeping it idle (pg-pool's own TODO names it as the interface for this).
      (client as unknown as { _ending: boolean })._ending = true;
    }
  });

  const lend = pool.connect.bind(pool) as () => Promise<Lent>;
  const lendHealthy = async (): Promise<Lent> => {
    for (;;) {
      const client = await lend();
      if (retired(client)) {
        discarded.add(client);
        destroy(client);
        client.release(new Error("retired after a connection failure"));
        continue;
      }
      const state = states.get(client);
      if (!state || Date.now() - state.idleSince < IDLE_CHECK_AFTER_MS) {
        onLoan.add(client);
        return client;
      }
      try {
        // pg reads query_timeout per query too, though its types do not say so.
        await client.query({ text: "select 1", query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
        onLoan.add(client);
        return client;
      } catch (error) {
        log?.warn({ err: error }, "an idle database connection did not answer; reconnecting");
        const failure = error instanceof Error ? error : new Error(String(error));
        failed(client, failure);
        client.release(failure);
      }
    }
  };
  // pg-pool's own query() borrows through this.connect(callback), Drizzle's transactions through
  // connect(): both go through the check.
  pool.connect = ((callback?: (error: Error | undefined, client?: Lent, done?: () => void) => void) => {
    const lent = lendHealthy();
    if (!callback) return lent;
    lent.then(
      (client) => {
        try {
          // done() goes through client.release as it is then: a failed client's is a no-op.
          callback(undefined, client, (error?: Error) => client.release(error));
        } catch (error) {
          // The borrower threw, perhaps before it could give the client back: give it back here
          // (a second release throws, and then it had been given back already).
          try {
            client.release(error instanceof Error ? error : new Error(String(error)));
          } catch {}
          log?.warn({ err: error }, "a database borrower failed");
        }
      },
      (error: Error) => callback(error, undefined, () => {}),
    );
    return undefined;
  }) as typeof pool.connect;
}

/** Closes the socket at once: end() would wait politely for an answer that may never come. */
function destroy(client: pg.PoolClient): void {
  (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
}

// After a read timeout the connection is in an unknown state: its answer may still arrive, and
// the next query would queue behind it. Drizzle returns a transaction's client to the pool
// without an error, so the client has to end itself.
function onReadTimeout(client: pg.PoolClient, then: (error: Error) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const check = (error: unknown) => {
    if (error instanceof Error && error.message === READ_TIMEOUT) then(error);
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === "function") {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        check(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(check);
    return result;
  }) as typeof client.query;
}
