// Acknowledged writes survive "kill -9": the real server, as a child process, is killed at
// random moments under concurrent session writes, and every write it answered 2xx must be in
// PostgreSQL afterwards. bench/faults runs the same loop for longer.
import { describe, expect, inject, it } from "vitest";
import { runKillLoop } from "./fault-loop.js";

describe("kill -9 under writes", () => {
  it("keeps every acknowledged session across 20 kills", { timeout: 240_000 }, async () => {
    const { serverUrl } = inject("testDatabase");
    const result = await runKillLoop({ cycles: 20, databaseUrl: serverUrl });

    expect(result.lostNames).toEqual([]);
    expect(result.lost).toBe(0);
    expect(result.cycles).toBe(20);
    expect(result.acknowledged).toBeGreaterThan(0);
    // A cycle with nothing acknowledged proves nothing about that kill.
    for (const cycle of result.perCycle) expect(cycle.acknowledged).toBeGreaterThan(0);
  });
});
