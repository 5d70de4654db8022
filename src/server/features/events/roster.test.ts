// A league's roster on a real database: fixed teams that sign up in pairs, a substitutes' list
// asked when a week is short, a substitute standing in for a partner away, the season kept by
// team, and teams meeting new teams from week to week.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventView, LeagueView } from "../../../shared/contracts/events.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { eveningIn, makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let organizer: TestUser;
let players: TestUser[];
let subs: TestUser[];
let outsider: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t, "owner@roster.example", "Rhea Owner");
  organizer = await makeUser(t, "organizer@roster.example", "Rory Organizer");
  players = [];
  for (const name of ["Ada", "Bo", "Cleo", "Dan", "Ed", "Flo", "Gil", "Hope"])
    players.push(await makeUser(t, `${name.toLowerCase()}@roster.example`, `${name} Team`));
  subs = [
    await makeUser(t, "ivy@roster.example", "Ivy Sub"),
    await makeUser(t, "jo@roster.example", "Jo Sub"),
  ];
  const club = await makeClub(
    t,
    owner,
    [[organizer, "organizer"], ...[...players, ...subs].map((p) => [p, "member"] as [TestUser, "member"])],
    { courtsCount: 2 },
  );
  orgId = club.id;
  const otherOwner = await makeUser(t, "other@roster.example", "Otto Elsewhere");
  outsider = await makeUser(t, "outsider@roster.example", "Olga Outsider");
  await makeClub(t, otherOwner, [[outsider, "member"]], { name: "Another Club" });
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.request({ method, url, cookie: who.cookie, ...(payload === undefined ? {} : { payload }) });
const at = (sessionId: string) => `/api/orgs/${orgId}/sessions/${sessionId}`;
const ada = () => players[0]!;
const bo = () => players[1]!;
const cleo = () => players[2]!;
const dan = () => players[3]!;
const ed = () => players[4]!;
const flo = () => players[5]!;
const gil = () => players[6]!;
const hope = () => players[7]!;

async function teamsLeague(weeks: number, rounds = 2) {
  const made = await makeSessions(t, orgId, organizer, {
    name: "Thursday Teams",
    startsAt: eveningIn(9),
    endsAt: eveningIn(9, 2),
    repeatWeeks: weeks,
  });
  const ids = made.map((s) => s.id);
  const created = await call(organizer, "POST", `${at(ids[0]!)}/league`, {
    name: "Thursday Teams",
    format: "teams",
    rounds,
    courts: 2,
    ending: "points",
    playTo: 11,
  });
  expect(created.statusCode, created.body).toBe(201);
  return ids;
}

/** These people registered for the week (checked in when the week is on). */
async function registered(sessionId: string, people: TestUser[], checkedIn: boolean) {
  await t.db.insert(sessionRegistrations).values(
    people.map((person, i) => ({
      organizationId: orgId,
      sessionId,
      userId: person.id,
      status: "registered" as const,
      seq: i + 1,
      checkedInAt: checkedIn ? new Date(Date.now() + i) : null,
    })),
  );
}

async function onNow(sessionId: string) {
  await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.status, "active"));
  await t.db.update(sessions).set({ status: "active" }).where(eq(sessions.id, sessionId));
}

/** Every game scored by the organizer, team A winning, round after round to the end. */
async function playOut(sessionId: string) {
  let view = (await call(organizer, "GET", `${at(sessionId)}/event`)).json() as EventView;
  for (;;) {
    for (const game of view.games.filter((g) => g.round === view.event.round && g.status !== "confirmed"))
      expect(
        (
          await call(organizer, "PUT", `${at(sessionId)}/event/games/${game.id}/score`, {
            scoreA: 11,
            scoreB: 6,
          })
        ).statusCode,
      ).toBe(200);
    const next = await call(organizer, "POST", `${at(sessionId)}/event/next-round`);
    // The last round played: the one refusal expected. Anything else fails the test.
    if (next.statusCode === 409 && next.json().error.code === "EVENT_OVER") break;
    expect(next.statusCode, next.body).toBe(200);
    view = next.json();
  }
  return (await call(organizer, "GET", `${at(sessionId)}/event`)).json() as EventView;
}

