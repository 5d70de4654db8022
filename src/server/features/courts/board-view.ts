// What every viewer sees: courts with their games and the group up next, the waiting line
// with estimated waits, the banner figures, and for a player, their own place.
//
// All of it but the player's own place is the same for every viewer of a club, and after each
// change every phone and TV of the club asks for it at once. So each instance builds it once
// per change (board-cache.ts) and adds only the viewer's place to each answer.
import { eq } from "drizzle-orm";
import type { BoardView, MyPlace } from "../../../shared/contracts/board.js";
import { type Skill, winChance } from "../../../shared/rating/skill.js";
import { hasLeft } from "../../../shared/rotation/decide.js";
import { teamsNote } from "../../../shared/rotation/teams-note.js";
import type { Gender, TeamRule } from "../../../shared/rotation/types.js";
import type { Db } from "../../db/database.js";
import { boards } from "../../db/schema/courts.js";
import { sharedVariant } from "../../platform/memo/shared-answers.js";
import { getOrganization } from "../clubs/service.js";
import { currentSkills } from "../ladder/service.js";
import { boardCache, type SharedBoard } from "./board-cache.js";
import { activeSession, type BoardState, loadState } from "./board-store.js";
import { nextUpByCourt, nextUpNeedsHistory, nextUpWaits } from "./next-up.js";
import { answeredCall, paceOf } from "./pace.js";
import { courtIsFree, emptyCourts, inOpenPlay, previewQueue } from "./rotation.js";

export async function boardView(
  db: Db,
  organizationId: string,
  viewer: { userId: string | null; canManage: boolean },
  appUrl: string,
  /** The time (ms) leaving times are measured against. */
  clock: () => number = Date.now,
): Promise<BoardView> {
  const shared = await boardCache(db).read(organizationId, () =>
    sharedBoard(db, organizationId, appUrl, clock()),
  );
  const { view, state, eventPlayers } = shared;
  const answered = new Set(view.courts.flatMap((c) => c.answered));
  const me =
    viewer.userId && state
      ? myPlace(state, viewer.userId, view.queue, view.courts, answered, eventPlayers, clock())
      : null;
  const answer = () => ({
    ...view,
    me,
    canManage: viewer.canManage,
    organizer: viewer.canManage && state ? organizerView(view, state) : null,
  });
  if (me) return answer();
  // Everyone not in tonight's line (the TV, the organizers at the desk, members at home) sees
  // the board as the others of their kind do: made and written once per copy of the board.
  return sharedVariant(shared, viewer.canManage ? "manager" : "viewer", answer);
}

/**
 * What organizers alone see: the genders players declared (for mixed doubles and separate
 * games), and what the team rule does with tonight's numbers. Members and the TV never get it.
 */
function organizerView(
  view: Pick<BoardView, "teams" | "mode">,
  state: BoardState,
): NonNullable<BoardView["organizer"]> {
  // Genders are sent only where a team rule uses them: no more than the night needs.
  const teams: TeamRule = view.mode === "fair" || view.mode === "skill-balanced" ? view.teams : "open";
  if (teams === "open") return { genders: {}, teamsNote: null };
  const here = state.players.filter((p) => p.present);
  const genders: Record<string, Gender> = {};
  for (const p of here) if (p.gender) genders[p.registrationId] = p.gender;
  const declared = Object.values(genders);
  const women = declared.filter((g) => g === "woman").length;
  return {
    genders,
    teamsNote: teamsNote(teams, women, declared.length - women, here.length - declared.length),
  };
}

