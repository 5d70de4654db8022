// The ladder's pages are kept per instance until the club's ladder or data stamp moves
// (platform/club-reads readOfLadder): a second read asks only for the stamps, and every kind of
// change to the ladder shows on the next read, whoever made it and however.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import type { Endpoint } from "../../../shared/contracts/endpoint.js";
import type { MatchBody } from "../../../shared/contracts/ladder.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { organizations } from "../../db/schema/clubs.js";
import { matches } from "../../db/schema/ladder.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { statementsSent } from "../../test/statements-sent.js";
import type { Called } from "../../test/typed-client.js";
import { RECOMPUTE_LADDER, recomputeLadder, UNANSWERED_COUNTS_AFTER_MS } from "./replay-store.js";

let t: TestApp;
let now = new Date("2026-11-20T18:00:00Z");
let owner: TestUser;
let people: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@kept-ladder.example", "Olive Owner");
  people = await Promise.all(
    Array.from({ length: 4 }, (_, i) => makeUser(t, `p${i}@kept-ladder.example`, `Player ${i}`)),
  );
  orgId = (
    await makeClub(
      t,
      owner,
      people.map((p) => [p, "member"] as [TestUser, "member"]),
    )
  ).id;
  await t.db
    .update(organizations)
    .set({ createdAt: new Date("2026-10-01T12:00:00Z") })
    .where(eq(organizations.id, orgId));
});
afterAll(async () => {
  await t?.close();
});

const as = (who: TestUser) => ({ cookie: who.cookie });
const get = async <E extends Endpoint>(call: Promise<Called<E>>) => {
  const response = await call;
  expect(response.status, response.response.text).toBe(200);
  return response.body;
};
const playerPage = (userId: string, who: TestUser = owner) =>
  get(t.call(ladderEndpoints.player, { params: { orgId, userId } }, as(who)));
const matchesPage = async (who: TestUser = owner) =>
  (await get(t.call(ladderEndpoints.matches, { params: { orgId }, query: {} }, as(who)))).matches;
const standings = () =>
  get(t.call(ladderEndpoints.standings, { params: { orgId }, query: { format: "singles" } }, as(owner)));
const singles = (a: TestUser, b: TestUser, games = [{ a: 11, b: 7 }]): MatchBody => ({
  format: "singles",
  teamA: [a.id],
  teamB: [b.id],
  target: 11,
  games,
  playedAt: "2026-11-19",
});
const send = async <E extends Endpoint>(call: Promise<Called<E>>) => {
  const response = await call;
  expect(response.status, response.response.text).toBeLessThan(300);
  return response.body;
};
const logMatch = (who: TestUser, body: MatchBody) =>
  send(t.call(ladderEndpoints.logMatch, { params: { orgId }, body }, as(who)));
/** The pages' own statements (not the stamps', nor the job queue's polling). */
const PAGE_STATEMENTS =
  /player_rating_lines|player_chart_points|match_page|ladder_first|changes_of_matches|from "matches"/;

