// The ladder from real matches: logging, answering, deciding, editing, concurrency, the board
// feeding it, and the stored ratings always equal to a fresh replay.
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import type { MatchBody } from "../../../shared/contracts/ladder.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { type MatchInput, replay, whole } from "../../../shared/rating/index.js";
import { organizations } from "../../db/schema/clubs.js";
import { boards, games, queuePlayers } from "../../db/schema/courts.js";
import { matches, matchResultEvents, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { statementsSent } from "../../test/statements-sent.js";
import { until } from "../../test/until.js";
import { refreshQueue } from "../courts/actions.js";
import { APPLY_BOARD_RESULT, applyBoardResult } from "./board-results.js";
import { matchFromBoardGame } from "./game-matches.js";
import { recomputeLadder, staleLadders, UNANSWERED_COUNTS_AFTER_MS } from "./replay-store.js";

let t: TestApp;
let now = new Date("2026-11-20T18:00:00Z");
let owner: TestUser;
let organizer: TestUser;
let people: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@ladder.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@ladder.example", "Oscar Organizer");
  people = await Promise.all(
    Array.from({ length: 8 }, (_, i) => makeUser(t, `p${i}@ladder.example`, `Player ${i}`)),
  );
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      ...people.map((p) => [p, "member"] as [TestUser, "member"]),
    ])
  ).id;
  // The club has played since October: the matches below are dated within its life.
  await t.db
    .update(organizations)
    .set({ createdAt: new Date("2026-10-01T12:00:00Z") })
    .where(eq(organizations.id, orgId));
});
afterAll(async () => {
  await t?.close();
});

const doubles = (a: TestUser[], b: TestUser[], games = [{ a: 11, b: 7 }]): MatchBody => ({
  format: "doubles",
  teamA: a.map((p) => p.id),
  teamB: b.map((p) => p.id),
  target: 11,
  games,
  playedAt: "2026-11-19",
});
const log = (by: TestUser, body: MatchBody) =>
  t.call(ladderEndpoints.logMatch, { params: { orgId }, body }, { cookie: by.cookie });
const ladder = async (format: MatchBody["format"] = "doubles") =>
  (
    await t.call(
      ladderEndpoints.standings,
      { params: { orgId }, query: { format } },
      { cookie: people[0]!.cookie },
    )
  ).body;
/** `who` confirms or disputes the match `matchId`. */
const answerAs = (who: TestUser, answer: "confirm" | "dispute", matchId: string) =>
  t.call(
    answer === "confirm" ? ladderEndpoints.confirmMatch : ladderEndpoints.disputeMatch,
    { params: { orgId, matchId } },
    { cookie: who.cookie },
  );
/** `who` edits the match `matchId`. */
const editAs = (who: TestUser, matchId: string, body: MatchBody) =>
  t.call(ladderEndpoints.editMatch, { params: { orgId, matchId }, body }, { cookie: who.cookie });

