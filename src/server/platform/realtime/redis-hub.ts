// The realtime bus over Redis pub/sub (when REDIS_URL is set): the same notices as
// LISTEN/NOTIFY, for deployments where PostgreSQL sits behind PgBouncer in transaction mode
// (LISTEN does not pass) or where the fan-out should not load the database.
//
// ioredis keeps both connections up with backoff and subscribes again after a reconnect;
// notices published while the subscriber was away are lost, so when it is back every viewer
// is told to resynchronise, as with PostgreSQL.
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import { BOARD_CHANNEL, encodeNotice, type RealtimeHub, viewerRegistry } from "./hub.js";

const BACKOFF_MS = { first: 250, max: 10_000 };
const CONNECT_TIMEOUT_MS = 5_000;

export async function startRedisHub(
  redisUrl: string,
  log: FastifyBaseLogger,
  // How the connections are named in Redis's CLIENT LIST (an operator, or a test, finds them).
  { connectionName = "courtside-realtime" }: { connectionName?: string } = {},
): Promise<RealtimeHub> {
  const viewers = viewerRegistry();
  const options = {
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Exponential backoff with jitter, capped, for as long as the app runs.
    retryStrategy: (attempt: number) => {
      const delay = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** Math.min(attempt, 10));
      return delay / 2 + Math.random() * (delay / 2);
    },
    lazyConnect: true,
  };
  const subscriber = new Redis(redisUrl, {
    ...options,
    autoResubscribe: true,
    connectionName: `${connectionName}-subscriber`,
  });
  // A publish while Redis is away fails at once instead of queueing behind the outage.
  const publisher = new Redis(redisUrl, {
    ...options,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: `${connectionName}-publisher`,
  });

  let failures = 0;
  let everReady = false;
  let waiting: (() => void)[] = [];
  const onError = (which: string) => (error: Error) => {
    if (failures++ % 10 === 0)
      log.warn({ err: error }, `realtime ${which} lost its Redis connection; reconnecting`);
  };
  subscriber.on("error", onError("subscriber"));
  publisher.on("error", onError("publisher"));
  subscriber.on("message", (_channel: string, payload: string) => viewers.deliver(payload));
  subscriber.on("ready", () => {
    failures = 0;
    if (everReady) {
      log.info("realtime subscriber reconnected to Redis");
      viewers.resyncEveryone();
    }
    everReady = true;
    for (const wake of waiting) wake();
    waiting = [];
  });

  const close = async () => {
    subscriber.disconnect();
    publisher.disconnect();
  };
  try {
    // The first connection must succeed for the app to start, as PostgreSQL's must.
    await Promise.all([subscriber.connect(), publisher.connect()]);
    await subscriber.subscribe(BOARD_CHANNEL);
  } catch (error) {
    await close();
    throw new Error(`The realtime bus could not connect to Redis at REDIS_URL: ${(error as Error).message}`);
  }

  return {
    async publish(notice) {
      await publisher.publish(BOARD_CHANNEL, encodeNotice(notice));
    },
    subscribe: viewers.subscribe,
    ready() {
      if (subscriber.status === "ready") return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    close,
  };
}
