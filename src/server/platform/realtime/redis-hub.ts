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
  // We subscribe again ourselves after a reconnect (ioredis would do it after its "ready"), so
  // viewers are told to resync only once the channel is live again: a notice in between
  // would otherwise be lost after they had already refetched.
  const subscriber = new Redis(redisUrl, {
    ...options,
    autoResubscribe: false,
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
  let subscribed = false;
  let everSubscribed = false;
  let waiting: (() => void)[] = [];
  const onError = (which: string) => (error: Error) => {
    if (failures++ % 10 === 0)
      log.warn({ err: error }, `realtime ${which} lost its Redis connection; reconnecting`);
  };
  subscriber.on("error", onError("subscriber"));
  publisher.on("error", onError("publisher"));
  subscriber.on("message", (_channel: string, payload: string) => viewers.deliver(payload));
  subscriber.on("close", () => {
    subscribed = false;
  });
  const live = () => {
    subscribed = true;
    for (const wake of waiting) wake();
    waiting = [];
  };
  subscriber.on("ready", () => {
    // The first subscription is made below, before the hub is handed out.
    if (!everSubscribed) return;
    subscriber
      .subscribe(BOARD_CHANNEL)
      .then(() => {
        failures = 0;
        log.info("realtime subscriber reconnected to Redis");
        live();
        viewers.resyncEveryone();
      })
      // The connection dropped again before the subscription took: the next "ready" retries.
      .catch((error: Error) => onError("subscriber")(error));
  });

  const close = async () => {
    subscriber.disconnect();
    publisher.disconnect();
  };
  try {
    // The first connection must succeed for the app to start, as PostgreSQL's must.
    await Promise.all([subscriber.connect(), publisher.connect()]);
    await subscriber.subscribe(BOARD_CHANNEL);
    everSubscribed = true;
    live();
  } catch (error) {
    await close();
    throw new Error(`The realtime bus could not connect to Redis at REDIS_URL: ${(error as Error).message}`);
  }

  return {
    async publish(notice) {
      // The change has committed: a Redis blip must not turn it into an error (the caller would
      // retry an action already done). This instance's viewers still hear it; the others
      // resync when their subscriber is back, and their next notice brings them up to date.
      await publisher.publish(BOARD_CHANNEL, encodeNotice(notice)).catch((error: Error) => {
        log.warn({ err: error }, "realtime notice not published to Redis; told this instance's viewers only");
        viewers.deliver(encodeNotice(notice));
      });
    },
    subscribe: viewers.subscribe,
    subscribeAll: viewers.subscribeAll,
    ready() {
      if (subscribed) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    close,
  };
}
