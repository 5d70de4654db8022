// What the season so far hands a league night's draw as it starts: the partners and opponents
// already met, fixed teams with their stand-ins, a box ladder's boxes carried over, and the
// final's seeding. Apart from the league and its page (leagues.ts), which read the season back.
import type { Pair, SeasonHistory } from "../../../shared/events/americano.js";
import { nextBoxes } from "../../../shared/events/box-ladder.js";
import type { Db, Queryable } from "../../db/database.js";
import { currentRatings } from "../ladder/service.js";
import {
  boxFinish,
  countedRoundGames,
  keysOf,
  type LeagueRow,
  seasonTable,
  teamGames,
  weekOf,
  weeksPlayed,
} from "./leagues.js";
import { rosterOf } from "./roster.js";
import type { Entrant } from "./store.js";

/**
 * The season so far as tonight's entrant ids: each partnership and each meeting of opponents
 * (for partners new, and opponents spread, over the season). A round never reached is neither.
 */
export async function seasonHistory(
  db: Queryable,
  league: LeagueRow,
  tonight: Entrant[],
): Promise<SeasonHistory> {
  const idOf = new Map([...keysOf(tonight)].map(([id, key]) => [key, id]));
  const partners: Pair[] = [];
  const opponents: Pair[] = [];
  for (const week of await weeksPlayed(db, league))
    for (const game of countedRoundGames(week)) {
      const [sideA, sideB] = [game.teamA, game.teamB].map((side) =>
        side.flatMap((id) => idOf.get(week.keys.get(id) ?? "") ?? []),
      );
      for (const side of [sideA!, sideB!]) if (side.length === 2) partners.push([side[0]!, side[1]!]);
      for (const a of sideA!) for (const b of sideB!) opponents.push([a, b]);
    }
  return { partners, opponents };
}

/** Every meeting of two league teams over the season so far, as a pair of team ids. */
export async function seasonMeetings(db: Queryable, league: LeagueRow): Promise<Pair[]> {
  return (await weeksPlayed(db, league, false)).flatMap((week) =>
    teamGames(week).flatMap((g): Pair[] => [[g.teamA[0]!, g.teamB[0]!]]),
  );
}

/**
 * Tonight's teams in a league of fixed teams, in the league's order (so the season's circle
 * carries on): each team with both its players here; a team with one, with a stand-in (a
 * substitute first, then anyone else without a team, in check-in order), or failing one, with
 * another team's lone player, the pair playing for the first of the two teams; and after them
 * whoever is left, paired for the night alone (null key). Null when the league has no teams.
 */
export async function teamsTonight(
  db: Queryable,
  league: LeagueRow,
  tonight: Entrant[],
): Promise<{ teams: Pair[]; keys: Array<string | null> } | null> {
  const roster = await rosterOf(db, league);
  if (roster.teams.length === 0) return null;
  const here = new Map(tonight.flatMap((e) => (e.userId ? [[e.userId, e] as const] : [])));
  const came = roster.teams.map((team) => team.players.flatMap((p) => here.get(p.userId) ?? []));
  const taken = new Set(came.flat().map((e) => e.id));
  const substitutes = new Set(roster.entries.filter((e) => e.role === "substitute").map((e) => e.userId));
  const isSub = (e: Entrant) => Number(e.userId !== null && substitutes.has(e.userId));
  const free = tonight.filter((e) => !taken.has(e.id)).sort((a, b) => isSub(b) - isSub(a));
  const sides = new Map<number, Pair>();
  let waiting: number | null = null;
  roster.teams.forEach((_, t) => {
    const players = came[t]!;
    if (players.length === 2) sides.set(t, [players[0]!.id, players[1]!.id]);
    if (players.length !== 1) return;
    const standIn = free.shift();
    if (standIn) sides.set(t, [players[0]!.id, standIn.id]);
    else if (waiting === null) waiting = t;
    else {
      // Two teams each a player short and nobody to stand in: they play as one, for the first.
      sides.set(waiting, [came[waiting]![0]!.id, players[0]!.id]);
      waiting = null;
    }
  });
  const left = [...(waiting === null ? [] : [came[waiting]![0]!]), ...free];
  const teams: Pair[] = [];
  const keys: Array<string | null> = [];
  roster.teams.forEach((team, t) => {
    const side = sides.get(t);
    if (!side) return;
    teams.push(side);
    keys.push(team.id);
  });
  for (let i = 0; i + 1 < left.length; i += 2) {
    teams.push([left[i]!.id, left[i + 1]!.id]);
    keys.push(null);
  }
  return { teams, keys };
}

/** The entrants by doubles rating, best first; the unrated (and guests) after, in check-in order. */
export async function byRating(
  db: Queryable,
  organizationId: string,
  entrants: Entrant[],
): Promise<Entrant[]> {
  const rated = entrants.flatMap((e) => (e.userId ? [e.userId] : []));
  const ratings = await currentRatings(db as Db, organizationId, rated, "doubles");
  const rating = (e: Entrant) => (e.userId ? ratings.get(e.userId) : undefined) ?? Number.NEGATIVE_INFINITY;
  return [...entrants].sort((a, b) => rating(b) - rating(a));
}

/**
 * Tonight's boxes: in a league, last week's boxes with their finishing order and moves carried
 * over, those absent left out; anyone new (everyone, the first week or outside a league) placed
 * below by their doubles rating, the unrated last.
 */
export async function tonightsBoxes(
  db: Queryable,
  organizationId: string,
  tonight: Entrant[],
  size: number,
  league: LeagueRow | null,
): Promise<string[][]> {
  const ranked = await byRating(db, organizationId, tonight);
  const last = league ? (await weeksPlayed(db, league)).filter((w) => w.event.boxes).at(-1) : undefined;
  const finished = last
    ? boxFinish(last.event.boxes!, last.games).map((box) => box.map((id) => last.keys.get(id) ?? id))
    : [];
  const keys = keysOf(tonight);
  const idOf = new Map([...keys].map(([id, key]) => [key, id]));
  return nextBoxes(
    finished,
    league?.boxMoves ?? 1,
    ranked.map((e) => keys.get(e.id)!),
    size,
  ).map((box) => box.map((key) => idOf.get(key)!));
}

/**
 * The league's final: on its last week, the playoff is seeded by the season's standings, not
 * the night's. Tonight's entrants (ids) in season order; anyone new tonight after them, in
 * tonight's order. Null on any other week.
 */
export async function seasonSeeding(
  db: Queryable,
  league: LeagueRow,
  sessionId: string,
  tonight: Entrant[],
  tonightRanked: string[],
): Promise<string[] | null> {
  const { week, weeks } = await weekOf(db, league, sessionId);
  if (week !== weeks) return null;
  const { table } = seasonTable(await weeksPlayed(db, league));
  const idOf = new Map([...keysOf(tonight)].map(([id, key]) => [key, id]));
  const bySeason = table.flatMap((row) => (idOf.has(row.id) ? [idOf.get(row.id)!] : []));
  const seeded = new Set(bySeason);
  return [...bySeason, ...tonightRanked.filter((id) => !seeded.has(id))];
}
