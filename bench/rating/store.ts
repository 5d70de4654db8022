// Ladder store benchmark: what one change costs a club with years of matches (8,000 doubles
// matches, 24 players), inside the transaction that makes the change. The baseline, measured
// in the same run, is writing the whole history again (what every change did at first);
// against it: a new result at the end (a board score), and an edit of a match half-way back.
// Uses the server in TEST_DATABASE_URL (a database of its own, dropped after). Writes
// bench/results/ladder-store.json.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { connectDatabase, migrateDatabase } from "../../src/server/db/database.js";
import { users } from "../../src/server/db/schema/auth.js";
import { organizations } from "../../src/server/db/schema/clubs.js";
import { matches, ratingHistory } from "../../src/server/db/schema/ladder.js";
import { recomputeLadder } from "../../src/server/features/ladder/replay-store.js";
import { admin, withDatabase } from "../../src/server/test/global-setup.js";
import { syntheticClub } from "./synthetic.js";

const MATCHES = Number(process.env.MATCHES ?? 8000);
const ROUNDS = 5;
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = `bench_ladder_${randomBytes(3).toString("hex")}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await admin(serverUrl, (client) => client.query(`create database ${name}`).then(() => {}));
const url = withDatabase(serverUrl, name);
const database = connectDatabase(url, { max: 2 });
try {
  await migrateDatabase(url);
  const { db } = database;
  const [org] = await db
    .insert(organizations)
    .values({ name: "Bench Club", slug: name, trialEndsAt: new Date(Date.now() + 86_400_000) })
    .returning();
  const organizationId = org!.id;
  const club = syntheticClub(7, 24, MATCHES, true);
  const ids = [...club.strengths.keys()];
  await db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@bench.example` })));
  const start = Date.UTC(2024, 0, 1);
  const rows = club.matches.map((m, i) => ({
    organizationId,
    format: "doubles" as const,
    teamA: m.teamA,
    teamB: m.teamB,
    games: m.winner === "A" ? [{ a: 11, b: i % 10 }] : [{ a: i % 10, b: 11 }],
    winner: m.winner,
    playedAt: new Date(start + i * 3_600_000),
    status: "confirmed" as const,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(matches).values(rows.slice(i, i + 1000));
  const now = new Date();
  const recompute = () => db.transaction((tx) => recomputeLadder(tx, organizationId, "doubles", now));
  await recompute();

  const time = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const everything: number[] = [];
  const newResult: number[] = [];
  const middleEdit: number[] = [];
  const ordered = await db
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.organizationId, organizationId))
    .orderBy(asc(matches.playedAt));
  const middle = ordered[Math.floor(ordered.length / 2)]!.id;
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
    await db.insert(matches).values({
      ...rows[round]!,
      playedAt: new Date(start + (MATCHES + round) * 3_600_000),
    });
    newResult.push(await time(recompute));
    await db
      .update(matches)
      .set({ games: [{ a: 11, b: round }], winner: "A" })
      .where(eq(matches.id, middle));
    middleEdit.push(await time(recompute));
  }

  const baseline = median(everything);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    matches: MATCHES,
    rounds: ROUNDS,
    medianMs: {
      "write the whole history (baseline)": Math.round(baseline),
      "a new result at the end": Math.round(median(newResult)),
      "an edit half-way back": Math.round(median(middleEdit)),
    },
    ratioToBaseline: {
      "a new result at the end": +(median(newResult) / baseline).toFixed(3),
      "an edit half-way back": +(median(middleEdit) / baseline).toFixed(3),
    },
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
