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

  // The embedded default: a kill -9 leaves its PostgreSQL running, parentless, holding the
  // folder. `npm start` must then start again (an out-of-memory kill does exactly this).
  it("starts again on the embedded default after each of 3 kills, keeping every acknowledged session", {
    timeout: 240_000,
  }, async () => {
    const result = await runKillLoop({ cycles: 3, databaseUrl: "embedded" });

    expect(result.lostNames).toEqual([]);
    expect(result.cycles).toBe(3);
    for (const cycle of result.perCycle) expect(cycle.acknowledged).toBeGreaterThan(0);
    // Each restart answered within a minute (runKillLoop fails a start that does not).
    for (const ms of result.durationsMs) expect(ms).toBeLessThan(60_000);
  });
});
