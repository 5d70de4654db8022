// A kept read (club-reads.ts) is rebuilt only when its club's data stamp moves, and the stamp
// moves only on writes to tables that carry a stamp trigger (migration 0013). The triggers are
// written by hand, so this test holds them to the reads: it runs each kept read's statements,
// asks PostgreSQL which tables their plans touch, and fails on any table without a trigger. A
// new read that joins a new table, or a table whose trigger is dropped, fails here by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMatches } from "../../features/ladder/matches-view.js";
import { playerView } from "../../features/ladder/player-view.js";
import { ladderView } from "../../features/ladder/standings-view.js";
import { keptAccountWithClubs, listMembers } from "../../features/members/service.js";
import { findPublicClub } from "../../features/public-club/public-page.js";
import { getSessionWithList, register, sessionPage } from "../../features/sessions/service.js";
import { everySessionOf } from "../../features/sessions/session-reads.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { type Sent, statementsWithValues } from "../../test/statements-sent.js";

const now = new Date("2026-03-02T12:00:00Z");
let t: TestApp;
let owner: TestUser;
let clubId: string;
let slug: string;
let sessionId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@triggers.example", "Olive Owner");
  const player = await makeUser(t, "pat@triggers.example", "Pat Player");
  const club = await makeClub(t, owner, [[player, "member"]]);
  clubId = club.id;
  slug = club.slug;
  sessionId = (await makeSessions(t, clubId, owner, { capacity: 8 }))[0]!.id;
  await register(t.deps, clubId, sessionId, player.id);
});
afterAll(async () => {
  await t?.close();
});

/** The statements a read sends; the job queue polls meanwhile, and its statements are not the read's. */
const statementsOf = async (work: () => Promise<unknown>): Promise<Sent[]> =>
  (await statementsWithValues(work)).filter(({ text }) => !text.includes("pgboss"));

/** The tables the plans of `statements` read, by PostgreSQL's own account (EXPLAIN). */
async function tablesRead(statements: Sent[]): Promise<Set<string>> {
  const tables = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === "object") {
      const relation = (node as Record<string, unknown>)["Relation Name"];
      if (typeof relation === "string") tables.add(relation);
      for (const value of Object.values(node)) visit(value);
    }
  };
  for (const { text, values } of statements) {
    if (!/^\s*(select|with)\b/i.test(text)) continue;
    const { rows } = await t.deps.database.pool.query(`explain (format json) ${text}`, values);
    visit(rows[0]["QUERY PLAN"]);
  }
  return tables;
}

/** The tables whose writes raise a club's data stamp (or a person's, for their clubs). */
async function stampedTables(): Promise<Set<string>> {
  const { rows } = await t.deps.database.pool.query<{ table: string }>(
    `select distinct c.relname as table from pg_trigger g
       join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
     where p.proname in ('club_row_written', 'club_written', 'person_written', 'ladder_row_written')`,
  );
  return new Set(rows.map((r) => r.table));
}

/** The stamps themselves are what a read asks first: they need no trigger of their own. */
const STAMPS = new Set(["club_data_stamps", "ladder_stamps"]);
/**
 * Written only by the ladder's replay and append, which write the checkpoint (and so raise the
 * ladder stamp) in the same transaction: a row trigger on the history would run 80,000 times
 * at each replay of a big club. kept-pages.test.ts changes the ratings alone and sees it.
 */
const WITH_THE_CHECKPOINT = new Set(["player_ratings", "rating_history"]);

const keptReads: Array<[string, () => Promise<unknown>]> = [
  ["the upcoming sessions", () => sessionPage(t.db, "upcoming", clubId, now)],
  ["every session", () => everySessionOf(t.db, clubId, now)],
  ["a session with its list", () => getSessionWithList(t.db, clubId, sessionId)],
  ["the members list", () => listMembers(t.db, clubId)],
  ["a person's clubs", () => keptAccountWithClubs(t.db, owner.id)],
  ["the public club page", () => findPublicClub(t.db, slug, now)],
  ["the ladder's first page", () => ladderView(t.db, clubId, "doubles", { limit: 50 }, now)],
  ["the first page of matches", () => listMatches(t.db, clubId, { status: "all", limit: 50 }, owner.id, now)],
  ["a player's page", () => playerView(t.db, clubId, owner.id, owner.id, now)],
];

describe("the stamp triggers", () => {
  it("cover every table a kept read reads", async () => {
    const stamped = await stampedTables();
    for (const [read, run] of keptReads) {
      const tables = await tablesRead(await statementsOf(run));
      // The read was built here, not answered from what an earlier request kept.
      expect([...tables], `${read} read no table`).not.toHaveLength(0);
      const unstamped = [...tables].filter(
        (table) => !STAMPS.has(table) && !WITH_THE_CHECKPOINT.has(table) && !stamped.has(table),
      );
      expect(unstamped, `${read} reads tables whose writes move no stamp`).toEqual([]);
    }
  });

  it("would name a table without a trigger", async () => {
    const stamped = await stampedTables();
    // The board's tables are not shown by any kept read, and carry no stamp trigger.
    const tables = await tablesRead([
      { text: "select * from courts where organization_id = $1", values: [clubId] },
    ]);
    expect([...tables].filter((table) => !stamped.has(table))).toEqual(["courts"]);
    expect(stamped.has("sessions") && stamped.has("session_registrations")).toBe(true);
  });
});
