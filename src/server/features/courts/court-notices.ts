// "You're up next on Court 2": when a board action puts a player in the next group for a
// court, they hear it on their phone and by email if they want it (their open board already
// shows it live); and "You're on Court 3 now" when it puts them straight on a court without a
// next group first (a free court filled at once). One per wait: the key names the player and
// the games they had played, so being moved to another court's group, or then placed on it,
// sends nothing more.
//
// Who is told is decided under the board's lock, from the state the action left; how (their
// devices, their choices, their address, the club's name) is read after the commit, as a
// follow-up (platform/jobs/follow-ups.ts): those five statements held the board's lock, and
// every tap behind it, for notices nobody at the board waits for. The board's transaction
// queues COURT_NOTICES a little later as well, so a process that dies in between loses none;
// each notice is claimed once (notification_log), so whichever comes second sends nothing.
import { eq } from "drizzle-orm";
import type { GameLength } from "../../../shared/rotation/game-length.js";
import type { AppDeps, UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards } from "../../db/schema/courts.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { type Effect, emailEffect, jobEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { claimNotifications, pushEffects, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { type BoardRow, type BoardState, loadState, type PlayerRow } from "./board-store.js";
import { nextUpByCourt, nextUpNeedsHistory } from "./next-up.js";
import { gameLengthOf } from "./pace.js";
import { emptyCourts, type Night, previewQueue } from "./rotation.js";

export const COURT_NOTICES = "court-notices";
/** How long the queued job waits: long past the follow-up, which it backs up. */
const JOB_DELAY_MS = 60_000;

/** One player told of one call: who, which wait (the games they had played), and what. */
export type CourtNotice = {
  userId: string;
  registrationId: string;
  gamesPlayed: number;
  court: string;
  /** In the next group for the court, or on it now with this company ("with A, against B & C"). */
  call: { kind: "up-next" } | { kind: "on-court"; company: string };
};

/** A board action's notices, as the follow-up and its job take them. */
export type CourtNotices = { organizationId: string; sessionId: string; notices: CourtNotice[] };

/** Those the action left in a next group, each told they are up next on its court. */
export async function upNextNotices(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  /** The board, its state and the games' length as the action's fill left them, if it filled. */
  current: { board: BoardRow; state: BoardState; gameLength: GameLength } | undefined,
  /** When, in which night: nobody hears they are up next on a court its last call keeps free. */
  at: { now: number; night: Night },
): Promise<CourtNotice[]> {
  const board = current?.board ?? (await tx.select().from(boards).where(eq(boards.sessionId, sessionId)))[0];
  if (!board) return [];
  // In fair play the next groups are the engine's choice played forward, weighing partners: a
  // fill that read them hands them on, anything else reads them here (next-up.ts).
  const history = nextUpNeedsHistory(board);
  const fresh = !current || (history && !current.state.historyRead);
  const state = fresh ? await loadState(tx, organizationId, sessionId, history) : current.state;
  const line = previewQueue(board, state).map((q) => q.playerId);
  const courtNames = new Map(state.courts.map((c) => [c.id, c.name]));
  // The fill's pace is the measured one when it read the history; without it, the default.
  const length =
    current && (current.state.historyRead || !history)
      ? current.gameLength
      : await gameLengthOf(tx, organizationId, sessionId);
  const empty = emptyCourts(board, state, at.now, at.night, length);
  const playing = new Set(state.playing.flatMap((g) => [...g.teamA, ...g.teamB]));
  return [
    ...nextUpByCourt(board, state, line, empty, { night: at.night, gameLength: length, now: at.now }),
  ].flatMap(([courtId, ids]) =>
    ids.flatMap((id) => {
      const player = state.players.find((p) => p.registrationId === id);
      // On court now and back on after (a small night): the call to that court tells them.
      if (!player?.userId || playing.has(id)) return [];
      return [noticeFor(player, player.userId, courtNames.get(courtId) ?? "a court", { kind: "up-next" })];
    }),
  );
}

/** Players the engine just put on a court: the court, and who with and against. */
export type CalledToCourt = {
  courtName: string;
  teams: [PlayerRow[], PlayerRow[]];
};

const names = (players: PlayerRow[]) => players.map((p) => p.name).join(" & ");

