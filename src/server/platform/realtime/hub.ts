// The realtime bus: "board of club X changed, version N" notices. Every app instance listens
// on one channel, so a change made through any instance reaches the viewers connected to all
// of them. Payloads carry ids and a number only. Two transports carry it: PostgreSQL's
// LISTEN/NOTIFY (this file; NOTIFY caps payloads at 8000 bytes), or Redis pub/sub when
// REDIS_URL is set (redis-hub.ts), which also passes where PgBouncer's transaction mode
// would not let LISTEN through.
//
// The listening connection is long-lived, so it will die (restarts, failovers, an idle
// timeout on a proxy). It is re-made with backoff for as long as the app runs; notices sent
// while it was away are lost, so when it comes back every viewer is told to resynchronise.
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { DATABASE_TIMEOUTS } from "../../db/database.js";

export const BOARD_CHANNEL = "courtside_board";

export type BoardNotice = { organizationId: string; sessionId: string; version: number };
/** A board notice, or `resync` after the bus was away: the viewer refetches whatever it shows. */
export type HubEvent = ({ type: "changed" } & BoardNotice) | { type: "resync" };
type Listener = (event: HubEvent) => void;

export type RealtimeHub = {
  publish(notice: BoardNotice): Promise<void>;
  /** Calls `listener` for every notice about `organizationId`, and on resync; returns the unsubscribe. */
  subscribe(organizationId: string, listener: Listener): () => void;
  /**
   * Calls `listener` for every notice about any club, and on resync, before the viewers hear
   * it (so what they refetch is fresh); returns the unsubscribe. For caches of board data.
   */
  subscribeAll(listener: Listener): () => void;
  /** Resolves once the listening connection is up (after a reconnect, the next one). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** A notice on the wire: "organizationId:sessionId:version". */
export const encodeNotice = ({ organizationId, sessionId, version }: BoardNotice) =>
  `${organizationId}:${sessionId}:${version}`;

/** The viewers of this instance by club, whichever transport brings the notices. */
export function viewerRegistry() {
  const listeners = new Map<string, Set<Listener>>();
  const everyClub = new Set<Listener>();
  return {
    deliver(payload: string | undefined) {
      const [organizationId, sessionId, version] = (payload ?? "").split(":");
      if (!organizationId || !sessionId) return;
      const event: HubEvent = { type: "changed", organizationId, sessionId, version: Number(version) };
      for (const listener of everyClub) listener(event);
      for (const listener of listeners.get(organizationId) ?? []) listener(event);
    },
    resyncEveryone() {
      for (const listener of everyClub) listener({ type: "resync" });
      for (const set of listeners.values()) for (const listener of set) listener({ type: "resync" });
    },
    subscribeAll(listener: Listener) {
      everyClub.add(listener);
      return () => {
        everyClub.delete(listener);
      };
    },
    subscribe(organizationId: string, listener: Listener) {
      const set = listeners.get(organizationId) ?? new Set();
      set.add(listener);
      listeners.set(organizationId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(organizationId);
      };
    },
  };
}

const BACKOFF_MS = { first: 250, max: 10_000 };
/** A connection can die without a word (a NAT or proxy forgetting it): ask it something this often. */
export const HEARTBEAT_MS = 15_000;

export async function startRealtimeHub(
  databaseUrl: string,
  pool: pg.Pool,
  log: FastifyBaseLogger,
  options: { heartbeatMs?: number } = {},
): Promise<RealtimeHub> {
  const viewers = viewerRegistry();
  // The listening connection while it is up, and the one being opened while it is not.
  let client: pg.Client | undefined;
  let opening: pg.Client | undefined;
  let closed = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  // Failed attempts since the last good connection: the backoff starts over after each success.
  let failures = 0;
  let everConnected = false;
  // Callers of ready() waiting for the listening connection to come (back) up.
  let waiting: (() => void)[] = [];

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: DATABASE_TIMEOUTS.connectionTimeoutMillis,
      query_timeout: DATABASE_TIMEOUTS.query_timeout,
      keepAlive: true,
    });
    opening = next;
    let lost = false;
    const reconnect = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (client === next) {
        client = undefined;
        clearInterval(heartbeat);
      }
      if (opening === next) opening = undefined;
      next.end().catch(() => {});
      if (closed) return;
      if (failures % 10 === 0)
        log.warn({ err: error }, "realtime listener lost its connection; reconnecting");
      // Exponential backoff with jitter, capped: a fleet of instances does not stampede the database.
      const delay = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** Math.min(failures, 10));
      failures += 1;
      retryTimer = setTimeout(() => void connect(), delay / 2 + Math.random() * (delay / 2));
    };
    next.on("notification", (message) => viewers.deliver(message.payload));
    next.on("error", reconnect);
    next.on("end", () => reconnect(new Error("listening connection ended")));
    try {
      await next.connect();
      await next.query(`listen ${BOARD_CHANNEL}`);
    } catch (error) {
      reconnect(error);
      return;
    }
    if (lost) return;
    opening = undefined;
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    failures = 0;
    // A silent drop sends no error: a heartbeat that fails or times out (query_timeout) finds it.
    let beating = false;
    heartbeat = setInterval(() => {
      if (beating) return;
      beating = true;
      next
        .query("select 1")
        .catch((error) => reconnect(error))
        .finally(() => {
          beating = false;
        });
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    if (everConnected) {
      log.info("realtime listener reconnected");
      viewers.resyncEveryone();
    }
    everConnected = true;
    for (const wake of waiting) wake();
    waiting = [];
  };
  const stop = async () => {
    closed = true;
    clearTimeout(retryTimer);
    clearInterval(heartbeat);
    await Promise.all([client?.end().catch(() => {}), opening?.end().catch(() => {})]);
  };
  // The first connection must succeed for the app to start, as the pool's must.
  const first = new Promise<void>((resolve) => waiting.push(resolve));
  void connect();
  await Promise.race([
    first,
    new Promise((_, reject) =>
      setTimeout(
        () => reject(new Error("The realtime listener could not connect to PostgreSQL.")),
        DATABASE_TIMEOUTS.connectionTimeoutMillis * 2,
      ).unref(),
    ),
  ]).catch(async (error) => {
    await stop();
    throw error;
  });

  return {
    async publish(notice) {
      await pool.query("select pg_notify($1, $2)", [BOARD_CHANNEL, encodeNotice(notice)]);
    },
    subscribe: viewers.subscribe,
    subscribeAll: viewers.subscribeAll,
    ready() {
      if (client) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: stop,
  };
}
