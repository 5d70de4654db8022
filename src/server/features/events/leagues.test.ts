// Leagues on a real database: a weekly series run as events with one set of settings, partners
// spread over the season, a box ladder's promotion and relegation from week to week with a
// substitute standing in, and the season's standings.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventView, LeagueView } from "../../../shared/contracts/events.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { eveningIn, makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let organizer: TestUser;
let players: TestUser[];
let orgId: string;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@leagues.example", "Lena Owner");
  organizer = await makeUser(t, "organizer@leagues.example", "Leo Organizer");
  players = [];
  for (const name of ["Ada", "Bo", "Cleo", "Dan", "Ed", "Flo", "Gil", "Hope"])
    players.push(await makeUser(t, `${name.toLowerCase()}@leagues.example`, `${name} League`));
  const club = await makeClub(
    t,
    owner,
    [[organizer, "organizer"], ...players.map((p) => [p, "member"] as [TestUser, "member"])],
    { courtsCount: 2 },
  );
  orgId = club.id;
  slug = club.slug;
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.request({ method, url, cookie: who.cookie, ...(payload === undefined ? {} : { payload }) });
const at = (sessionId: string) => `/api/orgs/${orgId}/sessions/${sessionId}`;

/** A weekly series of `weeks` Tuesday sessions, as an organizer schedules one. */
async function series(weeks: number) {
  const made = await makeSessions(t, orgId, organizer, {
    name: "Tuesday League",
    startsAt: eveningIn(7),
    endsAt: eveningIn(7, 2),
    repeatWeeks: weeks,
  });
  return made.map((s) => s.id);
}

/** The week's night: the session on, these members (and guests) checked in, in this order. */
async function night(sessionId: string, members: TestUser[], guests: string[] = []) {
  await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.status, "active"));
  await t.db.update(sessions).set({ status: "active" }).where(eq(sessions.id, sessionId));
  const people = [...members.map((m) => ({ userId: m.id })), ...guests.map((guestName) => ({ guestName }))];
  await t.db.insert(sessionRegistrations).values(
    people.map((person, i) => ({
      organizationId: orgId,
      sessionId,
      ...person,
      status: "registered" as const,
      seq: i + 1,
      checkedInAt: new Date(Date.now() + i),
    })),
  );
}

/** Every game of every round scored by the organizer, team A winning by `margin(game)`. */
async function playOut(sessionId: string, margin: (game: EventView["games"][number]) => number = () => 5) {
  let view = (await call(organizer, "GET", `${at(sessionId)}/event`)).json() as EventView;
  for (;;) {
    for (const game of view.games.filter((g) => g.round === view.event.round && g.status !== "confirmed")) {
      const scored = await call(organizer, "PUT", `${at(sessionId)}/event/games/${game.id}/score`, {
        scoreA: 11,
        scoreB: 11 - margin(game),
      });
      expect(scored.statusCode, scored.body).toBe(200);
    }
    const next = await call(organizer, "POST", `${at(sessionId)}/event/next-round`);
    if (next.statusCode !== 200) break;
    view = next.json();
  }
  return (await call(organizer, "GET", `${at(sessionId)}/event`)).json() as EventView;
}

const league = {
  name: "Tuesday League",
  format: "americano",
  rounds: 3,
  courts: 2,
  ending: "points",
  playTo: 11,
};

