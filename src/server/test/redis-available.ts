// Whether the Redis the tests use answers. The Redis transport's tests need one: CI starts
// the machine's (.ci/run) and must run them; on a developer's machine without Redis they are
// skipped, and say so, rather than failing `npm test`.
import { Redis } from "ioredis";

export const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export async function redisAnswers(url = testRedisUrl): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Run the Redis tests: always in CI (a missing Redis must fail there), elsewhere when it answers. */
export async function runRedisTests(): Promise<boolean> {
  if (process.env.CI) return true;
  const answers = await redisAnswers();
  if (!answers)
    console.warn(`Redis at ${testRedisUrl} does not answer: the Redis transport's tests are skipped.`);
  return answers;
}
