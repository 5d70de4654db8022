// Events run on a real database: an organizer starts a round robin from the checked-in players,
// players score from their phones and the other side confirms, standings follow, each counted
// game is a ladder match, rounds move on only when scored, a playoff is seeded from the
// standings, and bad or foreign requests change nothing.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventGame, EventView } from "../../../shared/contracts/events.js";
import { displayTokens } from "../../db/schema/courts.js";
import { eventGames, events } from "../../db/schema/events.js";
import { matches } from "../../db/schema/ladder.js";
import { sessions } from "../../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let owner: TestUser;
let organizer: TestUser;
let rival: TestUser;
let players: TestUser[];
let outsider: TestUser;
let orgId: string;
let rivalOrgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@events.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@events.example", "Oscar Organizer");
  outsider = await makeUser(t, "outsider@events.example", "Una Watcher");
  players = [];
  for (const name of ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"])
    players.push(await makeUser(t, `${name.toLowerCase()}@events.example`, `${name} Player`));
  orgId = (
    await makeClub(
      t,
      owner,
      [
        [organizer, "organizer"],
        [outsider, "member"],
        ...players.map((p) => [p, "member"] as [TestUser, "member"]),
      ],
      { courtsCount: 3 },
    )
  ).id;
  rival = await makeUser(t, "rival@events.example", "Rita Rival");
  rivalOrgId = (await makeClub(t, rival)).id;
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.request({ method, url, cookie: who.cookie, ...(payload === undefined ? {} : { payload }) });
const base = (sessionId: string, club = orgId) => `/api/orgs/${club}/sessions/${sessionId}/event`;
const americano = { format: "americano", rounds: 3, courts: 3, ending: "points", playTo: 11 };

/** An active session with the eight members and four guests checked in: twelve entrants. */
async function night(guests = 4) {
  return (await activeSessionWith(t, orgId, guests, players)).id;
}
async function start(sessionId: string, body: object = americano) {
  const response = await call(organizer, "POST", base(sessionId), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EventView;
}
const view = async (sessionId: string, who: TestUser = organizer) =>
  (await call(who, "GET", base(sessionId))).json() as EventView;
const score = (sessionId: string, game: EventGame, who: TestUser, scoreA: number, scoreB: number) =>
  call(who, "PUT", `${base(sessionId)}/games/${game.id}/score`, { scoreA, scoreB });
const confirm = (sessionId: string, game: EventGame, who: TestUser) =>
  call(who, "POST", `${base(sessionId)}/games/${game.id}/confirm`);
/** The member playing on a side of the game, if any (guests have no phone here). */
const memberOn = async (sessionId: string, side: EventGame["teamA"]) => {
  for (const p of players) {
    const { entrantId } = (await view(sessionId, p)).me;
    if (side.some((e) => e.id === entrantId)) return p;
  }
  return null;
};
/** A game of the round whose both sides have a member. */
async function gameWithMembers(sessionId: string, round: number) {
  const { games } = await view(sessionId);
  for (const game of games.filter((g) => g.stage === "round" && g.round === round)) {
    const a = await memberOn(sessionId, game.teamA);
    const b = await memberOn(sessionId, game.teamB);
    if (a && b) return { game, a, b };
  }
  throw new Error("no game with a member on each side");
}
async function scoreRound(sessionId: string, round: number) {
  const { games } = await view(sessionId);
  for (const g of games.filter((x) => x.round === round && x.stage === "round" && x.status !== "confirmed"))
    expect((await score(sessionId, g, organizer, 11, g.slot + 4)).statusCode).toBe(200);
}

describe("starting an event", () => {
  it("plans an Americano for the checked-in players: new partners each round, every court full", async () => {
    const sessionId = await night();
    const event = await start(sessionId);
    expect(event.event).toMatchObject({
      format: "americano",
      courts: 3,
      rounds: 3,
      playTo: 11,
      phase: "rounds",
      round: 1,
    });
    expect(event.entrants).toHaveLength(12);
    expect(event.games).toHaveLength(9);
    const partners = new Set<string>();
    for (const g of event.games) {
      for (const team of [g.teamA, g.teamB]) {
        const key = team
          .map((p) => p.id)
          .sort()
          .join("|");
        expect(partners.has(key)).toBe(false);
        partners.add(key);
      }
    }
    expect(event.byes.every((b) => b.players.length === 0)).toBe(true);
    expect(event.tieBreaks).toEqual(["games won", "point difference", "head to head", "points scored"]);

    const again = await call(organizer, "POST", base(sessionId), americano);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("EVENT_EXISTS");
  });

  it("is for those who run sessions, needs four players, and says what is wrong with the form", async () => {
    const sessionId = (await activeSessionWith(t, orgId, 1, players.slice(0, 2))).id;
    expect((await call(players[0]!, "POST", base(sessionId), americano)).statusCode).toBe(403);
    const few = await call(organizer, "POST", base(sessionId), americano);
    expect(few.statusCode).toBe(409);
    expect(few.json().error).toMatchObject({
      code: "NOT_ENOUGH_PLAYERS",
      message: "An event needs at least 4 players checked in; 3 are.",
    });
    const bad = await call(organizer, "POST", base(sessionId), {
      format: "swiss",
      rounds: 0,
      courts: 3,
      ending: "points",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        "Choose Americano, Mexicano, a box ladder or fixed teams",
        "Rounds must be a whole number from 1 to 30",
      ]),
    );
    const [row] = await t.db.select().from(events).where(eq(events.sessionId, sessionId));
    expect(row).toBeUndefined();
    const none = await call(organizer, "GET", base(sessionId));
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });
});

describe("scores from the courts", () => {
  it("count once the other side confirms, then stand in the standings and on the ladder", async () => {
    // Members only: a game with a guest in it is not rated.
    const sessionId = await night(0);
    await start(sessionId);
    const { game, a, b } = await gameWithMembers(sessionId, 1);

    // Someone not in the game, and a game of a later round, are refused with nothing changed.
    expect((await score(sessionId, game, outsider, 11, 3)).statusCode).toBe(403);
    const later = (await view(sessionId)).games.find((g) => g.round === 2)!;
    const early = await score(sessionId, later, organizer, 11, 3);
    expect(early.json().error).toMatchObject({ code: "NOT_YET", message: "Round 2 has not started yet." });
    const short = await score(sessionId, game, a, 9, 3);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("In a game to 11, the winner reaches 11.");

    const reported = await score(sessionId, game, a, 11, 7);
    expect(reported.statusCode).toBe(200);
    const aSide = game.teamA.some((p) => p.id === reported.json().me.entrantId) ? "A" : "B";
    const mine = (reported.json() as EventView).games.find((g) => g.id === game.id)!;
    expect(mine).toMatchObject({ status: "reported", reportedBy: aSide, canConfirm: false });
    expect((await view(sessionId)).standings.every((s) => s.played === 0)).toBe(true);
    // The reporter cannot confirm their own score; the other side can.
    expect((await confirm(sessionId, game, a)).statusCode).toBe(403);
    const other = (await view(sessionId, b)).games.find((g) => g.id === game.id)!;
    expect(other.canConfirm).toBe(true);
    const confirmed = await confirm(sessionId, game, b);
    expect(confirmed.statusCode).toBe(200);
    const after = confirmed.json() as EventView;
    expect(after.games.find((g) => g.id === game.id)).toMatchObject({
      status: "confirmed",
      scoreA: 11,
      scoreB: 7,
    });
    const winners = new Set((aSide === "A" ? game.teamA : game.teamB).map((p) => p.id));
    expect(
      after.standings
        .filter((s) => winners.has(s.id))
        .every((s) => s.won === 1 && s.difference === 4 && s.place === 1),
    ).toBe(true);

    // A counted game between members is a ladder match, scored as entered.
    const [match] = await t.db.select().from(matches).where(eq(matches.eventGameId, game.id));
    expect(match).toMatchObject({ status: "confirmed", format: "doubles", games: [{ a: 11, b: 7 }] });
    // A player's list of matches names the event it was played in.
    const listed = await call(a, "GET", `/api/orgs/${orgId}/matches?player=${a.id}`);
    expect(listed.json().matches.find((m: { id: string }) => m.id === match!.id)).toMatchObject({
      eventName: "Open Play",
      counts: true,
    });
    // Once counted, a player cannot change it.
    const late = await score(sessionId, game, b, 7, 11);
    expect(late.json().error.code).toBe("SCORE_CONFIRMED");
  });

  it("a different score from the other side answers the first; the same score from the first side counts it", async () => {
    const sessionId = await night();
    await start(sessionId);
    const { game, a, b } = await gameWithMembers(sessionId, 1);
    await score(sessionId, game, a, 11, 7);
    const answer = await score(sessionId, game, b, 11, 9);
    expect((answer.json() as EventView).games.find((g) => g.id === game.id)).toMatchObject({
      status: "reported",
      scoreB: 9,
    });
    const agreed = await score(sessionId, game, a, 11, 9);
    expect((agreed.json() as EventView).games.find((g) => g.id === game.id)).toMatchObject({
      status: "confirmed",
      scoreB: 9,
    });
  });

  it("an organizer's score counts at once and an organizer corrects a counted one, the ladder with it", async () => {
    const sessionId = await night(0);
    await start(sessionId);
    const { game } = await gameWithMembers(sessionId, 1);
    expect((await score(sessionId, game, organizer, 11, 2)).statusCode).toBe(200);
    expect((await view(sessionId)).games.find((g) => g.id === game.id)!.status).toBe("confirmed");
    const [first] = await t.db.select().from(matches).where(eq(matches.eventGameId, game.id));
    expect((await score(sessionId, game, organizer, 4, 11)).statusCode).toBe(200);
    const rows = await t.db.select().from(matches).where(eq(matches.eventGameId, game.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ winner: "B", games: [{ a: 4, b: 11 }] });
    // The corrected match keeps its place in history: played when first counted.
    expect(rows[0]!.playedAt).toEqual(first!.playedAt);
    // The same score again changes nothing.
    expect((await score(sessionId, game, organizer, 4, 11)).statusCode).toBe(200);
    const again = await t.db.select().from(matches).where(eq(matches.eventGameId, game.id));
    expect(again[0]!.id).toBe(rows[0]!.id);
  });

  it("an organizer playing in their own round robin scores their game, and it counts at once", async () => {
    // The organizer checked in to play, with seven members and four guests.
    const sessionId = (await activeSessionWith(t, orgId, 4, [...players.slice(0, 7), organizer])).id;
    await start(sessionId);
    const { me, games } = await view(sessionId, organizer);
    const own = games.find(
      (g) => g.round === 1 && [...g.teamA, ...g.teamB].some((entrant) => entrant.id === me.entrantId),
    )!;
    expect(own.canReport).toBe(true);
    const scored = await score(sessionId, own, organizer, 11, 6);
    expect(scored.statusCode, scored.body).toBe(200);
    expect((scored.json() as EventView).games.find((g) => g.id === own.id)!.status).toBe("confirmed");
  });

  it("a score against guests, who have no account to confirm with, counts at once", async () => {
    // One member among eleven guests: whoever the member plays, the other side is all guests.
    const sessionId = (await activeSessionWith(t, orgId, 11, [players[0]!])).id;
    await start(sessionId);
    const { me, games } = await view(sessionId, players[0]!);
    const own = games.find(
      (g) => g.round === 1 && [...g.teamA, ...g.teamB].some((entrant) => entrant.id === me.entrantId),
    )!;
    const scored = await score(sessionId, own, players[0]!, 11, 8);
    expect(scored.statusCode, scored.body).toBe(200);
    expect((scored.json() as EventView).games.find((g) => g.id === own.id)!.status).toBe("confirmed");
  });

  it("waits for the session to start: the players checked in then are the entrants", async () => {
    const [scheduled] = await t.db
      .insert(sessions)
      .values({
        organizationId: orgId,
        name: "Saturday Mixer",
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const early = await call(organizer, "POST", base(scheduled!.id), americano);
    expect(early.json().error.code).toBe("NOT_STARTED");
  });

  it("never reaches another club's event, and a game not in the plan is not found", async () => {
    const sessionId = await night();
    const { games } = await start(sessionId);
    expect((await call(rival, "GET", base(sessionId))).statusCode).toBe(404);
    expect((await call(rival, "GET", base(sessionId, rivalOrgId))).statusCode).toBe(404);
    const foreign = await call(rival, "PUT", `${base(sessionId, rivalOrgId)}/games/${games[0]!.id}/score`, {
      scoreA: 11,
      scoreB: 0,
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await call(organizer, "PUT", `${base(sessionId)}/games/${crypto.randomUUID()}/score`, {
      scoreA: 11,
      scoreB: 0,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("This game is not in the event's plan.");
    const bad = await call(organizer, "PUT", `${base(sessionId)}/games/${games[0]!.id}/score`, {
      scoreA: -1,
      scoreB: "x",
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.db
      .select()
      .from(eventGames)
      .where(
        inArray(
          eventGames.id,
          games.map((g) => g.id),
        ),
      );
    expect(rows.every((r) => r.status === "planned" && r.scoreA === null)).toBe(true);
  });
});

describe("rounds, the playoff and the end", () => {
  it("moves on only when every game counts, then seeds a playoff with a bronze match", async () => {
    const sessionId = await night();
    await start(sessionId);
    const early = await call(organizer, "POST", `${base(sessionId)}/next-round`);
    expect(early.json().error).toMatchObject({
      code: "ROUND_NOT_FINISHED",
      message:
        "Round 1 is not finished: court 1, 2, 3 have no confirmed score. Enter it, or confirm the one reported.",
    });
    for (const round of [1, 2, 3]) {
      await scoreRound(sessionId, round);
      const next = await call(organizer, "POST", `${base(sessionId)}/next-round`);
      if (round < 3) expect(next.json().event.round).toBe(round + 1);
      else expect(next.json().error.code).toBe("EVENT_OVER");
    }
    const standings = (await view(sessionId)).standings;
    expect((await call(players[0]!, "POST", `${base(sessionId)}/playoff`, { teams: 4 })).statusCode).toBe(
      403,
    );
    const tooMany = await call(organizer, "POST", `${base(sessionId)}/playoff`, { teams: 7 });
    expect(tooMany.json().error.message).toBe("A playoff of 7 teams needs 14 players; this event has 12.");
    const playoff = (
      await call(organizer, "POST", `${base(sessionId)}/playoff`, { teams: 4 })
    ).json() as EventView;
    expect(playoff.event).toMatchObject({ phase: "playoff", round: 1 });
    const semis = playoff.games.filter((g) => g.stage === "playoff");
    const ids = (g: EventGame["teamA"]) => g.map((p) => p.id);
    const seed = (i: number) => [standings[i]!.id, standings[7 - i]!.id];
    // 1 v 4 and 2 v 3, each team the best with the last of the eight.
    expect(ids(semis[0]!.teamA)).toEqual(seed(0));
    expect(ids(semis[0]!.teamB)).toEqual(seed(3));
    expect(ids(semis[1]!.teamA)).toEqual(seed(1));
    expect(ids(semis[1]!.teamB)).toEqual(seed(2));

    for (const g of semis) await score(sessionId, g, organizer, 11, 5);
    const finals = (await call(organizer, "POST", `${base(sessionId)}/next-round`)).json() as EventView;
    // Once the final is on, a semi-final's winners have gone through: its score stands.
    const closed = await score(sessionId, semis[0]!, organizer, 5, 11);
    expect(closed.json().error).toMatchObject({
      code: "NOT_YET",
      message: "This playoff round is over: its winners have gone through.",
    });
    const final = finals.games.find((g) => g.stage === "playoff" && g.round === 2)!;
    const bronze = finals.games.find((g) => g.stage === "bronze")!;
    expect(ids(final.teamA)).toEqual(seed(0));
    expect(ids(final.teamB)).toEqual(seed(1));
    expect(ids(bronze.teamA)).toEqual(seed(3));
    expect(ids(bronze.teamB)).toEqual(seed(2));
    const level = await score(sessionId, final, organizer, 11, 11);
    expect(level.json().error.message).toBe("A playoff game needs a winner: the scores cannot be level.");
    await score(sessionId, final, organizer, 9, 11);
    await score(sessionId, bronze, organizer, 11, 6);
    const over = await call(organizer, "POST", `${base(sessionId)}/next-round`);
    expect(over.json().error).toMatchObject({
      code: "EVENT_OVER",
      message: "The final is played: finish the event.",
    });
    const finished = await call(organizer, "POST", `${base(sessionId)}/finish`);
    expect(finished.json().event.phase).toBe("finished");
    expect((await score(sessionId, final, organizer, 11, 3)).json().error.code).toBe("EVENT_OVER");
    // Every counted game among members reached the ladder.
    const counted = await t.db
      .select()
      .from(matches)
      .where(
        inArray(
          matches.eventGameId,
          finals.games.map((g) => g.id),
        ),
      );
    const allMembers = finals.games.filter(
      (g) => g.teamB.length > 0 && [...g.teamA, ...g.teamB].every((p) => !p.name.startsWith("Guest")),
    );
    expect(counted).toHaveLength(allMembers.length);
  });

  it("pairs a Mexicano's next round by the standings: 1st and 4th against 2nd and 3rd", async () => {
    const sessionId = await night(0);
    const first = await start(sessionId, {
      format: "mexicano",
      rounds: 2,
      courts: 2,
      ending: "timed",
      roundMinutes: 12,
    });
    expect(first.games).toHaveLength(2);
    expect(first.event.roundEndsAt).not.toBeNull();
    await scoreRound(sessionId, 1);
    const next = (await call(organizer, "POST", `${base(sessionId)}/next-round`)).json() as EventView;
    const ranked = next.standings.map((s) => s.id);
    const court1 = next.games.find((g) => g.round === 2 && g.court === 1)!;
    expect(court1.teamA.map((p) => p.id)).toEqual([ranked[0], ranked[3]]);
    expect(court1.teamB.map((p) => p.id)).toEqual([ranked[1], ranked[2]]);
  });

  it("shows the session's event on the club's TV, with nothing a viewer may change", async () => {
    const sessionId = await night();
    await start(sessionId);
    const [token] = await t.db
      .insert(displayTokens)
      .values({ organizationId: orgId, token: "events-tv" })
      .returning();
    const tv = await t.request({ method: "GET", url: `/api/display/${token!.token}/event` });
    expect(tv.statusCode).toBe(200);
    const shown = tv.json().event as EventView;
    expect(shown.event.sessionId).toBe(sessionId);
    expect(shown.canManage).toBe(false);
    expect(shown.games.every((g) => !g.canReport && !g.canConfirm)).toBe(true);
    expect((await t.request({ method: "GET", url: "/api/display/nope/event" })).statusCode).toBe(404);
    // Finished, its standings stay up for half an hour; then the board is back.
    await call(organizer, "POST", `${base(sessionId)}/finish`);
    await t.db
      .update(events)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(events.sessionId, sessionId));
    const later = await t.request({ method: "GET", url: `/api/display/${token!.token}/event` });
    expect(later.json().event).toBeNull();
  });
});

describe("pool play of fixed teams", () => {
  it("draws even teams that stay together, stands them as teams, and seeds their playoff", async () => {
    const sessionId = await night(0);
    const pool = { format: "teams", rounds: 3, courts: 2, ending: "points", playTo: 11 };
    const started = await start(sessionId, pool);
    const teams = new Set<string>();
    for (const g of started.games)
      for (const side of [g.teamA, g.teamB]) teams.add(side.map((p) => p.name).join(" & "));
    // Four teams of two for the night, each meeting the other three once.
    expect(teams.size).toBe(4);
    expect(started.games).toHaveLength(6);
    expect(started.standings.map((s) => s.name).sort()).toEqual([...teams].sort());
    await scoreRound(sessionId, 1);
    for (const round of [2, 3]) {
      await call(organizer, "POST", `${base(sessionId)}/next-round`);
      await scoreRound(sessionId, round);
    }
    const ranked = (await view(sessionId)).standings.map((s) => s.name);
    const playoff = (
      await call(organizer, "POST", `${base(sessionId)}/playoff`, { teams: 2 })
    ).json() as EventView;
    const final = playoff.games.find((g) => g.stage === "playoff")!;
    expect([final.teamA, final.teamB].map((side) => side.map((p) => p.name).join(" & "))).toEqual(
      ranked.slice(0, 2),
    );
  });

  it("needs an even number of players", async () => {
    const sessionId = (await activeSessionWith(t, orgId, 1, players.slice(0, 4))).id;
    const odd = await call(organizer, "POST", base(sessionId), {
      format: "teams",
      rounds: 3,
      courts: 2,
      ending: "points",
      playTo: 11,
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toBe(
      "Fixed teams need an even number of players: 5 are checked in. Check one more in, or choose another format.",
    );
  });
});