describe("a league over a weekly series", () => {
  it("is made on a session of a series, once, by those who run sessions", async () => {
    const [first] = await series(2);
    const single = (
      await makeSessions(t, orgId, organizer, {
        startsAt: eveningIn(9),
        endsAt: eveningIn(9, 2),
      })
    )[0]!.id;
    const lone = await call(organizer, "POST", `${at(single)}/league`, league);
    expect(lone.json().error).toMatchObject({
      code: "NOT_A_SERIES",
      message: "This session is not part of a weekly series: schedule it repeating weekly to run a league.",
    });
    expect((await call(players[0]!, "POST", `${at(first!)}/league`, league)).statusCode).toBe(403);
    const bad = await call(organizer, "POST", `${at(first!)}/league`, { ...league, name: " ", boxMoves: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(["Name the league", "1 to 3 players move up and down each week"]),
    );
    const publicPage = async () =>
      (await t.request({ method: "GET", url: `/api/public/clubs/${slug}` })).json()
        .upcomingSessions as Array<{
        id: string;
        league: string | null;
      }>;
    expect((await publicPage()).find((s) => s.id === first)?.league).toBeNull();
    const made = await call(organizer, "POST", `${at(first!)}/league`, league);
    expect(made.statusCode).toBe(201);
    const view = made.json() as LeagueView;
    expect(view.league).toMatchObject({ name: "Tuesday League", format: "americano", rounds: 3 });
    expect(view.weeks).toHaveLength(2);
    expect(view.weeks.every((w) => w.phase === null)).toBe(true);
    expect((await call(organizer, "POST", `${at(first!)}/league`, league)).json().error.code).toBe(
      "LEAGUE_EXISTS",
    );
    expect((await call(players[0]!, "GET", `${at(single)}/league`)).json()).toBeNull();
    // Visitors see the league beside its weeks on the club's public page: the page kept from
    // before is read again once the league is made.
    const listed = await publicPage();
    expect(listed.find((s) => s.id === first)?.league).toBe("Tuesday League");
    expect(listed.find((s) => s.id === single)?.league).toBeNull();
    // The calendar feed names it too, where the session's own name does not already.
    await t.db.update(sessions).set({ name: "Tuesday Night" }).where(eq(sessions.id, first!));
    const feed = await call(owner, "POST", `/api/orgs/${orgId}/calendar-feed`);
    const ics = (await t.request({ method: "GET", url: new URL(feed.json().url).pathname })).body;
    expect(ics).toContain("SUMMARY:Tuesday League: Tuesday Night");
    expect(ics).not.toContain("Tuesday League: Tuesday League");
  });

  it("gives an Americano league partners new over the season, and keeps the season's standings", async () => {
    const weeks = await series(2);
    // Two rounds a week: four of the seven partners each player can have over two weeks, a
    // season in which new partners can always be found (three a week could leave the last
    // round only odd cycles of unused pairs, with no way round a repeat).
    await call(organizer, "POST", `${at(weeks[0]!)}/league`, { ...league, rounds: 2 });
    const partners = new Set<string>();
    for (const [w, sessionId] of weeks.entries()) {
      await night(sessionId, players);
      // A week of a league takes the league's settings, whatever the form says.
      const started = await call(organizer, "POST", `${at(sessionId)}/event`, {
        ...league,
        rounds: 9,
        format: "mexicano",
      });
      expect(started.statusCode, started.body).toBe(201);
      const view = started.json() as EventView;
      expect(view.event).toMatchObject({ format: "americano", rounds: 2 });
      expect(view.league).toEqual({ name: "Tuesday League", week: w + 1, weeks: 2 });
      for (const g of view.games)
        for (const team of [g.teamA, g.teamB]) {
          const pair = team
            .map((p) => p.name)
            .sort()
            .join(" & ");
          expect(partners.has(pair), pair).toBe(false);
          partners.add(pair);
        }
      await playOut(sessionId);
    }
    const season = (await call(players[0]!, "GET", `${at(weeks[1]!)}/league`)).json() as LeagueView;
    expect(season.weeks.map((w) => w.phase)).toEqual(["rounds", "rounds"]);
    // The last week's playoff is the league's final: seeded by the season, not the night.
    const final = (
      await call(organizer, "POST", `${at(weeks[1]!)}/event/playoff`, { teams: 2 })
    ).json() as EventView;
    const names = (side: EventView["games"][number]["teamA"]) => side.map((p) => p.name);
    const match = final.games.find((g) => g.stage === "playoff")!;
    const bySeason = season.standings.map((s) => s.name);
    expect(names(match.teamA)).toEqual([bySeason[0], bySeason[3]]);
    expect(names(match.teamB)).toEqual([bySeason[1], bySeason[2]]);
    expect(season.standings).toHaveLength(8);
    expect(season.standings.every((s) => s.played === 4 && s.weeks === 2)).toBe(true);
    expect(season.standings.reduce((sum, s) => sum + s.won, 0)).toBe(16);
  });

  it("runs a box ladder: the top of a box moves up, the bottom down, and a substitute stands in", async () => {
    const weeks = await series(2);
    await call(organizer, "POST", `${at(weeks[0]!)}/league`, {
      ...league,
      format: "boxes",
      boxSize: 4,
      boxMoves: 1,
    });
    await night(weeks[0]!, players);
    const first = (await call(organizer, "POST", `${at(weeks[0]!)}/event`, league)).json() as EventView;
    expect(first.boxes).toHaveLength(2);
    const box = (b: number) => first.boxes![b]!.standings.map((s) => s.name);
    // Every game is played within a box, on the box's own court.
    for (const g of first.games) {
      const names = [...g.teamA, ...g.teamB].map((p) => p.name);
      expect(names.every((n) => box(g.court - 1).includes(n))).toBe(true);
    }
    // Team A wins every game: the finishing order in each box follows from the scores.
    const week1 = await playOut(weeks[0]!, (g) => g.round);
    const finish = week1.boxes!.map((b) => b.standings.map((s) => s.name));
    const [top, bottom] = finish as [string[], string[]];
    const relegated = top[3]!;
    const promoted = bottom[0]!;

    // Week 2: one of the bottom box stays home and Sub Stella stands in.
    const absent = bottom[3]!;
    const here = players.filter((p) => p.name !== absent);
    await night(weeks[1]!, here, ["Sub Stella"]);
    const second = (await call(organizer, "POST", `${at(weeks[1]!)}/event`, league)).json() as EventView;
    const boxes = second.boxes!.map((b) => b.standings.map((s) => s.name).sort());
    expect(boxes[0]).toEqual([...top.slice(0, 3), promoted].sort());
    expect(boxes[1]).toEqual([relegated, ...bottom.slice(1, 3), "Sub Stella"].sort());
    await playOut(weeks[1]!);
    const season = (await call(organizer, "GET", `${at(weeks[1]!)}/league`)).json() as LeagueView;
    expect(season.standings.find((s) => s.name === "Sub Stella")).toMatchObject({ weeks: 1, played: 3 });
    expect(season.standings.find((s) => s.name === absent)).toMatchObject({ weeks: 1 });
    expect(season.boxes).toHaveLength(2);
  });

  it("keeps two guests of one name apart: each plays, once a round", async () => {
    const [week] = await series(1);
    await night(week!, players.slice(0, 6), ["Alex", "alex"]);
    const started = await call(organizer, "POST", `${at(week!)}/event`, {
      ...league,
      format: "boxes",
      boxSize: 4,
    });
    expect(started.statusCode, started.body).toBe(201);
    const view = started.json() as EventView;
    const boxed = view.boxes!.flatMap((b) => b.standings.map((s) => s.id));
    expect(new Set(boxed).size).toBe(8);
    for (const round of [1, 2, 3]) {
      const on = view.games
        .filter((g) => g.round === round)
        .flatMap((g) => [...g.teamA, ...g.teamB].map((p) => p.id));
      expect(new Set(on).size).toBe(on.length);
    }
  });
});