async function sharedBoard(
  db: Db,
  organizationId: string,
  appUrl: string,
  now: number,
): Promise<SharedBoard> {
  const { name, logoUrl } = await getOrganization(db, organizationId);
  const club = { name, logoUrl };
  const session = await activeSession(db, organizationId);
  const empty = {
    mode: "fair" as const,
    balanceByRating: false,
    teams: "open" as const,
    pairings: { together: [], apart: [] },
    callTimeoutMinutes: null,
    version: 0,
    courts: [],
    queue: [],
    onBreak: [],
  };
  if (!session) {
    const view = {
      ...empty,
      session: null,
      club,
      stats: { waiting: 0, joiningWait: null, averageWaitMinutes: null, activePlayers: 0, inEvent: 0 },
      checkInUrl: null,
    };
    return { view, state: null, eventPlayers: new Set<string>() };
  }
  const [board] = await db.select().from(boards).where(eq(boards.sessionId, session.id));
  // Partners and opponents while a court is free (whether it waits for the next to mix groups
  // reads who just played together: rotation.ts emptyCourts) and in fair play (the next groups
  // are the engine's choice played forward, and it weighs them: next-up.ts).
  const state = await loadState(
    db,
    organizationId,
    session.id,
    (courts) =>
      board !== undefined &&
      (nextUpNeedsHistory(board) || courts.courts.some((c) => courtIsFree(board, courts, c.id))),
  );
  const names = new Map(state.players.map((p) => [p.registrationId, p.name]));
  const person = (id: string): Person => ({ registrationId: id, name: names.get(id) ?? "Player" });
  const pace = await paceOf(db, organizationId, session.id);
  // "On my way" answers the call it followed: it counts once it is later than the player's last game.
  const onTheWay = (id: string) =>
    answeredCall(
      state.players.find((p) => p.registrationId === id)?.onTheWayAt ?? null,
      pace.lastOffCourt.get(id),
    );
  // Members on court who have not answered: the ones a time to answer waits for (walk-ins cannot).
  const canAnswer = (id: string) => state.players.some((p) => p.registrationId === id && p.userId !== null);
  const queue = board ? previewQueue(board, state, now, pace.length) : [];
  const waiting = queue.map((q, i) => {
    const player = state.players.find((p) => p.registrationId === q.playerId);
    return {
      ...person(q.playerId),
      position: i + 1,
      estimatedWaitMinutes: q.estimatedWaitMinutes,
      waitRange: q.waitRange,
      gamesPlayed: player?.gamesPlayed ?? 0,
      wantsBye: player?.wantsBye ?? false,
      leavesAt: player?.leavesAt?.toISOString() ?? null,
    };
  });
  const singles = new Set(board?.singlesCourts ?? []);
  const held = new Set(board?.heldCourts ?? []);
  // As the last fill left them: the view is built after each change, fills included.
  const { kept, mixing } = board
    ? emptyCourts(board, state, now, session, pace.length)
    : { kept: new Set<string>(), mixing: new Set<string>() };
  const nextUp = nextUpByCourt(
    board,
    state,
    waiting.map((w) => w.registrationId),
    { kept, mixing },
    { night: session, gameLength: pace.length, now },
  );
  // Those announced for a court wait for its game to end, whatever their place in the line.
  const announced = nextUpWaits(state.playing, nextUp, pace.length, now);
  const line = waiting.map((w) => ({ ...w, ...announced.get(w.registrationId) }));
  const chances = await winChances(db, organizationId, state, singles);
  const onCourt = new Set(state.playing.flatMap((g) => [...g.teamA, ...g.teamB]));
  const courts = state.courts.map((court) => {
    const game = state.playing.find((g) => g.courtId === court.id);
    const group = nextUp.get(court.id) ?? [];
    return {
      id: court.id,
      name: court.name,
      singles: singles.has(court.id),
      held: !game && !state.unavailable.has(court.id) && held.has(court.id),
      keptForTheEnd: kept.has(court.id),
      waitingToMix: mixing.has(court.id),
      status: game
        ? ("playing" as const)
        : state.forEvent.has(court.id)
          ? ("event" as const)
          : state.unavailable.has(court.id)
            ? ("unavailable" as const)
            : ("idle" as const),
      game: game
        ? {
            id: game.id,
            startedAt: game.startedAt.toISOString(),
            teamA: game.teamA.map(person),
            teamB: game.teamB.map(person),
            chanceA: chances.get(game.id) ?? null,
          }
        : null,
      nextUp: group.filter((id) => !onCourt.has(id)).map(person),
      comingOff: group.filter((id) => onCourt.has(id)).length,
      // A player on court now may be in a next group too (back on after this game): their
      // answer is to the call to the court they are on.
      answered: [
        ...(game ? [...game.teamA, ...game.teamB] : []),
        ...group.filter((id) => !onCourt.has(id)),
      ].filter(onTheWay),
      awaiting: (game ? [...game.teamA, ...game.teamB] : []).filter((id) => canAnswer(id) && !onTheWay(id)),
    };
  });
  const inEvent = new Set(board?.eventPlayers ?? []);
  // The event's players are off open play's line: counted apart, not as away or active here.
  const present = inOpenPlay(board ?? null, state.players).filter((p) => p.present);
  // Whose leaving time has come, off court: listed with those away, so the organizer can bring
  // them back (return), as they come back from a break.
  const away = (p: (typeof present)[number]) =>
    p.onBreak || (!onCourt.has(p.registrationId) && hasLeft(leavingOf(p), now));
  const onBreak = present.filter(away).map((p) => person(p.registrationId));
  const view = {
    session: {
      id: session.id,
      name: session.name,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
    },
    club,
    mode: board?.mode ?? "fair",
    balanceByRating: board?.balanceByRating ?? false,
    teams: board?.teams ?? session.teams,
    pairings: {
      together: (board?.pairings.together ?? []).map(([a, b]) => [person(a), person(b)] as [Person, Person]),
      apart: (board?.pairings.apart ?? []).map(([a, b]) => [person(a), person(b)] as [Person, Person]),
    },
    callTimeoutMinutes: board?.callTimeoutMinutes ?? null,
    version: board?.version ?? 0,
    courts,
    queue: line,
    onBreak,
    stats: {
      waiting: waiting.length,
      joiningWait: joiningWaitOf(line),
      // Before anyone has waited, "0 minutes" beside a line told 10 read as a promise broken.
      averageWaitMinutes: pace.averageWaitMinutes,
      activePlayers: present.length - onBreak.length,
      inEvent: state.players.filter((p) => p.present && inEvent.has(p.registrationId)).length,
    },
    checkInUrl: `${appUrl}/sessions/${session.id}/check-in?org=${organizationId}&token=${session.checkInToken}`,
  };
  return { view, state, eventPlayers: inEvent };
}

