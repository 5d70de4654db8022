// The realtime bus: "board of club X changed, version N" notices. Every app instance LISTENs
// on one PostgreSQL channel, so a change made through any instance reaches the viewers
// connected to all of them. Payloads carry ids and a number only (NOTIFY caps them at 8000 bytes).
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

export const BOARD_CHANNEL = "courtside_board";

export type BoardNotice = { organizationId: string; sessionId: string; version: number };
type Listener = (notice: BoardNotice) => void;

export type RealtimeHub = {
  publish(notice: BoardNotice): Promise<void>;
  /** Calls `listener` for every notice about `organizationId`; returns the unsubscribe. */
  subscribe(organizationId: string, listener: Listener): () => void;
  close(): Promise<void>;
};

export async function startRealtimeHub(
  databaseUrl: string,
  pool: pg.Pool,
  log: FastifyBaseLogger,
): Promise<RealtimeHub> {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | undefined;
  let closed = false;

  const deliver = (payload: string | undefined) => {
    const [organizationId, sessionId, version] = (payload ?? "").split(":");
    if (!organizationId || !sessionId) return;
    for (const listener of listeners.get(organizationId) ?? [])
      listener({ organizationId, sessionId, version: Number(version) });
  };

  // The listening connection is re-made when it drops; clients resynchronise on reconnect anyway.
  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => deliver(message.payload));
    next.on("error", (error) => {
      log.warn({ err: error }, "realtime listener lost its connection");
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query(`listen ${BOARD_CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    async publish({ organizationId, sessionId, version }) {
      await pool.query("select pg_notify($1, $2)", [
        BOARD_CHANNEL,
        `${organizationId}:${sessionId}:${version}`,
      ]);
    },
    subscribe(organizationId, listener) {
      const set = listeners.get(organizationId) ?? new Set();
      set.add(listener);
      listeners.set(organizationId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(organizationId);
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
