// What every viewer sees: courts with their games and the group up next, the waiting line
// with estimated waits, the banner figures, and for a player, their own place.
//
// All of it but the player's own place is the same for every viewer of a club, and after each
// change every phone and TV of the club asks for it at once. So each instance builds it once
// per change (board-cache.ts) and adds only the viewer's place to each answer.
import { eq } from "drizzle-orm";
import type { BoardView, MyPlace } from "../../../shared/contracts/board.js";
import type { Db } from "../../db/database.js";
import { boards } from "../../db/schema/courts.js";
import { getOrganization } from "../clubs/service.js";
import { boardCache, type SharedBoard } from "./board-cache.js";
import { activeSession, type BoardState, loadState } from "./board-store.js";
import { nextUpByCourt } from "./next-up.js";
import { paceOf } from "./pace.js";
import { previewQueue } from "./rotation.js";

export async function boardView(
  db: Db,
  organizationId: string,
  viewer: { userId: string | null; canManage: boolean },
  appUrl: string,
): Promise<BoardView> {
  const { view, state } = await boardCache(db).read(organizationId, () =>
    sharedBoard(db, organizationId, appUrl),
  );
  const answered = new Set(view.courts.flatMap((c) => c.answered));
  const me = viewer.userId && state ? myPlace(state, viewer.userId, view.queue, view.courts, answered) : null;
  return { ...view, me, canManage: viewer.canManage };
}

async function sharedBoard(db: Db, organizationId: string, appUrl: string): Promise<SharedBoard> {
  const { name, logoUrl } = await getOrganization(db, organizationId);
  const club = { name, logoUrl };
  const session = await activeSession(db, organizationId);
  const empty = {
    mode: "fair" as const,
    balanceByRating: false,
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
      stats: { waiting: 0, averageWaitMinutes: 0, activePlayers: 0 },
      checkInUrl: null,
    };
    return { view, state: null };
  }
  const [board] = await db.select().from(boards).where(eq(boards.sessionId, session.id));
  const state = await loadState(db, organizationId, session.id);
  const names = new Map(state.players.map((p) => [p.registrationId, p.name]));
  const person = (id: string): Person => ({ registrationId: id, name: names.get(id) ?? "Player" });
  const pace = await paceOf(db, organizationId, session.id);
  // "On my way" answers the call it followed: it counts once it is later than the player's last game.
  const onTheWay = (id: string) => {
    const at = state.players.find((p) => p.registrationId === id)?.onTheWayAt?.getTime();
    return at !== undefined && at > (pace.lastOffCourt.get(id) ?? 0);
  };
  const queue = board ? previewQueue(board, state, Date.now(), pace.length) : [];
  const waiting = queue.map((q, i) => ({
    ...person(q.playerId),
    position: i + 1,
    estimatedWaitMinutes: q.estimatedWaitMinutes,
    waitRange: q.waitRange,
    gamesPlayed: state.players.find((p) => p.registrationId === q.playerId)?.gamesPlayed ?? 0,
    wantsBye: state.players.find((p) => p.registrationId === q.playerId)?.wantsBye ?? false,
  }));
  const singles = new Set(board?.singlesCourts ?? []);
  const held = new Set(board?.heldCourts ?? []);
  const nextUp = nextUpByCourt(
    board,
    state,
    waiting.map((w) => w.registrationId),
  );
  const courts = state.courts.map((court) => {
    const game = state.playing.find((g) => g.courtId === court.id);
    return {
      id: court.id,
      name: court.name,
      singles: singles.has(court.id),
      held: !game && !state.unavailable.has(court.id) && held.has(court.id),
      status: game
        ? ("playing" as const)
        : state.unavailable.has(court.id)
          ? ("unavailable" as const)
          : ("idle" as const),
      game: game
        ? {
            id: game.id,
            startedAt: game.startedAt.toISOString(),
            teamA: game.teamA.map(person),
            teamB: game.teamB.map(person),
          }
        : null,
      nextUp: (nextUp.get(court.id) ?? []).map(person),
      answered: [...(game ? [...game.teamA, ...game.teamB] : []), ...(nextUp.get(court.id) ?? [])].filter(
        onTheWay,
      ),
    };
  });
  const present = state.players.filter((p) => p.present);
  const onBreak = present.filter((p) => p.onBreak).map((p) => person(p.registrationId));
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
    pairings: {
      together: (board?.pairings.together ?? []).map(([a, b]) => [person(a), person(b)] as [Person, Person]),
      apart: (board?.pairings.apart ?? []).map(([a, b]) => [person(a), person(b)] as [Person, Person]),
    },
    callTimeoutMinutes: board?.callTimeoutMinutes ?? null,
    version: board?.version ?? 0,
    courts,
    queue: waiting,
    onBreak,
    stats: {
      waiting: waiting.length,
      // How long players have really waited tonight; until a game ends, what the line expects.
      averageWaitMinutes:
        pace.averageWaitMinutes ??
        (waiting.length
          ? Math.round(waiting.reduce((sum, w) => sum + w.estimatedWaitMinutes, 0) / waiting.length)
          : 0),
      activePlayers: present.length - onBreak.length,
    },
    checkInUrl: `${appUrl}/sessions/${session.id}/check-in?org=${organizationId}&token=${session.checkInToken}`,
  };
  return { view, state };
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
): MyPlace {
  const player = state.players.find((p) => p.userId === userId && p.present);
  const none = {
    courtName: null,
    position: null,
    estimatedWaitMinutes: null,
    waitRange: null,
    answered: false,
  };
  if (!player) return { state: "not-checked-in", ...none };
  if (player.onBreak) return { state: "on-break", ...none };
  const id = player.registrationId;
  const playing = courts.find(
    (c) => c.game && [...c.game.teamA, ...c.game.teamB].some((p) => p.registrationId === id),
  );
  if (playing) return { state: "playing", ...none, courtName: playing.name, answered: answered.has(id) };
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
    };
  return {
    state: "waiting",
    courtName: null,
    position: line?.position ?? null,
    estimatedWaitMinutes: line?.estimatedWaitMinutes ?? null,
    waitRange: line?.waitRange ?? null,
    answered: false,
  };
}
