// A league's roster: the players who play its season (in a league of fixed teams, two who sign
// up together as a team) and its substitutes. A week is still opted into by registering for its
// session, with the session's rules and payments; the roster says who the season is for, whom
// to ask when a week is short (substitutes.ts), and, on a night of fixed teams, who stands in for
// a partner away.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { joinLeagueBody } from "../../../shared/contracts/events.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { leagueEntries, leagues, leagueTeams } from "../../db/schema/events.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { people } from "../account/service.js";
import { type ClubAccess, isMember, membersAmong } from "../members/service.js";
import { sessionRow } from "../sessions/service.js";
import type { LeagueRow } from "./leagues.js";
import { partnerNotice, rosterNotice } from "./roster-notices.js";

type Role = "player" | "substitute";
export type RosterPerson = { userId: string; name: string };
export type RosterEntry = RosterPerson & { role: Role; teamId: string | null };
export type RosterTeam = { id: string; name: string; players: RosterPerson[] };
/** A team a member signed up with a partner who has not accepted yet. */
export type Invitation = { teamId: string; teamName: string; from: RosterPerson; to: RosterPerson };
/**
 * `entries` and `teams`: those on the roster now, in the order they signed up; `invitations`:
 * teams waiting for a partner's yes, off the season until then; `teamNames`: every team the
 * league has had, those that left included, whose season still stands.
 */
export type Roster = {
  entries: RosterEntry[];
  teams: RosterTeam[];
  invitations: Invitation[];
  teamNames: Map<string, string>;
};

/**
 * The roster in the order people joined. Someone who has left the club is off it, and so is a
 * team with neither player still in the club.
 */
export async function rosterOf(db: Queryable, league: LeagueRow): Promise<Roster> {
  const [rows, teamRows] = await Promise.all([
    db
      .select()
      .from(leagueEntries)
      .where(eq(leagueEntries.leagueId, league.id))
      .orderBy(asc(leagueEntries.createdAt), asc(leagueEntries.id)),
    db
      .select()
      .from(leagueTeams)
      .where(eq(leagueTeams.leagueId, league.id))
      .orderBy(asc(leagueTeams.createdAt), asc(leagueTeams.id)),
  ]);
  const ids = rows.map((r) => r.userId);
  const [names, members] = await Promise.all([people(db, ids), membersAmong(db, league.organizationId, ids)]);
  const here = rows.filter((r) => members.has(r.userId));
  // A team with a partner still to say yes is not on the season yet: both wait together.
  const waiting = new Set(here.filter((r) => r.pending && r.teamId).map((r) => r.teamId!));
  const nameOf = (userId: string) => names.get(userId)?.name ?? "Player";
  const invitations = teamRows.flatMap((team) => {
    if (!waiting.has(team.id)) return [];
    const from = here.find((r) => r.teamId === team.id && !r.pending);
    const to = here.find((r) => r.teamId === team.id && r.pending);
    if (!from || !to) return [];
    return [
      {
        teamId: team.id,
        teamName: team.name,
        from: { userId: from.userId, name: nameOf(from.userId) },
        to: { userId: to.userId, name: nameOf(to.userId) },
      },
    ];
  });
  const entries = here
    .filter((r) => !(r.teamId && waiting.has(r.teamId)))
    .map((r) => ({
      userId: r.userId,
      name: names.get(r.userId)?.name ?? "Player",
      role: r.role,
      teamId: r.teamId,
    }));
  const teams = teamRows
    .filter((team) => team.leftAt === null)
    .map((team) => ({
      id: team.id,
      name: team.name,
      players: entries.filter((e) => e.teamId === team.id).map(({ userId, name }) => ({ userId, name })),
    }))
    .filter((team) => team.players.length > 0);
  return { entries, teams, invitations, teamNames: new Map(teamRows.map((team) => [team.id, team.name])) };
}