/** The stored ratings of a format against a replay of its counted matches from scratch. */
async function expectStoredEqualsReplay(format: "singles" | "doubles") {
  const rows = await t.db
    .select()
    .from(matches)
    .where(and(eq(matches.organizationId, orgId), eq(matches.format, format)))
    .orderBy(asc(matches.playedAt), asc(matches.createdAt), asc(matches.id));
  const counted = rows.filter(
    (m) =>
      m.status === "confirmed" ||
      (m.status === "pending" && m.createdAt.getTime() <= now.getTime() - UNANSWERED_COUNTS_AFTER_MS),
  );
  const fresh = replay(
    counted.map(
      (m): MatchInput => ({
        id: m.id,
        teamA: m.teamA,
        teamB: m.teamB,
        winner: m.winner,
        scoreA: m.games.reduce((s, g) => s + g.a, 0),
        scoreB: m.games.reduce((s, g) => s + g.b, 0),
      }),
    ),
  );
  const stored = await t.db
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.organizationId, orgId), eq(playerRatings.format, format)));
  expect(stored).toHaveLength(fresh.ratings.size);
  for (const row of stored) expect(row.rating).toBeCloseTo(fresh.ratings.get(row.userId)!, 9);
  // The history too: one row per player of every counted match, with the replay's change.
  const history = await t.db
    .select()
    .from(ratingHistory)
    .where(and(eq(ratingHistory.organizationId, orgId), eq(ratingHistory.format, format)));
  const expected = fresh.steps.flatMap((step) =>
    Object.entries(step.deltas).map(([userId, delta]) => `${step.matchId}:${userId}:${delta}`),
  );
  expect(history.map((h) => `${h.matchId}:${h.userId}:${h.delta}`).sort()).toEqual(expected.sort());
  // And why each change was what it was: the replay's expected chance and parts, summing to it.
  const why = new Map(
    fresh.steps.flatMap((step, i) =>
      Object.entries(step.parts).map(([userId, parts]) => {
        const expectedA = step.expectedA;
        const onA = counted[i]!.teamA.includes(userId);
        return [
          `${step.matchId}:${userId}`,
          { ...parts, expected: onA ? expectedA : 1 - expectedA },
        ] as const;
      }),
    ),
  );
  for (const h of history) {
    const parts = why.get(`${h.matchId}:${h.userId}`)!;
    expect(h.expected).toBeCloseTo(parts.expected, 9);
    expect(h.surprise).toBeCloseTo(parts.surprise, 9);
    expect(h.margin).toBeCloseTo(parts.margin, 9);
    expect(h.certainty).toBeCloseTo(parts.certainty, 9);
    expect(h.surprise + h.margin + h.certainty).toBeCloseTo(h.delta, 9);
  }
}

