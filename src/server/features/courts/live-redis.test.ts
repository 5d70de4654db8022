// The live board with notices over Redis pub/sub: the Redis in TEST_REDIS_URL, or the local one
// (.ci/run starts it when it is down).
import { Redis } from "ioredis";
import { BOARD_CHANNEL } from "../../platform/realtime/hub.js";
import { liveBoardSuite } from "../../test/live-board-suite.js";
import { runRedisTests, testRedisUrl } from "../../test/redis-available.js";

const redisUrl = testRedisUrl;

// Other test files publish on the same Redis: only this club's notices count.
liveBoardSuite(
  "Redis pub/sub",
  { REDIS_URL: redisUrl },
  async (_databaseUrl, organizationId) => {
    const client = new Redis(redisUrl);
    await client.subscribe(BOARD_CHANNEL);
    const next = new Promise<string>((resolve) =>
      client.on("message", (_channel, payload: string) => {
        if (payload.startsWith(`${organizationId}:`)) resolve(payload);
      }),
    );
    return { next, close: async () => void client.disconnect() };
  },
  await runRedisTests(),
);