/** League teams' names by id (a team since left is missing). */
export async function teamNamesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: leagueTeams.id, name: leagueTeams.name })
    .from(leagueTeams)
    .where(inArray(leagueTeams.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The league of a session's weekly series, locked: sign-ups to it are taken one at a time. */
export async function lockedLeagueOfSession(tx: Tx, organizationId: string, sessionId: string) {
  const session = await sessionRow(tx, organizationId, sessionId);
  const [league] = session.seriesId
    ? await tx
        .select()
        .from(leagues)
        .where(and(eq(leagues.organizationId, organizationId), eq(leagues.seriesId, session.seriesId)))
        .for("update")
    : [];
  if (!league) throw notFound("This session's series is not run as a league.");
  return { session, league };
}

const refuse = (path: string, problem: string) =>
  new AppError("VALIDATION_ERROR", problem, { issues: [{ path: [path], message: problem }] });

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/**
 * One person's entry, made or changed (a substitute who now plays the season, say), as of
 * `at`: the roster is in that order, and a team's players in the order they signed up.
 */
async function enter(
  tx: Tx,
  league: LeagueRow,
  entry: { userId: string; role: Role; teamId: string | null; at: Date; pending?: boolean },
) {
  const { userId, role, teamId, at, pending = false } = entry;
  await tx
    .insert(leagueEntries)
    .values({
      organizationId: league.organizationId,
      leagueId: league.id,
      userId,
      role,
      teamId,
      pending,
      createdAt: at,
    })
    .onConflictDoUpdate({
      target: [leagueEntries.leagueId, leagueEntries.userId],
      set: { role, teamId, pending, createdAt: at },
    });
}

async function entryOf(tx: Tx, league: LeagueRow, userId: string) {
  const [row] = await tx
    .select()
    .from(leagueEntries)
    .where(and(eq(leagueEntries.leagueId, league.id), eq(leagueEntries.userId, userId)));
  return row ?? null;
}

/**
 * Someone joins the roster: the viewer, or (for an organizer) the member `body.userId` names.
 * A player of a league of fixed teams brings a partner, a member of the club not on the
 * league's roster yet. A member's partner is asked: the team waits, off the season, until they
 * accept (acceptPartner) or either of them calls it off. An organizer's team is on at once,
 * both told.
 */
export async function joinLeague(
  deps: UseCaseDeps,
  access: ClubAccess,
  sessionId: string,
  body: z.output<typeof joinLeagueBody>,
): Promise<LeagueRow> {
  const now = deps.now();
  const organizer = can(access.role, "sessions.manage");
  const who = body.userId ?? access.userId;
  const forSomeoneElse = who !== access.userId;
  if (forSomeoneElse && !organizer)
    throw new AppError("FORBIDDEN", "Only an organizer can put someone else on the roster.");
  const { result } = await withEffects(deps, async (tx, effects) => {
    const { league } = await lockedLeagueOfSession(tx, access.organizationId, sessionId);
    if (forSomeoneElse && !(await isMember(tx, access.organizationId, who)))
      throw refuse("userId", "Only a member of the club can be on the roster");
    const names = await people(tx, [access.userId, who, ...(body.partnerId ? [body.partnerId] : [])]);
    const whoName = names.get(who)?.name ?? "Player";
    const mine = await entryOf(tx, league, who);
    if (mine?.teamId)
      throw new AppError(
        "ON_A_TEAM",
        forSomeoneElse
          ? `${whoName} is on a team of this league: take the team off first.`
          : "You are on a team of this league: leave it first to sign up another way.",
      );
    if (body.role === "substitute" || league.format !== "teams") {
      await enter(tx, league, { userId: who, role: body.role, teamId: null, at: now });
      const person = names.get(who);
      if (forSomeoneElse && person)
        effects.push(
          await rosterNotice(tx, deps, {
            league,
            sessionId,
            to: person,
            by: names.get(access.userId)?.name ?? "An organizer",
            what: body.role === "substitute" ? "as a substitute" : "to play the season",
          }),
        );
      return league;
    }
    const partnerId = body.partnerId;
    if (!partnerId) throw refuse("partnerId", "Choose your partner: a league of teams is played in pairs");
    if (partnerId === who)
      throw refuse(
        "partnerId",
        forSomeoneElse ? "The partner is someone else" : "Your partner is someone else",
      );
    if (!(await isMember(tx, access.organizationId, partnerId)))
      throw refuse("partnerId", "Your partner must be a member of the club");
    const partner = names.get(partnerId);
    const partnerName = partner?.name ?? "The partner";
    const theirs = await entryOf(tx, league, partnerId);
    if (theirs?.teamId)
      throw new AppError("ON_A_TEAM", `${partnerName} is already on a team of this league.`);
    // A substitute chose that place themselves: only they (or an organizer) move from it.
    if (theirs && !forSomeoneElse)
      throw new AppError(
        "ON_THE_ROSTER",
        `${partnerName} is a substitute of this league: they can sign the team up with you themselves.`,
      );
    const [team] = await tx
      .insert(leagueTeams)
      .values({
        organizationId: league.organizationId,
        leagueId: league.id,
        name: body.teamName || `${firstName(whoName)} & ${firstName(partnerName)}`,
        createdAt: now,
      })
      .returning();
    await enter(tx, league, { userId: who, role: "player", teamId: team!.id, at: now });
    // The partner a moment after: the one signed up first is named first. A member's partner
    // is asked; an organizer's team is on at once.
    const after = new Date(now.getTime() + 1);
    await enter(tx, league, {
      userId: partnerId,
      role: "player",
      teamId: team!.id,
      at: after,
      pending: !forSomeoneElse,
    });
    const by = names.get(access.userId)?.name ?? "An organizer";
    if (!forSomeoneElse && partner)
      effects.push(
        await partnerNotice(tx, deps, { league, sessionId, team: team!.name, by: whoName, partner }),
      );
    if (forSomeoneElse)
      for (const person of [names.get(who), partner])
        if (person)
          effects.push(
            await rosterNotice(tx, deps, { league, sessionId, to: person, by, what: `as ${team!.name}` }),
          );
    return league;
  });
  return result;
}

/**
 * The viewer says yes to the team a member signed them up for: it is on the season from now,
 * and whoever asked is told.
 */
export async function acceptPartner(
  deps: UseCaseDeps,
  access: ClubAccess,
  sessionId: string,
): Promise<LeagueRow> {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const { league } = await lockedLeagueOfSession(tx, access.organizationId, sessionId);
    const mine = await entryOf(tx, league, access.userId);
    if (!mine?.pending || !mine.teamId) throw notFound("No team of this league is waiting for your answer.");
    await tx.update(leagueEntries).set({ pending: false }).where(eq(leagueEntries.id, mine.id));
    const [asker] = await tx
      .select({ userId: leagueEntries.userId })
      .from(leagueEntries)
      .where(and(eq(leagueEntries.teamId, mine.teamId), eq(leagueEntries.pending, false)));
    const [team] = await tx.select().from(leagueTeams).where(eq(leagueTeams.id, mine.teamId));
    const names = await people(tx, [access.userId, ...(asker ? [asker.userId] : [])]);
    const to = asker ? names.get(asker.userId) : undefined;
    if (to && team)
      effects.push(
        await rosterNotice(tx, deps, {
          league,
          sessionId,
          to,
          by: names.get(access.userId)?.name ?? "Your partner",
          what: `as ${team.name}`,
          accepted: true,
        }),
      );
    return league;
  });
  return result;
}

/** Takes someone off the roster: themselves, or anyone for an organizer. A team goes together. */
export async function leaveLeague(
  db: Db,
  access: ClubAccess,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<LeagueRow> {
  if (userId !== access.userId && !can(access.role, "sessions.manage"))
    throw new AppError("FORBIDDEN", "Only an organizer can take someone else off the roster.");
  return db.transaction(async (tx) => {
    const { league } = await lockedLeagueOfSession(tx, access.organizationId, sessionId);
    const entry = await entryOf(tx, league, userId);
    if (!entry) throw notFound("Not on this league's roster.");
    // A team leaves together, and keeps its season: its row stays, marked, for the standings.
    if (entry.teamId) {
      await tx.update(leagueTeams).set({ leftAt: now }).where(eq(leagueTeams.id, entry.teamId));
      await tx.delete(leagueEntries).where(eq(leagueEntries.teamId, entry.teamId));
    } else await tx.delete(leagueEntries).where(eq(leagueEntries.id, entry.id));
    return league;
  });
}
