// The ladder's checkpoint: a result at the end of history is applied to the stored lines
// alone, and after any mix of new results, edits, deletions, answers, decisions and matches
// that began to count by waiting, the stored rows are exactly what a replay from the start
// writes (to the last bit).
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchBody } from "../../../shared/contracts/ladder.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { organizations } from "../../db/schema/clubs.js";
import { ladderCheckpoints, matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { until } from "../../test/until.js";
import { RECOMPUTE_LADDER, replayWhole, UNANSWERED_COUNTS_AFTER_MS } from "./replay-store.js";

let t: TestApp;
let now = new Date("2026-11-20T18:00:00Z");
let organizer: TestUser;
let people: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  const owner = await makeUser(t, "owner@checkpoint.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@checkpoint.example", "Oscar Organizer");
  people = await Promise.all(
    Array.from({ length: 8 }, (_, i) => makeUser(t, `p${i}@checkpoint.example`, `Player ${i}`)),
  );
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      ...people.map((p) => [p, "member"] as [TestUser, "member"]),
    ])
  ).id;
  await t.db
    .update(organizations)
    .set({ createdAt: new Date("2026-09-01T12:00:00Z") })
    .where(eq(organizations.id, orgId));
});
afterAll(async () => {
  await t?.close();
});

type Format = "singles" | "doubles";

/** Everything the replay stores for a format, in a stable order. */
async function storedState(q: Pick<TestApp["db"], "select">, format: Format) {
  const lines = await q
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.organizationId, orgId), eq(playerRatings.format, format)))
    .orderBy(asc(playerRatings.userId));
  const history = await q
    .select()
    .from(ratingHistory)
    .where(and(eq(ratingHistory.organizationId, orgId), eq(ratingHistory.format, format)))
    .orderBy(asc(ratingHistory.matchId), asc(ratingHistory.userId));
  const [row] = await q
    .select()
    .from(ladderCheckpoints)
    .where(and(eq(ladderCheckpoints.organizationId, orgId), eq(ladderCheckpoints.format, format)));
  // No row and a row at no match say the same: nothing applied yet.
  return { lines, history, checkpoint: row?.matchId ?? null };
}

/** The stored rows against what a replay from the start writes (rolled back after). */
async function expectStoredEqualsReplay(format: Format) {
  const stored = await storedState(t.db, format);
  const replayed = await t.db
    .transaction(async (tx) => {
      await replayWhole(tx, orgId, format, now);
      throw { state: await storedState(tx, format) };
    })
    .catch((thrown: { state?: Awaited<ReturnType<typeof storedState>> }) => {
      if (!thrown.state) throw thrown;
      return thrown.state;
    });
  expect(stored).toEqual(replayed);
}

/** Each stored line's and history row's version (xmin): which rows a change wrote again. */
async function rowVersions() {
  const { rows } = await t.db.execute<{ key: string; version: string }>(sql`
    select 'line:' || format || ':' || user_id as key, xmin::text as version from player_ratings
      where organization_id = ${orgId}
    union all
    select 'history:' || match_id || ':' || user_id, xmin::text from rating_history where organization_id = ${orgId}`);
  return new Map(rows.map((row) => [row.key, row.version]));
}

// A small deterministic generator, so a failing sequence can be run again.
function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const payload = (
  format: Format,
  four: TestUser[],
  games: { a: number; b: number }[],
  playedAt: string,
): MatchBody => ({
  format,
  teamA: (format === "doubles" ? four.slice(0, 2) : four.slice(0, 1)).map((p) => p.id),
  teamB: (format === "doubles" ? four.slice(2, 4) : four.slice(1, 2)).map((p) => p.id),
  target: 11,
  games,
  playedAt,
});