/** Starts the week's event (a league's settings win over the form's). */
async function startWeek(sessionId: string) {
  const started = await call(organizer, "POST", `${at(sessionId)}/event`, {
    format: "teams",
    rounds: 2,
    courts: 2,
    ending: "points",
    playTo: 11,
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json() as EventView;
}

const meetingsOf = (view: EventView, rounds: number[]) =>
  view.games
    .filter((g) => g.stage === "round" && rounds.includes(g.round))
    .map((g) => [g.teamA[0]!.name, g.teamB[0]!.name].sort().join(" v "));

describe("a league's roster", () => {
  it("signs teams up in pairs and substitutes alone, refusing what cannot be, clearly", async () => {
    const [week] = await teamsLeague(2);
    const join = (who: TestUser, body: object) => call(who, "POST", `${at(week!)}/league/roster`, body);
    const issue = async (who: TestUser, body: object) => {
      const answer = await join(who, body);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().error.issues[0].message as string;
    };
    expect(await issue(ada(), { role: "player" })).toBe(
      "Choose your partner: a league of teams is played in pairs",
    );
    expect(await issue(ada(), { role: "player", partnerId: ada().id })).toBe("Your partner is someone else");
    expect(await issue(ada(), { role: "player", partnerId: outsider.id })).toBe(
      "Your partner must be a member of the club",
    );
    expect(await issue(ada(), { role: "captain" })).toBe("Choose to play the season or to be a substitute");
    expect(await issue(ada(), { role: "player", partnerId: bo().id, teamName: "x".repeat(41) })).toBe(
      "A team's name is at most 40 characters",
    );
    const made = await join(ada(), { role: "player", partnerId: bo().id, teamName: "Smash" });
    expect(made.statusCode, made.body).toBe(200);
    // Bo is asked, not enrolled: the team waits, off the season, for his yes.
    const waiting = made.json() as LeagueView;
    expect(waiting.roster.teams).toEqual([]);
    expect(waiting.roster.invitations).toEqual([
      {
        teamId: expect.any(String),
        teamName: "Smash",
        from: { userId: ada().id, name: "Ada Team" },
        to: { userId: bo().id, name: "Bo Team" },
      },
    ]);
    expect(waiting.me).toEqual({ role: null, teamId: null, invitation: "sent" });
    const notice = await t.smtp.waitForMail(
      bo().email,
      /^Ada Team asks you to play Thursday Teams together$/,
    );
    expect(notice.text).toContain("as Smash");
    expect(((await call(bo(), "GET", `${at(week!)}/league`)).json() as LeagueView).me.invitation).toBe(
      "received",
    );
    // A member cannot put someone else on the roster; an organizer can (the second test).
    const forOther = await join(cleo(), { userId: dan().id, role: "substitute" });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().error.message).toBe("Only an organizer can put someone else on the roster.");
    // Only the one asked answers: nobody else has a team waiting for them.
    expect((await call(cleo(), "POST", `${at(week!)}/league/roster/accept`)).statusCode).toBe(404);
    const accepted = await call(bo(), "POST", `${at(week!)}/league/roster/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const view = accepted.json() as LeagueView;
    expect(view.roster.teams).toEqual([
      {
        id: expect.any(String),
        name: "Smash",
        players: [
          { userId: ada().id, name: "Ada Team" },
          { userId: bo().id, name: "Bo Team" },
        ],
      },
    ]);
    expect(view.roster.invitations).toEqual([]);
    expect(view.me).toEqual({ role: "player", teamId: view.roster.teams[0]!.id, invitation: null });
    // Ada is told he said yes.
    await t.smtp.waitForMail(ada().email, /^Bo Team accepted: you play Thursday Teams together$/);
    // Bo is taken, and cannot turn substitute while on a team.
    const taken = await join(cleo(), { role: "player", partnerId: bo().id });
    expect(taken.json().error).toMatchObject({
      code: "ON_A_TEAM",
      message: "Bo Team is already on a team of this league.",
    });
    expect((await join(bo(), { role: "substitute" })).json().error.code).toBe("ON_A_TEAM");
    // Nothing changed by the refusals.
    const after = (await call(bo(), "GET", `${at(week!)}/league`)).json() as LeagueView;
    expect(after.roster.teams).toHaveLength(1);
    expect(after.me.role).toBe("player");
    // A team unnamed is called by its players' first names.
    for (const [asker, partner] of [
      [cleo(), dan()],
      [ed(), flo()],
      [gil(), hope()],
    ] as const) {
      await join(asker, { role: "player", partnerId: partner.id });
      expect((await call(partner, "POST", `${at(week!)}/league/roster/accept`)).statusCode).toBe(200);
    }
    for (const sub of subs) expect((await join(sub, { role: "substitute" })).statusCode).toBe(200);
    const full = (await call(subs[0]!, "GET", `${at(week!)}/league`)).json() as LeagueView;
    expect(full.roster.teams.map((team) => team.name)).toEqual([
      "Smash",
      "Cleo & Dan",
      "Ed & Flo",
      "Gil & Hope",
    ]);
    expect(full.roster.players).toHaveLength(8);
    expect(full.roster.substitutes.map((s) => s.name)).toEqual(["Ivy Sub", "Jo Sub"]);
    expect(full.me).toEqual({ role: "substitute", teamId: null, invitation: null });
    expect(full.canManage).toBe(false);

    // A week short: Hope is away, so Gil's team needs a substitute.
    await registered(week!, players.slice(0, 7), false);
    const short = (await call(organizer, "GET", `${at(week!)}/league`)).json() as LeagueView;
    expect(short.nextWeek).toMatchObject({
      sessionId: week,
      playersIn: 7,
      playersOut: ["Hope Team"],
      substitutesIn: [],
      substitutesNeeded: 1,
    });
    // The substitutes are asked once a week, however often an organizer asks; a player cannot.
    expect((await call(ada(), "POST", `${at(week!)}/league/substitutes/ask`)).statusCode).toBe(403);
    const asked = await call(organizer, "POST", `${at(week!)}/league/substitutes/ask`);
    expect(asked.json()).toEqual({ asked: 2 });
    await t.smtp.waitForMail(subs[0]!.email, /^Can you play\? Thursday Teams, /);
    await t.smtp.waitForMail(subs[1]!.email, /^Can you play\? Thursday Teams, /);
    expect((await call(organizer, "POST", `${at(week!)}/league/substitutes/ask`)).json()).toEqual({
      asked: 0,
    });
    // Ivy answers by registering: the week needs nobody more.
    await registered(week!, [subs[0]!], false);
    const covered = (await call(organizer, "GET", `${at(week!)}/league`)).json() as LeagueView;
    expect(covered.nextWeek).toMatchObject({ substitutesIn: ["Ivy Sub"], substitutesNeeded: 0 });
    // Asked for nothing, a substitute would stop answering: a week with every place taken says so.
    const needless = await call(organizer, "POST", `${at(week!)}/league/substitutes/ask`);
    expect(needless.json().error).toMatchObject({
      code: "NO_SUBSTITUTE_NEEDED",
      message: "This week needs no substitute: every place is taken.",
    });

    // Leaving: a team goes together; a player cannot take someone else off, an organizer can.
    expect((await call(ada(), "DELETE", `${at(week!)}/league/roster/${subs[1]!.id}`)).statusCode).toBe(403);
    const gone = (await call(bo(), "DELETE", `${at(week!)}/league/roster/${bo().id}`)).json() as LeagueView;
    expect(gone.roster.teams.map((team) => team.name)).toEqual(["Cleo & Dan", "Ed & Flo", "Gil & Hope"]);
    expect(gone.roster.players.map((p) => p.name)).not.toContain("Ada Team");
    // A substitute is not drafted onto a team: they sign up themselves.
    const drafted = await join(ada(), { role: "player", partnerId: subs[0]!.id });
    expect(drafted.json().error).toMatchObject({
      code: "ON_THE_ROSTER",
      message: "Ivy Sub is a substitute of this league: they can sign the team up with you themselves.",
    });
    const removed = await call(organizer, "DELETE", `${at(week!)}/league/roster/${subs[1]!.id}`);
    expect((removed.json() as LeagueView).roster.substitutes.map((s) => s.name)).toEqual(["Ivy Sub"]);
    expect((await call(organizer, "DELETE", `${at(week!)}/league/roster/${subs[1]!.id}`)).statusCode).toBe(
      404,
    );
    // Another club's people see none of it.
    expect((await call(outsider, "GET", `${at(week!)}/league`)).statusCode).toBe(404);
    expect(
      (await call(outsider, "POST", `${at(week!)}/league/roster`, { role: "substitute" })).statusCode,
    ).toBe(404);
  });

  it("plays the league's own teams, a substitute standing in, the season kept by team and new teams met", async () => {
    const weeks = await teamsLeague(4);
    const join = async (who: TestUser, body: object) =>
      expect((await call(who, "POST", `${at(weeks[0]!)}/league/roster`, body)).statusCode).toBe(200);
    // An organizer puts the teams on the roster: on at once, no answer awaited.
    const put = async (who: TestUser, partner: TestUser, teamName?: string) =>
      join(organizer, {
        userId: who.id,
        role: "player",
        partnerId: partner.id,
        ...(teamName ? { teamName } : {}),
      });
    await put(ada(), bo(), "Smash");
    await put(cleo(), dan());
    await put(ed(), flo());
    await put(gil(), hope());
    await join(subs[0]!, { role: "substitute" });

    // Week 1: Hope is away; Ivy, a substitute, stands in beside Gil for Gil & Hope.
    await onNow(weeks[0]!);
    await registered(weeks[0]!, [...players.slice(0, 7), subs[0]!], true);
    const started = await call(organizer, "POST", `${at(weeks[0]!)}/event`, {
      format: "americano",
      rounds: 9,
      courts: 1,
      ending: "points",
      playTo: 11,
    });
    expect(started.statusCode, started.body).toBe(201);
    const first = started.json() as EventView;
    expect(first.event).toMatchObject({ format: "teams", rounds: 2, courts: 2 });
    expect(first.standings.map((s) => s.name).sort()).toEqual([
      "Cleo & Dan (Cleo Team & Dan Team)",
      "Ed & Flo (Ed Team & Flo Team)",
      "Gil & Hope (Gil Team & Ivy Sub)",
      "Smash (Ada Team & Bo Team)",
    ]);
    const week1 = await playOut(weeks[0]!);
    const metInWeek1 = meetingsOf(week1, [1, 2]);
    expect(new Set(metInWeek1).size).toBe(4);

    // Week 2: everyone is back, and the first round is the two meetings week 1 did not have.
    await onNow(weeks[1]!);
    await registered(weeks[1]!, players, true);
    const second = await startWeek(weeks[1]!);
    const firstRound = meetingsOf(second, [1]);
    expect(firstRound).toHaveLength(2);
    for (const meeting of firstRound) expect(metInWeek1).not.toContain(meeting);
    await playOut(weeks[1]!);

    // The season by team: Gil & Hope's week 1, played with Ivy, is theirs.
    const season = (await call(ada(), "GET", `${at(weeks[1]!)}/league`)).json() as LeagueView;
    expect(season.standings.map((s) => s.name).sort()).toEqual([
      "Cleo & Dan",
      "Ed & Flo",
      "Gil & Hope",
      "Smash",
    ]);
    expect(season.standings.every((s) => s.played === 4 && s.weeks === 2 && !s.substitute)).toBe(true);
    expect(season.standings.reduce((sum, s) => sum + s.won, 0)).toBe(8);

    // Week 3: Dan and Hope are away and nobody stands in: Cleo and Gil play as one team, for
    // Cleo & Dan (the first of the two to sign up), and Gil & Hope miss the week.
    await onNow(weeks[2]!);
    await registered(weeks[2]!, [ada(), bo(), cleo(), ed(), flo(), gil()], true);
    const third = await startWeek(weeks[2]!);
    expect(third.standings.map((s) => s.name)).toContain("Cleo & Dan (Cleo Team & Gil Team)");
    await playOut(weeks[2]!);

    // Week 4: two players without a team come too; they play as a team for the night alone,
    // standing in the night's table but not the season's.
    await onNow(weeks[3]!);
    await registered(weeks[3]!, [...players, ...subs], true);
    const fourth = await startWeek(weeks[3]!);
    expect(fourth.standings.map((s) => s.name)).toContain("Ivy Sub & Jo Sub");
    await playOut(weeks[3]!);
    const later = (await call(ada(), "GET", `${at(weeks[3]!)}/league`)).json() as LeagueView;
    expect(later.standings.map((s) => s.name)).not.toContain("Ivy Sub & Jo Sub");
    expect(Object.fromEntries(later.standings.map((s) => [s.name, s.weeks]))).toEqual({
      Smash: 4,
      "Cleo & Dan": 4,
      "Ed & Flo": 4,
      "Gil & Hope": 3,
    });

    // A team that leaves keeps its season in the standings, off the roster.
    const left = (
      await call(gil(), "DELETE", `${at(weeks[3]!)}/league/roster/${gil().id}`)
    ).json() as LeagueView;
    expect(left.roster.teams.map((team) => team.name)).not.toContain("Gil & Hope");
    expect(left.standings.find((s) => s.name === "Gil & Hope")).toMatchObject({ weeks: 3 });
  });

  it("marks a substitute in an individual league's standings", async () => {
    const made = await makeSessions(t, orgId, organizer, {
      name: "Monday Americano",
      startsAt: eveningIn(13),
      endsAt: eveningIn(13, 2),
      repeatWeeks: 2,
    });
    const week = made[0]!.id;
    await call(organizer, "POST", `${at(week)}/league`, {
      name: "Monday Americano",
      format: "americano",
      rounds: 2,
      courts: 2,
      ending: "points",
      playTo: 11,
    });
    for (const p of players.slice(0, 7))
      expect((await call(p, "POST", `${at(week)}/league/roster`, { role: "player" })).statusCode).toBe(200);
    await call(subs[1]!, "POST", `${at(week)}/league/roster`, { role: "substitute" });
    await onNow(week);
    await registered(week, [...players.slice(0, 7), subs[1]!], true);
    expect(
      (
        await call(organizer, "POST", `${at(week)}/event`, {
          format: "americano",
          rounds: 2,
          courts: 2,
          ending: "points",
          playTo: 11,
        })
      ).statusCode,
    ).toBe(201);
    await playOut(week);
    const season = (await call(organizer, "GET", `${at(week)}/league`)).json() as LeagueView;
    expect(season.standings.filter((s) => s.substitute).map((s) => s.name)).toEqual(["Jo Sub"]);
    expect(season.roster.players).toHaveLength(7);
    expect(season.canManage).toBe(true);
  });
});