describe("logging a match", () => {
  it("a member's match waits for the other side, counts once confirmed, and moves the table", async () => {
    const [a, b, c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    const logged = await log(a, doubles([a, b], [c, d]));
    expect(logged.status, logged.response.text).toBe(201);
    const match = logged.body;
    expect(match).toMatchObject({ status: "pending", counts: false, canAnswer: false, winner: "A" });
    expect((await ladder()).rows).toHaveLength(0);

    // Only the other side answers.
    const byPartner = await answerAs(b, "confirm", match.id);
    expect(byPartner.status).toBe(403);
    const mine = await t.call(
      ladderEndpoints.matches,
      { params: { orgId }, query: { status: "pending" } },
      { cookie: c.cookie },
    );
    expect(mine.body.matches[0]).toMatchObject({ id: match.id, canAnswer: true });
    const confirmed = await answerAs(c, "confirm", match.id);
    expect(confirmed.body).toMatchObject({ status: "confirmed", counts: true });
    expect(confirmed.body.deltas[a.id]).toBeGreaterThan(0);

    const table = await ladder();
    expect(table.hasMatches).toBe(true);
    expect(
      table.rows
        .map((r) => r.name)
        .slice(0, 2)
        .sort(),
    ).toEqual(["Player 0", "Player 1"]);
    expect(table.rows[0]).toMatchObject({ rank: 1, streak: 1, games: 1, wins: 1 });
    expect(table.rows[3]).toMatchObject({ rank: 4, streak: -1, games: 1, wins: 0 });
    expect(table.rows[0]!.change).toBe(-table.rows[3]!.change);
    // Each player of a counted match gets one result event for the notifications.
    const events = await t.db.select().from(matchResultEvents).where(eq(matchResultEvents.matchId, match.id));
    expect(events).toHaveLength(4);
    await expectStoredEqualsReplay("doubles");
  });

  it("a disputed match does not count until an organizer decides", async () => {
    const [, , , , e, f, g, h] = people as TestUser[];
    const match = (await log(e!, doubles([e!, f!], [g!, h!], [{ a: 11, b: 3 }]))).body;
    const disputed = await answerAs(h!, "dispute", match.id);
    expect(disputed.body).toMatchObject({ status: "disputed", counts: false });
    const again = await answerAs(g!, "confirm", match.id);
    expect(again.status).toBe(409);
    expect((await ladder()).rows.some((r) => r.userId === e!.id)).toBe(false);
    const decide = (who: TestUser) =>
      t.call(
        ladderEndpoints.decideMatch,
        { params: { orgId, matchId: match.id }, body: { outcome: "count" } },
        { cookie: who.cookie },
      );
    const byMember = await decide(g!);
    expect(byMember.status).toBe(403);
    const decided = await decide(organizer);
    expect(decided.body).toMatchObject({ status: "confirmed", counts: true });
    expect((await ladder()).rows.some((r) => r.userId === e!.id)).toBe(true);
    await expectStoredEqualsReplay("doubles");
  });

  it("an unanswered match counts after 48 hours (replayed by the scheduled job)", async () => {
    const [a, , c] = people as TestUser[];
    const match = (await log(a!, { ...doubles([], []), format: "singles", teamA: [a!.id], teamB: [c!.id] }))
      .body;
    expect(match.counts).toBe(false);
    now = new Date(now.getTime() + UNANSWERED_COUNTS_AFTER_MS + 60_000);
    await t.db.transaction(async (tx) => {
      const { recomputeLadder } = await import("./replay-store.js");
      await recomputeLadder(tx, orgId, "singles", now);
    });
    const singles = await ladder("singles");
    expect(singles.rows.map((r) => r.userId)).toEqual([a!.id, c!.id]);
    await expectStoredEqualsReplay("singles");
  });

  it("refuses scores no game ends on, players outside the club, and matches the logger did not play", async () => {
    const [a, b, c, d] = people as TestUser[];
    const bad = await log(a!, doubles([a!, b!], [c!, d!], [{ a: 11, b: 10 }]));
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("A game is won by 2 points.");
    const tie = await log(
      a!,
      doubles(
        [a!, b!],
        [c!, d!],
        [
          { a: 11, b: 5 },
          { a: 5, b: 11 },
        ],
      ),
    );
    expect(tie.error!.message).toBe("The games must have a winner.");
    const twice = await log(a!, doubles([a!, b!], [a!, d!]));
    expect(twice.error!.message).toBe("A player can only be on one side, once.");
    const outsider = await makeUser(t, "outsider@ladder.example");
    const withOutsider = await log(a!, doubles([a!, b!], [c!, outsider]));
    expect(withOutsider.status).toBe(400);
    expect(withOutsider.error?.message).toBe("Every player must be a member of the club.");
    const notMine = await log(a!, doubles([b!, c!], [d!, people[4]!]));
    expect(notMine.status).toBe(403);
  });
});

describe("organizers", () => {
  it("log matches that count at once, edit and delete them, and the ratings follow", async () => {
    const [a, b, c, d] = people as TestUser[];
    const logged = (await log(organizer, doubles([a!, b!], [c!, d!], [{ a: 2, b: 11 }]))).body;
    expect(logged).toMatchObject({ status: "confirmed", counts: true, winner: "B" });
    const edited = await editAs(organizer, logged.id, doubles([a!, b!], [c!, d!], [{ a: 15, b: 13 }]));
    expect(edited.status, edited.response.text).toBe(200);
    expect(edited.body).toMatchObject({ winner: "A", games: [{ a: 15, b: 13 }] });
    await expectStoredEqualsReplay("doubles");
    const remove = (who: TestUser) =>
      t.call(ladderEndpoints.deleteMatch, { params: { orgId, matchId: logged.id } }, { cookie: who.cookie });
    const byMember = await remove(a!);
    expect(byMember.status).toBe(403);
    const removed = await remove(organizer);
    expect(removed.status).toBe(204);
    await expectStoredEqualsReplay("doubles");
  });

  it("20 matches logged at once leave the ratings equal to a fresh replay", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const four = [0, 1, 2, 3].map((k) => people[(i + k * 2) % people.length]!);
        return log(organizer, doubles(four.slice(0, 2), four.slice(2), [{ a: 11, b: i % 10 }]));
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    await expectStoredEqualsReplay("doubles");
  });
});