describe("the ladder's kept pages", () => {
  it("are built once while nothing changes: a second read asks only for the stamps", async () => {
    const [a, b] = people as [TestUser, TestUser];
    await logMatch(owner, singles(a, b));
    await playerPage(a.id);
    await matchesPage();
    await standings();
    const again = await statementsSent(
      new RegExp(`ladder_and_data_stamps|${PAGE_STATEMENTS.source}`),
      async () => {
        await playerPage(a.id);
        await matchesPage();
        await standings();
      },
    );
    // Three reads, three stamp lookups, and not one of the pages' own statements.
    expect(again).toHaveLength(3);
    expect(again.every((s) => s.includes("ladder_and_data_stamps"))).toBe(true);
  });

  it("show every kind of change on the next read", async () => {
    const [a, b, c] = people as [TestUser, TestUser, TestUser];
    const rating = async (who: TestUser) => (await playerPage(who.id)).ratings.singles?.rating ?? null;
    // Logged by a player: pending, on the matches page at once.
    const logged = await logMatch(a, singles(a, c));
    expect((await matchesPage()).find((m) => m.id === logged.id)?.status).toBe("pending");
    const before = await rating(c);
    expect(before).toBeNull();
    // Confirmed by the other side: counted, on the player's page.
    await send(t.call(ladderEndpoints.confirmMatch, { params: { orgId, matchId: logged.id } }, as(c)));
    expect(await rating(c)).not.toBeNull();
    expect((await standings()).rows.some((r: { userId: string }) => r.userId === c.id)).toBe(true);
    // Edited by an organizer: the new score shows.
    await send(
      t.call(
        ladderEndpoints.editMatch,
        { params: { orgId, matchId: logged.id }, body: singles(a, c, [{ a: 11, b: 9 }]) },
        as(owner),
      ),
    );
    expect((await playerPage(c.id)).recent[0]?.games).toEqual([{ a: 11, b: 9 }]);
    // Deleted: gone from both.
    await send(t.call(ladderEndpoints.deleteMatch, { params: { orgId, matchId: logged.id } }, as(owner)));
    expect((await matchesPage()).some((m) => m.id === logged.id)).toBe(false);
    expect(await rating(c)).toBeNull();
    // Writes behind the instance's back (a job, another instance, psql): a match row, then the
    // ratings alone (history, lines and checkpoint, as a replay writes them).
    await t.db
      .update(matches)
      .set({ games: [{ a: 11, b: 0 }] })
      .where(eq(matches.organizationId, orgId));
    const ratingOfB = await rating(b);
    expect((await playerPage(b.id)).recent[0]?.games).toEqual([{ a: 11, b: 0 }]);
    await t.db.transaction((tx) => recomputeLadder(tx, orgId, "singles", now));
    expect(await rating(b)).not.toBe(ratingOfB);
    // A member's new name, on every page that names them.
    await send(t.call(meEndpoints.saveProfile, { body: { fullName: "Bea Renamed", avatarUrl: "" } }, as(b)));
    expect((await playerPage(b.id)).name).toBe("Bea Renamed");
    expect((await matchesPage()).some((m) => m.teamB.some((p) => p.name === "Bea Renamed"))).toBe(true);
  });

  it("say to each viewer whether a match waits for their answer, from one kept page", async () => {
    const [a, b] = people as [TestUser, TestUser];
    const logged = await logMatch(a, singles(a, b));
    const seenBy = async (who: TestUser) =>
      (await matchesPage(who)).find((m) => m.id === logged.id)?.canAnswer;
    const builds = await statementsSent(/match_page/, async () => {
      expect(await seenBy(b)).toBe(true);
      expect(await seenBy(a)).toBe(false);
      expect(await seenBy(owner)).toBe(false);
    });
    expect(builds).toHaveLength(1);
    const onPage = async (who: TestUser) =>
      (await playerPage(a.id, who)).recent.find((m) => m.id === logged.id)?.canAnswer;
    expect(await onPage(b)).toBe(true);
    expect(await onPage(a)).toBe(false);
  });

  it("count a match left unanswered for 48 hours from then on, with no write at all", async () => {
    const [, , c, d] = people as [TestUser, TestUser, TestUser, TestUser];
    // Logged on the real clock: the replay it queues for its 48th hour is then not due on the
    // database's clock, which pg-boss's workers go by, so no worker can take it before it is
    // removed below. On the file's fixed date it was already due and, on a busy run, a worker
    // sometimes replayed the ladder first and raised the stamp.
    now = new Date();
    const logged = await logMatch(c, singles(c, d));
    const [row] = await t.db
      .select()
      .from(matches)
      .where(and(eq(matches.organizationId, orgId), eq(matches.id, logged.id)));
    const counts = async () => (await matchesPage()).find((m) => m.id === logged.id)?.counts;
    expect(await counts()).toBe(false);
    // The replay the log queued for its 48th hour would raise the stamp; the page must not need it.
    // The workers stop first, waiting for a replay an earlier test queued that may be running
    // now (on a busy run one was, and raised the stamp between the two reads below).
    await t.deps.jobs.stop();
    await t.db.execute(sql`delete from pgboss.job where name = ${RECOMPUTE_LADDER}`);
    now = new Date(row!.createdAt.getTime() + UNANSWERED_COUNTS_AFTER_MS + 1000);
    const stamps = await t.db.execute(sql`select coalesce(sum(stamp), 0)::int as n from ladder_stamps`);
    expect(await counts()).toBe(true);
    // Nothing was written meanwhile: the page said until when it held.
    expect(
      (await t.db.execute(sql`select coalesce(sum(stamp), 0)::int as n from ladder_stamps`)).rows,
    ).toEqual(stamps.rows);
  });
});