/** "You're on Court 3 now": each member just put on a court, with their partners and opponents. */
export function calledToCourtNotices(called: CalledToCourt[]): CourtNotice[] {
  return called.flatMap(({ courtName, teams }) =>
    teams.flatMap((mine, side) =>
      mine.flatMap((player) => {
        if (!player.userId) return [];
        const partners = mine.filter((p) => p.registrationId !== player.registrationId);
        const against = teams[1 - side]!;
        const company = partners.length
          ? `with ${names(partners)}, against ${names(against)}`
          : `against ${names(against)}`;
        return [noticeFor(player, player.userId, courtName, { kind: "on-court", company })];
      }),
    ),
  );
}

const noticeFor = (
  player: PlayerRow,
  userId: string,
  court: string,
  call: CourtNotice["call"],
): CourtNotice => ({
  userId,
  registrationId: player.registrationId,
  gamesPlayed: player.gamesPlayed,
  court,
  call,
});

/** The job the board's transaction queues with its notices, in case the follow-up never runs. */
export const courtNoticesJob = (notices: CourtNotices, now: Date): Effect =>
  jobEffect(COURT_NOTICES, notices, new Date(now.getTime() + JOB_DELAY_MS));

/** After the board's commit: its notices are sent now (the job sends those this misses). */
export function sendCourtNoticesSoon(deps: AppDeps, notices: CourtNotices): void {
  if (notices.notices.length === 0) return;
  followUps(deps.database).start(() => sendCourtNotices(deps, notices));
}

/**
 * Queues each notice not sent before: a push to every device its player opted in, and an
 * email if they want one. Pushes first, whatever the email choice: a phone is the way to say
 * "walk to court 3 now".
 */
export async function sendCourtNotices(
  deps: Pick<UseCaseDeps, "config" | "database" | "jobs">,
  { organizationId, sessionId, notices }: CourtNotices,
): Promise<void> {
  if (notices.length === 0) return;
  await withEffects(deps, async (tx, effects) => {
    effects.push(
      ...(await pushEffects(
        tx,
        notices.map((notice) => ({
          userId: notice.userId,
          key: `${sessionId}:${notice.registrationId}:${notice.gamesPlayed}`,
          payload: {
            ...pushOf(notice),
            url: "/board",
            tag: `call-${sessionId}-${notice.registrationId}`,
            organizationId,
          },
        })),
      )),
    );
    const wanting = await wantEmail(
      tx,
      notices.map((n) => n.userId),
      "courtUpNext",
    );
    const byId = await people(tx, [...wanting]);
    const keyOf = (notice: CourtNotice) =>
      `up-next:${sessionId}:${notice.registrationId}:${notice.gamesPlayed}`;
    const claimed = await claimNotifications(
      tx,
      notices.flatMap((notice) =>
        byId.has(notice.userId) ? [{ key: keyOf(notice), userId: notice.userId }] : [],
      ),
    );
    let club: Awaited<ReturnType<typeof getOrganization>> | undefined;
    for (const notice of notices) {
      const person = byId.get(notice.userId);
      // Taken as it is used: the same key asked twice here sends once, as two claims would.
      if (!person || !claimed.delete(keyOf(notice))) continue;
      club ??= await getOrganization(tx, organizationId);
      const subject = subjectOf(notice);
      effects.push(
        emailEffect(
          actionEmail(
            person.email,
            subject,
            subject,
            [`Hi ${person.name},`, lineOf(notice, club.name)],
            { label: "Open the court board", url: `${deps.config.appUrl}/board` },
            { ...unsubscribeFor(deps, notice.userId, "courtUpNext"), club },
          ),
        ),
      );
    }
  });
}

const subjectOf = ({ court, call }: CourtNotice) =>
  call.kind === "up-next" ? `You're up next on ${court}` : `You're on ${court} now`;

const lineOf = ({ court, call }: CourtNotice, club: string) =>
  call.kind === "up-next"
    ? `You're in the next group for ${court} at ${club}. Head over when the game on it ends.`
    : `Head to ${court} at ${club} now: you're ${call.company}.`;

const pushOf = ({
  court,
  call,
}: CourtNotice): { title: string; body: string; actions: ("on-my-way" | "skip")[] } =>
  call.kind === "up-next"
    ? {
        title: `Up next on ${court}`,
        body: "Head over when the game on it ends.",
        actions: ["on-my-way", "skip"],
      }
    : { title: `${court} now`, body: `You're ${call.company}.`, actions: ["on-my-way"] };