describe("editing matches between formats", () => {
  const singles = (a: TestUser, b: TestUser, playedAt: string): MatchBody => ({
    ...doubles([a], [b]),
    format: "singles",
    playedAt,
  });

  it("moving older matches in time or between formats keeps both formats equal to a fresh replay", async () => {
    const [a, b, c, d] = people as TestUser[];
    const first = (await log(organizer, { ...doubles([a!, b!], [c!, d!]), playedAt: "2026-11-01" })).body;
    await log(organizer, { ...doubles([a!, c!], [b!, d!], [{ a: 5, b: 11 }]), playedAt: "2026-11-02" });
    await log(organizer, singles(a!, d!, "2026-11-03"));
    const edit = (id: string, body: MatchBody) => editAs(organizer, id, body);
    // Later in time, then into the other format, then back: every step equals a replay.
    expect((await edit(first.id, { ...doubles([a!, b!], [c!, d!]), playedAt: "2026-11-18" })).status).toBe(
      200,
    );
    await expectStoredEqualsReplay("doubles");
    expect((await edit(first.id, singles(b!, c!, "2026-10-30"))).status).toBe(200);
    await expectStoredEqualsReplay("doubles");
    await expectStoredEqualsReplay("singles");
    expect((await edit(first.id, { ...doubles([a!, b!], [c!, d!]), playedAt: "2026-10-29" })).status).toBe(
      200,
    );
    await expectStoredEqualsReplay("doubles");
    await expectStoredEqualsReplay("singles");
  });

  it("opposite format changes at the same time do not deadlock", async () => {
    const [a, b, c, d] = people as TestUser[];
    const one = (await log(organizer, doubles([a!, b!], [c!, d!]))).body;
    const two = (await log(organizer, singles(a!, b!, "2026-11-19"))).body;
    const edit = (id: string, body: MatchBody) => editAs(organizer, id, body);
    for (let round = 0; round < 4; round++) {
      const flip = round % 2 === 0;
      const answers = await Promise.all([
        edit(one.id, flip ? singles(a!, c!, "2026-11-19") : doubles([a!, b!], [c!, d!])),
        edit(two.id, flip ? doubles([a!, b!], [c!, d!]) : singles(a!, b!, "2026-11-19")),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
    }
    await expectStoredEqualsReplay("doubles");
    await expectStoredEqualsReplay("singles");
  });

  it("an unanswered match moved to the other format is counted there after 48 hours", async () => {
    const [a, b] = people as TestUser[];
    const pending = (await log(a!, singles(a!, b!, "2026-11-19"))).body;
    expect(pending.status).toBe("pending");
    const [c, d] = [people[2]!, people[3]!];
    const moved = await editAs(organizer, pending.id, doubles([a!, c!], [b!, d!]));
    expect(moved.status, moved.response.text).toBe(200);
    const { rows } = await t.deps.database.pool.query<{ format: string }>(
      "select data->>'format' as format from pgboss.job where name = 'recompute-ladder' and data->>'organizationId' = $1",
      [orgId],
    );
    expect(rows.map((r) => r.format)).toContain("doubles");
  });
});

describe("a player's page", () => {
  it("shows the rating history, recent matches and partners", async () => {
    const player = (who: TestUser, userId: string) =>
      t.call(ladderEndpoints.player, { params: { orgId, userId } }, { cookie: who.cookie });
    const page = await player(people[5]!, people[0]!.id);
    expect(page.status).toBe(200);
    const view = page.body;
    expect(view.name).toBe("Player 0");
    expect(view.ratings.doubles!.games).toBeGreaterThan(0);
    expect(view.history.length).toBe(view.ratings.doubles!.games + (view.ratings.singles?.games ?? 0));
    expect(view.recent.length).toBeGreaterThan(0);
    expect(view.partners[0]!.games).toBeGreaterThan(0);
    // Each counted match says why the player's rating moved, in whole points adding up to it.
    const counted = view.recent.filter((m) => m.counts);
    expect(counted.length).toBeGreaterThan(0);
    for (const match of counted) {
      const why = match.why[people[0]!.id]!;
      const [stored] = await t.db
        .select()
        .from(ratingHistory)
        .where(and(eq(ratingHistory.matchId, match.id), eq(ratingHistory.userId, people[0]!.id)));
      expect(why.expectedPercent).toBe(whole(stored!.expected * 100));
      expect(why.surprise).toBe(whole(stored!.surprise));
      expect(why.margin).toBe(whole(stored!.margin));
      expect(why.surprise + why.margin + why.certainty).toBe(match.deltas[people[0]!.id]);
    }
    const stranger = await makeUser(t, "stranger@ladder.example");
    const elsewhere = await player(owner, stranger.id);
    expect(elsewhere.status).toBe(404);
  });
});

describe("history from before the parts were kept", () => {
  it("is found and written again by one replay", async () => {
    // As migration 0028 left them: zero parts on every change.
    await t.db
      .update(ratingHistory)
      .set({ expected: 0.5, surprise: 0, margin: 0, certainty: 0 })
      .where(and(eq(ratingHistory.organizationId, orgId), eq(ratingHistory.format, "doubles")));
    expect(await staleLadders(t.db)).toContainEqual({ organizationId: orgId, format: "doubles" });
    await t.db.transaction((tx) => recomputeLadder(tx, orgId, "doubles", now));
    expect(await staleLadders(t.db)).not.toContainEqual({ organizationId: orgId, format: "doubles" });
    await expectStoredEqualsReplay("doubles");
  });
});

describe("the confirmed matches as CSV", () => {
  it("one line per player of each confirmed match, with the change and its parts; another club's gets 404", async () => {
    const answer = await t.call(
      ladderEndpoints.matchesCsv,
      { params: { orgId }, query: { format: "doubles" } },
      { cookie: people[3]!.cookie },
    );
    expect(answer.status).toBe(200);
    expect(answer.response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.response.headers["content-disposition"]).toContain("ladder-doubles-matches.csv");
    const [header, ...lines] = answer.response.text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe(
      "played_on,format,side_a,side_b,score,winner,player,side,expected_percent,change,surprise,margin,certainty",
    );
    const confirmed = await t.db
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(
          eq(matches.organizationId, orgId),
          eq(matches.format, "doubles"),
          eq(matches.status, "confirmed"),
        ),
      );
    expect(confirmed.length).toBeGreaterThan(0);
    expect(lines).toHaveLength(confirmed.length * 4);
    // Each line as stored: the player's side, expected chance and parts of their change.
    const stored = await t.db
      .select()
      .from(ratingHistory)
      .innerJoin(matches, eq(matches.id, ratingHistory.matchId))
      .where(
        and(
          eq(matches.organizationId, orgId),
          eq(matches.format, "doubles"),
          eq(matches.status, "confirmed"),
        ),
      );
    const nameOf = new Map([...people, owner, organizer].map((p) => [p.id, p.name]));
    const expected = stored.map(({ rating_history: h, matches: m }) => {
      const surprise = Math.round(h.surprise);
      const margin = Math.round(h.margin);
      const change = Math.round(h.delta);
      return [
        m.playedAt.toISOString().slice(0, 10),
        nameOf.get(h.userId),
        m.teamA.includes(h.userId) ? "A" : "B",
        Math.round(h.expected * 100),
        change,
        surprise,
        margin,
        change - surprise - margin,
      ].join(",");
    });
    const got = lines.map((line) => {
      const cells = line.split(",");
      return [cells[0], cells[6], cells[7], ...cells.slice(-5)].join(",");
    });
    expect(got.sort()).toEqual(expected.sort());
    const other = await makeUser(t, "other-owner@ladder.example");
    const otherClub = await makeClub(t, other);
    const elsewhere = await t.call(
      ladderEndpoints.matchesCsv,
      { params: { orgId }, query: {} },
      { cookie: other.cookie },
    );
    expect(elsewhere.status).toBe(404);
    const own = await t.call(
      ladderEndpoints.matchesCsv,
      { params: { orgId: otherClub.id }, query: { format: "singles" } },
      { cookie: other.cookie },
    );
    expect(
      own.response.text
        .replace(/^\ufeff/, "")
        .trimEnd()
        .split("\r\n"),
    ).toHaveLength(1);
    // No such format: a query the contract's type refuses, sent raw.
    const bad = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/ladder/matches.csv?format=triples`,
      cookie: people[3]!.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the court board", () => {
  it("a score recorded on the board becomes a counted match", async () => {
    await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.organizationId, orgId));
    const startsAt = new Date(now.getTime() - 600_000);
    const [session] = await t.db
      .insert(sessions)
      .values({
        organizationId: orgId,
        name: "Ladder Night",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 7_200_000),
        status: "active",
      })
      .returning();
    await t.db.insert(sessionRegistrations).values(
      people.slice(0, 4).map((p, i) => ({
        organizationId: orgId,
        sessionId: session!.id,
        userId: p.id,
        status: "registered" as const,
        seq: i + 1,
        checkedInAt: new Date(now.getTime() + i),
      })),
    );
    await refreshQueue(t.deps, orgId);
    const fill = await t.call(boardEndpoints.fill, { params: { orgId } }, { cookie: organizer.cookie });
    expect(fill.status, fill.response.text).toBe(200);
    const [game] = await t.db
      .select()
      .from(games)
      .where(and(eq(games.sessionId, session!.id), eq(games.status, "playing")));
    const scored = await scoreOnBoard(game!.id, 11, 9);
    expect(scored.status, scored.response.text).toBe(200);
    const [match] = await t.db.select().from(matches).where(eq(matches.gameId, game!.id));
    expect(match).toMatchObject({
      status: "confirmed",
      format: "doubles",
      winner: "A",
      games: [{ a: 11, b: 9 }],
    });
    expect(match!.teamA.every((id) => people.some((p) => p.id === id))).toBe(true);
    // The ratings move after the board's commit; its transaction queued the job that backs that up.
    await followUps(t.deps.database).settled();
    await expectStoredEqualsReplay("doubles");
    const queued = await t.db.execute<{ matchId: string; waits: boolean }>(
      sql`select data->>'matchId' as "matchId", start_after > ${new Date(now.getTime() + 30_000)}::timestamptz as waits
          from pgboss.job where name = ${APPLY_BOARD_RESULT} and data->>'organizationId' = ${orgId}`,
    );
    expect(queued.rows).toEqual([{ matchId: match!.id, waits: true }]);
    // The job, when it comes, finds the match applied and writes nothing.
    const before = await historyStamps();
    await applyBoardResult(t.db, { organizationId: orgId, format: "doubles", matchId: match!.id }, now);
    expect(await historyStamps()).toEqual(before);
  });

  it("a score does not wait for the ladder: the board answers while the ladder is held, and the ratings follow", async () => {
    const game = await gameOnCourt();
    let answered = false;
    await whileLadderHeld(async () => {
      const scored = await scoreOnBoard(game.id, 5, 11);
      expect(scored.status, scored.response.text).toBe(200);
      answered = true;
      const [match] = await t.db.select().from(matches).where(eq(matches.gameId, game.id));
      const applied = await t.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, match!.id));
      expect(applied).toEqual([]);
    });
    expect(answered).toBe(true);
    await followUps(t.deps.database).settled();
    await expectStoredEqualsReplay("doubles");
  });

  it("an undo while the score's follow-up waits for the ladder: both finish, and the ladder is as before the score", async () => {
    const game = await gameOnCourt();
    const before = await t.db.select().from(playerRatings).where(eq(playerRatings.organizationId, orgId));
    let undoing: ReturnType<typeof undo> | undefined;
    await whileLadderHeld(async () => {
      const scored = await scoreOnBoard(game.id, 11, 6);
      expect(scored.status, scored.response.text).toBe(200);
      // The follow-up waits for the ladder; so does the undo, behind it.
      undoing = undo(game.id);
      // Both wait for the ladder's lock before it is let go: seen, not slept on.
      await until(
        async () =>
          (
            await t.db.execute(
              sql`select 1 from pg_stat_activity where datname = current_database() and wait_event = 'advisory'`,
            )
          ).rows.length,
        (waiting) => waiting >= 2,
        "the score's follow-up and the undo waiting for the ladder",
      );
    });
    const undone = await undoing!;
    expect(undone.status, undone.response.text).toBe(200);
    await followUps(t.deps.database).settled();
    await expectStoredEqualsReplay("doubles");
    const after = await t.db.select().from(playerRatings).where(eq(playerRatings.organizationId, orgId));
    const line = (rows: typeof before) =>
      rows.map((r) => `${r.userId}:${r.format}:${r.rating}:${r.games}`).sort();
    expect(line(after)).toEqual(line(before));
  });

  it("a board that balances teams by rating has the result in the ratings before it fills the court", async () => {
    await t.db.update(boards).set({ mode: "skill-balanced" }).where(eq(boards.organizationId, orgId));
    // A game on court that no test has made a match of yet.
    const [game] = await t.db
      .select()
      .from(games)
      .where(
        and(
          eq(games.organizationId, orgId),
          eq(games.status, "playing"),
          sql`not exists (select 1 from ${matches} m where m.game_id = ${games.id})`,
        ),
      );
    expect(game).toBeDefined();
    const sent = await statementsSent(/insert into "rating_history"|insert into "games"/, async () => {
      const scored = await scoreOnBoard(game!.id, 11, 4);
      expect(scored.status, scored.response.text).toBe(200);
      await followUps(t.deps.database).settled();
    });
    // The history is written inside the board's transaction, before the fill that followed
    // the score started the court's next game: the fill weighed the players with it.
    expect(sent.map((text) => (text.includes("rating_history") ? "history" : "fill"))).toEqual([
      "history",
      "fill",
    ]);
    await t.db.update(boards).set({ mode: "fair" }).where(eq(boards.organizationId, orgId));
    await expectStoredEqualsReplay("doubles");
  });

  it("a result whose follow-up never ran (the process died after the commit) is applied by its job", async () => {
    const game = await gameOnCourt();
    const players = await t.db
      .select({ id: queuePlayers.registrationId, userId: queuePlayers.userId })
      .from(queuePlayers)
      .where(eq(queuePlayers.sessionId, game.sessionId));
    // What the board's transaction writes, without the follow-up that comes after its commit.
    const owed = await t.db.transaction((tx) =>
      matchFromBoardGame(
        tx,
        { ...game, winner: "A", scoreA: 11, scoreB: 3 },
        new Map(players.map((p) => [p.id, p.userId])),
        now,
      ),
    );
    expect(owed).toMatchObject({ organizationId: orgId, format: "doubles" });
    // Its job, as the board's transaction queues it, run by the queue's worker.
    await t.deps.jobs.schedule(APPLY_BOARD_RESULT, owed!, new Date(Date.now() - 1000));
    await until(
      () => t.db.select().from(ratingHistory).where(eq(ratingHistory.matchId, owed!.matchId)),
      (rows) => rows.length === 4,
      "the job to apply the result",
    );
    await expectStoredEqualsReplay("doubles");
  });
});

/** The game on court now. */
async function gameOnCourt() {
  const [game] = await t.db
    .select()
    .from(games)
    .where(and(eq(games.organizationId, orgId), eq(games.status, "playing")));
  expect(game).toBeDefined();
  return game!;
}

/** The organizer scores `gameId` on the board; answers the response. */
const scoreOnBoard = (gameId: string, scoreA: number, scoreB: number) =>
  t.call(
    boardEndpoints.score,
    { params: { orgId, gameId }, body: { scoreA, scoreB } },
    { cookie: organizer.cookie },
  );

/** The organizer takes back the score of `gameId`; answers the response. */
const undo = (gameId: string) =>
  t.call(boardEndpoints.undoScore, { params: { orgId, gameId } }, { cookie: organizer.cookie });

/** Runs `work` while another transaction holds the doubles ladder's lock, as a long replay would. */
const whileLadderHeld = (work: () => Promise<void>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ladder:${orgId}:doubles`}))`);
    await work();
  });

/** Each history row's identity and the transaction that wrote it: what a no-op leaves as it was. */
async function historyStamps() {
  const { rows } = await t.db.execute<{ id: string }>(
    sql`select match_id || ':' || user_id || ':' || xmin as id from rating_history
        where organization_id = ${orgId} order by 1`,
  );
  return rows.map((r) => r.id);
}

describe("what a logged match must be", () => {
  const singles = (a: TestUser, b: TestUser, playedAt = "2026-11-19"): MatchBody => ({
    ...doubles([a], [b]),
    format: "singles",
    playedAt,
  });

  it("is dated within the club's life: not before the day before it was created, not after today", async () => {
    const [a, b] = people as TestUser[];
    // 23:57 in New York: the club's today is November 22; a clock a few minutes ahead already shows the 23rd.
    now = new Date("2026-11-23T04:57:00Z");
    const refused = async (body: MatchBody, message: string) => {
      const response = await log(organizer, body);
      expect(response.status, response.response.text).toBe(400);
      expect(response.error).toMatchObject({ code: "VALIDATION_ERROR", message });
      expect((response.error!.issues![0] as { path: unknown }).path).toEqual(["playedAt"]);
    };
    // Created on October 1: one day's grace for the night the club signed up.
    await refused(singles(a!, b!, "2026-09-29"), "A match cannot be dated before the club was created.");
    await refused(singles(a!, b!, "2026-11-24"), "A match cannot be dated in the future.");
    await refused(singles(a!, b!, "2099-01-01"), "A match cannot be dated in the future.");
    const earliest = await log(organizer, singles(a!, b!, "2026-09-30"));
    expect(earliest.status, earliest.response.text).toBe(201);
    expect((await log(organizer, singles(a!, b!, "2026-11-22"))).status).toBe(201);
    expect((await log(organizer, singles(a!, b!, "2026-11-23"))).status).toBe(201);
    // An edit is held to the same dates.
    const moved = await editAs(organizer, earliest.body.id, singles(a!, b!, "2027-01-01"));
    expect(moved.status).toBe(400);
    expect(moved.error?.message).toBe("A match cannot be dated in the future.");
    await expectStoredEqualsReplay("singles");
  });

  it("a player has at most 5 matches waiting for one opponent's answer; the 6th is refused until one is answered", async () => {
    const [, , , , e, f, g, h] = people as TestUser[];
    const waiting = [];
    for (let i = 0; i < 5; i++) {
      const logged = await log(e!, singles(e!, f!));
      expect(logged.status, logged.response.text).toBe(201);
      waiting.push(logged.body.id);
    }
    const sixth = await log(e!, singles(e!, f!));
    expect(sixth.status).toBe(409);
    expect(sixth.error).toMatchObject({
      code: "TOO_MANY_PENDING_MATCHES",
      message:
        "You already have 5 matches against this player waiting for their answer. Wait until they confirm or dispute them.",
    });
    // With f on the other side in doubles too; but other opponents, and f logging back, are not held.
    expect((await log(e!, doubles([e!, g!], [f!, h!]))).status).toBe(409);
    expect((await log(e!, singles(e!, g!))).status).toBe(201);
    expect((await log(f!, singles(f!, e!))).status).toBe(201);
    const answered = await answerAs(f!, "confirm", waiting[0]!);
    expect(answered.status).toBe(200);
    expect((await log(e!, singles(e!, f!))).status).toBe(201);
  });

  it("an organizer, admin or owner who played in the match waits for the other side to confirm it", async () => {
    const [a, b, c] = people as TestUser[];
    const logged = await log(organizer, doubles([organizer, a!], [b!, c!]));
    expect(logged.status, logged.response.text).toBe(201);
    expect(logged.body).toMatchObject({ status: "pending", counts: false, canAnswer: false });
    const byPartner = await answerAs(a!, "confirm", logged.body.id);
    expect(byPartner.status).toBe(403);
    const confirmed = await answerAs(c!, "confirm", logged.body.id);
    expect(confirmed.body).toMatchObject({ status: "confirmed", counts: true });

    const byOwner = await log(owner, singles(owner, b!, "2026-11-22"));
    expect(byOwner.body).toMatchObject({ status: "pending", counts: false });
    // Logging other people's match still counts at once.
    expect((await log(owner, singles(a!, b!, "2026-11-22"))).body).toMatchObject({ status: "confirmed" });
    await expectStoredEqualsReplay("doubles");
    await expectStoredEqualsReplay("singles");
  });
});
