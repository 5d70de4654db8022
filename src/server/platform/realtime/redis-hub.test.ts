// The Redis transport of the realtime bus when its connection dies: the subscriber comes back
// by itself, tells every viewer to resynchronise, and notices flow again.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { runRedisTests, testRedisUrl } from "../../test/redis-available.js";
import type { HubEvent, RealtimeHub } from "./hub.js";
import { startRedisHub } from "./redis-hub.js";

const redisUrl = testRedisUrl;
const hubs: RealtimeHub[] = [];
afterAll(async () => {
  for (const hub of hubs) await hub.close();
});

const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.runIf(await runRedisTests())("the Redis bus", () => {
  it("comes back after its connection is killed, resyncs its viewers, and carries notices again", async () => {
    const name = `courtside-test-${randomUUID()}`;
    const hub = await startRedisHub(redisUrl, pino({ level: "silent" }), { connectionName: name });
    hubs.push(hub);
    const organizationId = randomUUID();
    const events: HubEvent[] = [];
    hub.subscribe(organizationId, (event) => events.push(event));

    await hub.publish({ organizationId, sessionId: randomUUID(), version: 1 });
    await until(() => events.some((e) => e.type === "changed" && e.version === 1));

    // An administrator (or a failover) drops the subscriber's connection (only this test's:
    // other test files share the server).
    const admin = new Redis(redisUrl);
    const clients = String(await admin.call("CLIENT", "LIST", "TYPE", "pubsub"));
    const id = clients
      .split("\n")
      .find((line) => line.includes(`name=${name}-subscriber`))
      ?.match(/id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.call("CLIENT", "KILL", "ID", String(id));
    admin.disconnect();
    await until(() => events.some((e) => e.type === "resync"));
    await hub.ready();

    await hub.publish({ organizationId, sessionId: randomUUID(), version: 2 });
    await until(() => events.some((e) => e.type === "changed" && e.version === 2));
    expect(
      events.filter((e) => e.type === "changed").map((e) => (e.type === "changed" ? e.version : 0)),
    ).toEqual([1, 2]);
  });

  it("refuses to start when Redis cannot be reached, naming the setting", async () => {
    await expect(startRedisHub("redis://127.0.0.1:1", pino({ level: "silent" }))).rejects.toThrow(
      /REDIS_URL/,
    );
  });
});
