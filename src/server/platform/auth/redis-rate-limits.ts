// Rate limits counted in Redis, when the app has REDIS_URL: every instance shares them as they
// share PostgreSQL's, without a write to the database for each sign-in attempt.
//
// Each count is one Lua script (atomic in Redis): the first attempt of a window sets the key's
// expiry, so a window ends by itself. Keys are named after the app's database, so two
// deployments (or two test runs) on one Redis never count each other's attempts.
//
// Redis away: the attempt is answered 503 with Retry-After, as when PostgreSQL is, at once and
// never by a queue of commands waiting for it to come back.
import { Redis } from "ioredis";
import { AppError } from "../errors/app-error.js";
import type { Limit, RateLimitStore } from "./rate-limit.js";

const COUNT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { used, ttl }`;

// Never below zero, and a key that is gone stays gone.
const RELEASE = `
for _, key in ipairs(KEYS) do
  local used = tonumber(redis.call('GET', key) or '0')
  if used > 0 then redis.call('DECR', key) end
end
return 0`;

const unavailable = () =>
  new AppError("UNAVAILABLE", "Courtside is restarting. Please try again in a moment.", {
    headers: { "retry-after": "5" },
  });

type RedisRateLimits = RateLimitStore & { close(): Promise<void> };

/** Connects first, as the Redis bus does: the app does not start counting on a Redis it cannot reach. */
export async function connectRedisRateLimits(
  redisUrl: string,
  namespace: string,
  log: { warn: (object: object, message: string) => void },
): Promise<RedisRateLimits> {
  const store = redisRateLimits(redisUrl, namespace, log);
  try {
    await store.connect();
  } catch (error) {
    await store.close();
    throw new Error(`The rate limits could not connect to Redis at REDIS_URL: ${(error as Error).message}`);
  }
  return store;
}

export function redisRateLimits(
  redisUrl: string,
  namespace: string,
  log: { warn: (object: object, message: string) => void },
): RedisRateLimits & { connect(): Promise<void> } {
  const redis = new Redis(redisUrl, {
    connectionName: "courtside-rate-limits",
    connectTimeout: 2_000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(10_000, 250 * 2 ** Math.min(attempt, 6)),
  });
  let failures = 0;
  redis.on("error", (error) => {
    if (failures++ % 20 === 0) log.warn({ err: error }, "rate limits: Redis unreachable");
  });
  redis.on("ready", () => {
    failures = 0;
  });
  const key = (name: string) => `courtside:${namespace}:rate:${name}`;
  const guarded = async <T>(command: () => Promise<T>): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      log.warn({ err: error }, "rate limits: Redis command failed");
      throw unavailable();
    }
  };
  return {
    count: (limit: Limit) =>
      guarded(async () => {
        const [count, retryAfter] = (await redis.eval(COUNT, 1, key(limit.key), limit.windowSeconds)) as [
          number,
          number,
        ];
        return { count, retryAfter };
      }),
    release: (keys) =>
      guarded(async () => {
        await redis.eval(RELEASE, keys.length, ...keys.map(key));
      }),
    clear: (keys) =>
      guarded(async () => {
        await redis.del(...keys.map(key));
      }),
    connect: () => redis.connect(),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
