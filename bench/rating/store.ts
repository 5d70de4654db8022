// Ladder store benchmark: what one change costs inside the transaction that makes it, for a
// club with 20 doubles matches and one with 20,000 (24 players each), in one run. A new result
// at the end of history (a board score) goes on from the checkpoint: its cost should not grow
// with history. An edit half-way back replays; the baseline, measured in the same run, is
// writing the whole history again. Uses the server in TEST_DATABASE_URL (a database of its own,
// dropped after). Writes bench/results/ladder-store.json.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { connectDatabase, migrateDatabase } from "../../src/server/db/database.js";
import { users } from "../../src/server/db/schema/auth.js";
import { organizations } from "../../src/server/db/schema/clubs.js";
import { matches, ratingHistory } from "../../src/server/db/schema/ladder.js";
import { keyOf } from "../../src/server/features/ladder/replay-rows.js";
import { recomputeLadder } from "../../src/server/features/ladder/replay-store.js";
import { admin, withDatabase } from "../../src/server/test/global-setup.js";
import { syntheticClub } from "./synthetic.js";

const SIZES = (process.env.SIZES ?? "20,20000").split(",").map(Number);
const ROUNDS = 7;
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `bench_ladder_${randomBytes(3).toString("hex")}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

await admin(serverUrl, (client) => client.query(`create database ${name}`).then(() => {}));
const url = withDatabase(serverUrl, name);
const database = connectDatabase(url, { max: 2 });

/** One club of `size` matches: the median cost of each change over ROUNDS rounds. */
async function measure(size: number, seed: number) {
  const { db } = database;
  const [org] = await db
    .insert(organizations)
    .values({
      name: `Bench Club ${size}`,
      slug: `${name}-${size}`,
      trialEndsAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const organizationId = org!.id;
  const club = syntheticClub(seed, 24, size, true);
  const ids = [...club.strengths.keys()].map((id) => `${id}-${size}`);
  await db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@bench.example` })));
  const rename = (team: string[]) => team.map((id) => `${id}-${size}`);
  const start = Date.UTC(2021, 0, 1);
  const rows = club.matches.map((m, i) => ({
    organizationId,
    format: "doubles" as const,
    teamA: rename(m.teamA),
    teamB: rename(m.teamB),
    games: m.winner === "A" ? [{ a: 11, b: i % 10 }] : [{ a: i % 10, b: 11 }],
    winner: m.winner,
    playedAt: new Date(start + i * 3_600_000),
    status: "confirmed" as const,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(matches).values(rows.slice(i, i + 1000));
  const now = new Date();
  await db.transaction((tx) => recomputeLadder(tx, organizationId, "doubles", now));

  const everything: number[] = [];
  const newResult: number[] = [];
  const middleEdit: number[] = [];
  const ordered = await db
    .select()
    .from(matches)
    .where(eq(matches.organizationId, organizationId))
    .orderBy(asc(matches.playedAt));
  const middle = ordered[Math.floor(ordered.length / 2)]!;
  for (let round = 0; round < ROUNDS; round++) {
    everything.push(
      await time(() =>
        db.transaction(async (tx) => {
          await tx
            .delete(ratingHistory)
            .where(
              and(eq(ratingHistory.organizationId, organizationId), eq(ratingHistory.format, "doubles")),
            );
          await recomputeLadder(tx, organizationId, "doubles", now);
        }),
      ),
    );
    // A board score: the match row and the ratings, in one transaction.
    newResult.push(
      await time(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(matches)
            .values({ ...rows[round]!, playedAt: new Date(start + (size + round) * 3_600_000) })
            .returning();
          await recomputeLadder(tx, organizationId, "doubles", now, keyOf(row!));
        }),
      ),
    );
    middleEdit.push(
      await time(() =>
        db.transaction(async (tx) => {
          await tx
            .update(matches)
            .set({ games: [{ a: 11, b: round }], winner: "A" })
            .where(eq(matches.id, middle.id));
          await recomputeLadder(tx, organizationId, "doubles", now, keyOf(middle));
        }),
      ),
    );
  }
  return {
    baseline: median(everything),
    newResult: median(newResult),
    middleEdit: median(middleEdit),
  };
}

try {
  await migrateDatabase(url);
  const figures = new Map<number, Awaited<ReturnType<typeof measure>>>();
  for (const [i, size] of SIZES.entries()) figures.set(size, await measure(size, 7 + i));
  const smallest = figures.get(SIZES[0]!)!;
  const bySize = Object.fromEntries(
    [...figures].map(([size, f]) => [
      `${size} matches`,
      {
        medianMs: {
          "write the whole history (baseline)": +f.baseline.toFixed(1),
          "a new result at the end": +f.newResult.toFixed(1),
          "an edit half-way back": +f.middleEdit.toFixed(1),
        },
        ratioToBaseline: {
          "a new result at the end": +(f.newResult / f.baseline).toFixed(3),
          "an edit half-way back": +(f.middleEdit / f.baseline).toFixed(3),
        },
        [`a new result against ${SIZES[0]} matches`]: +(f.newResult / smallest.newResult).toFixed(2),
      },
    ]),
  );
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    rounds: ROUNDS,
    sizes: bySize,
    loadAverage: loadavg().map((load) => +load.toFixed(2)),
  };
  const out = path.resolve(import.meta.dirname, "../results/ladder-store.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await database.pool.end();
  await admin(serverUrl, (client) =>
    client.query(`drop database if exists ${name} with (force)`).then(() => {}),
  );
}