describe("the ladder's checkpoint", () => {
  it("applies a result at the end of history without writing any earlier row again", async () => {
    const [a, b, c, d] = people as TestUser[];
    for (let i = 0; i < 5; i++) {
      const res = await t.call(
        ladderEndpoints.logMatch,
        { params: { orgId }, body: payload("doubles", [a!, b!, c!, d!], [{ a: 11, b: i }], day(now)) },
        { cookie: organizer.cookie },
      );
      expect(res.status, res.response.text).toBe(201);
      now = new Date(now.getTime() + 60_000);
    }
    const before = await t.db.execute<{ match_id: string; xmin: string }>(
      sql`select match_id, xmin::text from rating_history where organization_id = ${orgId}`,
    );
    const res = await t.call(
      ladderEndpoints.logMatch,
      { params: { orgId }, body: payload("doubles", [a!, c!, b!, d!], [{ a: 4, b: 11 }], day(now)) },
      { cookie: organizer.cookie },
    );
    expect(res.status).toBe(201);
    const after = await t.db.execute<{ match_id: string; xmin: string }>(
      sql`select match_id, xmin::text from rating_history where organization_id = ${orgId}`,
    );
    // The earlier rows are the same tuples (same writing transaction); only the new match's 4 are new.
    const was = new Map(before.rows.map((r) => [r.match_id, r.xmin]));
    const rewritten = after.rows.filter((r) => was.has(r.match_id) && was.get(r.match_id) !== r.xmin);
    expect(rewritten).toEqual([]);
    expect(after.rows.length - before.rows.length).toBe(4);
    const [checkpoint] = await t.db
      .select()
      .from(ladderCheckpoints)
      .where(and(eq(ladderCheckpoints.organizationId, orgId), eq(ladderCheckpoints.format, "doubles")));
    expect(checkpoint!.matchId).toBe(res.body.id);
    await expectStoredEqualsReplay("doubles");
  });

  it("a match that began to count by waiting, not yet replayed, is taken in by the next result", async () => {
    const [a, b, c, d] = people as TestUser[];
    now = new Date("2026-11-23T12:00:00Z");
    // Logged by a member three days ago and never answered (written directly: no scheduled
    // replay exists for it, as when the job has not run yet).
    const [waiting] = await t.db
      .insert(matches)
      .values({
        organizationId: orgId,
        format: "doubles",
        teamA: [a!.id, b!.id],
        teamB: [c!.id, d!.id],
        games: [{ a: 3, b: 11 }],
        winner: "B",
        playedAt: new Date("2026-11-20T12:00:00Z"),
        status: "pending",
        loggedBy: a!.id,
        createdAt: new Date("2026-11-20T13:00:00Z"),
        updatedAt: new Date("2026-11-20T13:00:00Z"),
      })
      .returning();
    const res = await t.call(
      ladderEndpoints.logMatch,
      { params: { orgId }, body: payload("doubles", [a!, c!, b!, d!], [{ a: 11, b: 8 }], day(now)) },
      { cookie: organizer.cookie },
    );
    expect(res.status).toBe(201);
    const rows = await t.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, waiting!.id));
    expect(rows).toHaveLength(4);
    await expectStoredEqualsReplay("doubles");
  });

  it("after 80 random changes of every kind, each step's stored rows equal a fresh replay", async () => {
    const random = prng(31);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const start = new Date("2026-09-10T12:00:00Z").getTime();
    const logged: { id: string; format: Format; by: TestUser }[] = [];
    const kinds: Record<string, number> = {};
    let catchUp = false;
    // Midday, five minutes a step: the walk stays within each day wherever the club is.
    // After the tests above, whose matches reach November 22: tonight's results are the end of history.
    now = new Date("2026-11-23T12:00:00Z");

    for (let step = 0; step < 80; step++) {
      now = new Date(now.getTime() + 5 * 60_000);
      const format: Format = random() < 0.75 ? "doubles" : "singles";
      const four = [...people].sort(() => random() - 0.5).slice(0, 4);
      const score = [{ a: random() < 0.5 ? 11 : Math.floor(random() * 10), b: 0 }];
      score[0]!.b = score[0]!.a === 11 ? Math.floor(random() * 10) : 11;
      // Mostly tonight's results (the end of history); some back-dated, some by members.
      const backDated = !catchUp && random() < 0.2;
      catchUp = false;
      const playedAt = backDated ? day(new Date(start + random() * (now.getTime() - start))) : day(now);
      // Right after two days pass, tonight's result comes before the scheduled replay does.
      const roll = catchUp ? 0 : random();
      let kind: string;
      if (roll < 0.5 || logged.length < 4) {
        kind = backDated ? "log back-dated" : "log tonight";
        const res = await t.call(
          ladderEndpoints.logMatch,
          { params: { orgId }, body: payload(format, four, score, playedAt) },
          { cookie: organizer.cookie },
        );
        expect(res.status, res.response.text).toBe(201);
        logged.push({ id: res.body.id, format, by: organizer });
        // Now and then taken back at once, as a board undo takes back a tap on the wrong side.
        if (!backDated && random() < 0.3) {
          kind = "take back tonight's last";
          const undone = await t.call(
            ladderEndpoints.deleteMatch,
            { params: { orgId, matchId: logged.pop()!.id } },
            { cookie: organizer.cookie },
          );
          expect(undone.status, undone.response.text).toBe(204);
        }
      } else if (roll < 0.62) {
        // A member logs their own: it waits for the other side.
        kind = "member logs";
        const res = await t.call(
          ladderEndpoints.logMatch,
          { params: { orgId }, body: payload(format, four, score, playedAt) },
          { cookie: four[0]!.cookie },
        );
        if (res.status === 201) logged.push({ id: res.body.id, format, by: four[0]! });
      } else if (roll < 0.72) {
        kind = "answer or decide";
        const waiting = await t.db
          .select()
          .from(matches)
          .where(and(eq(matches.organizationId, orgId), sql`${matches.status} in ('pending', 'disputed')`));
        const match = waiting.length > 0 ? pick(waiting) : undefined;
        if (match?.status === "pending") {
          const side = match.teamA.includes(match.loggedBy!) ? match.teamB : match.teamA;
          const answerer = people.find((p) => side.includes(p.id));
          await t.call(
            random() < 0.6 ? ladderEndpoints.confirmMatch : ladderEndpoints.disputeMatch,
            { params: { orgId, matchId: match.id } },
            { cookie: answerer!.cookie },
          );
        } else if (match) {
          await t.call(
            ladderEndpoints.decideMatch,
            { params: { orgId, matchId: match.id }, body: { outcome: random() < 0.5 ? "count" : "void" } },
            { cookie: organizer.cookie },
          );
        }
      } else if (roll < 0.85) {
        kind = "edit";
        const target = pick(logged);
        const moved = random() < 0.3 ? (target.format === "doubles" ? "singles" : "doubles") : target.format;
        const res = await t.call(
          ladderEndpoints.editMatch,
          { params: { orgId, matchId: target.id }, body: payload(moved, four, score, playedAt) },
          { cookie: organizer.cookie },
        );
        if (res.status === 200) target.format = moved;
      } else if (roll < 0.95) {
        kind = "delete";
        const target = pick(logged);
        await t.call(
          ladderEndpoints.deleteMatch,
          { params: { orgId, matchId: target.id } },
          { cookie: organizer.cookie },
        );
        logged.splice(logged.indexOf(target), 1);
      } else {
        // Two days pass: members' unanswered matches begin to count by waiting.
        kind = "two days pass";
        now = new Date(now.getTime() + UNANSWERED_COUNTS_AFTER_MS + 60_000);
        catchUp = true;
      }
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      // The stored rows lag behind only until the next change (or the scheduled replay).
      if (catchUp) continue;
      await expectStoredEqualsReplay("doubles");
      await expectStoredEqualsReplay("singles");
    }
    // The walk went through every kind of change.
    expect(Object.keys(kinds).sort()).toEqual(
      [
        "answer or decide",
        "delete",
        "edit",
        "log back-dated",
        "log tonight",
        "member logs",
        "take back tonight's last",
        "two days pass",
      ].sort(),
    );
  });

  it("takes back tonight's last result by stepping its players back: no other row is written again", async () => {
    // After every other test's matches: tonight's results are the end of history.
    now = new Date("2026-12-10T19:00:00Z");
    // The replays queued by the walk's unanswered matches would rewrite every line meanwhile.
    await t.db.execute(
      sql`delete from pgboss.job where name = ${RECOMPUTE_LADDER} and state in ('created', 'retry')`,
    );
    await until(
      async () =>
        (
          await t.db.execute(
            sql`select 1 from pgboss.job where name = ${RECOMPUTE_LADDER} and state = 'active'`,
          )
        ).rows,
      (active) => active.length === 0,
      "the queued replays to finish",
    );
    const four = people.slice(0, 4);
    const log = async (games: { a: number; b: number }[]) => {
      const res = await t.call(
        ladderEndpoints.logMatch,
        { params: { orgId }, body: payload("doubles", four, games, day(now)) },
        { cookie: organizer.cookie },
      );
      expect(res.status, res.response.text).toBe(201);
      return res.body.id;
    };
    await log([{ a: 11, b: 4 }]);
    now = new Date(now.getTime() + 60_000);
    const before = await storedState(t.db, "doubles");
    const untouched = await rowVersions();
    now = new Date(now.getTime() + 60_000);
    const last = await log([{ a: 6, b: 11 }]);
    const res = await t.call(
      ladderEndpoints.deleteMatch,
      { params: { orgId, matchId: last } },
      { cookie: organizer.cookie },
    );
    expect(res.status, res.response.text).toBe(204);
    // As it was before the result, to the bit, and equal to a replay without it.
    expect(await storedState(t.db, "doubles")).toEqual(before);
    await expectStoredEqualsReplay("doubles");
    // Only the four players' lines were written again; no history row was.
    const after = await rowVersions();
    const rewritten = [...after.entries()]
      .filter(([key, version]) => untouched.get(key) !== version)
      .map(([key]) => key);
    expect(rewritten.sort()).toEqual(four.map((p) => `line:doubles:${p.id}`).sort());
  });
});