type Person = { registrationId: string; name: string };

function myPlace(
  state: BoardState,
  userId: string,
  waiting: Array<{
    registrationId: string;
    position: number;
    estimatedWaitMinutes: number;
    waitRange: { low: number; high: number };
  }>,
  courts: Array<{
    name: string;
    game: { teamA: { registrationId: string }[]; teamB: { registrationId: string }[] } | null;
    nextUp: { registrationId: string }[];
  }>,
  /** Who has answered their call to a court. */
  answered: Set<string>,
  eventPlayers: ReadonlySet<string>,
  now: number,
): MyPlace {
  const player = state.players.find((p) => p.userId === userId && p.present);
  const blank = {
    courtName: null,
    position: null,
    estimatedWaitMinutes: null,
    waitRange: null,
    answered: false,
  };
  if (!player) return { state: "not-checked-in", ...blank, leavesAt: null };
  const none = { ...blank, leavesAt: player.leavesAt?.toISOString() ?? null };
  const id = player.registrationId;
  if (eventPlayers.has(id)) return { state: "in-event", ...none };
  if (player.onBreak) return { state: "on-break", ...none };
  const playing = courts.find(
    (c) => c.game && [...c.game.teamA, ...c.game.teamB].some((p) => p.registrationId === id),
  );
  if (playing) return { state: "playing", ...none, courtName: playing.name, answered: answered.has(id) };
  // Their leaving time has come: away, as on a break; I'm Back keeps them on.
  if (hasLeft(leavingOf(player), now)) return { state: "on-break", ...none };
  const upNext = courts.find((c) => c.nextUp.some((p) => p.registrationId === id));
  const line = waiting.find((w) => w.registrationId === id);
  if (upNext)
    return {
      state: "up-next",
      courtName: upNext.name,
      position: line?.position ?? null,
      estimatedWaitMinutes: line?.estimatedWaitMinutes ?? null,
      waitRange: line?.waitRange ?? null,
      answered: answered.has(id),
      leavesAt: none.leavesAt,
    };
  return {
    state: "waiting",
    courtName: null,
    position: line?.position ?? null,
    estimatedWaitMinutes: line?.estimatedWaitMinutes ?? null,
    waitRange: line?.waitRange ?? null,
    answered: false,
    leavesAt: none.leavesAt,
  };
}

const leavingOf = (p: { leavesAt: Date | null }) => ({ leavesAt: p.leavesAt?.getTime() });

/**
 * Each running game's chance for team A, in percent, where every player on it is rated in the
 * court's format (singles courts by singles ratings): read once per board build, which the
 * cache shares among every viewer.
 */
async function winChances(
  db: Db,
  organizationId: string,
  state: BoardState,
  singles: Set<string>,
): Promise<Map<string, number>> {
  const userOf = new Map(state.players.map((p) => [p.registrationId, p.userId]));
  const chances = new Map<string, number>();
  for (const format of ["doubles", "singles"] as const) {
    const games = state.playing.filter((g) => singles.has(g.courtId) === (format === "singles"));
    const userIds = games.flatMap((g) => [...g.teamA, ...g.teamB].flatMap((id) => userOf.get(id) ?? []));
    if (userIds.length === 0) continue;
    const skills = await currentSkills(db, organizationId, userIds, format);
    for (const game of games) {
      const skillsOf = (team: string[]) => team.map((id) => skills.get(userOf.get(id) ?? ""));
      const [a, b] = [skillsOf(game.teamA), skillsOf(game.teamB)];
      if ([...a, ...b].some((s) => s === undefined)) continue;
      chances.set(game.id, Math.round(100 * winChance(a as Skill[], b as Skill[])));
    }
  }
  return chances;
}

/**
 * The wait for someone joining the line now: the longest told to anyone in it. Not the last
 * place's: fair play often puts the last in line in the first group (for new partners), and
 * the banner told a newcomer "1-4 min" while two ahead of them were told 4-9 (a review).
 */
function joiningWaitOf(line: ReadonlyArray<{ waitRange: { low: number; high: number } }>) {
  if (line.length === 0) return null;
  return {
    low: Math.max(...line.map((w) => w.waitRange.low)),
    high: Math.max(...line.map((w) => w.waitRange.high)),
  };
}
