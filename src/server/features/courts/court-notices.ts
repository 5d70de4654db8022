// "You're on Court 3 now, with A, against B & C": when a board action puts a player straight on
// a court, they hear it at once. "You're up next on Court 2, with A, B and C": when it puts them
// in the next group for a court with a game on it (an empty court's next group hears the call
// itself: "head over when the game on it ends" about a court already theirs was untrue). One
// notice per call, on the channel that reaches the person:
// - "up next" waits a minute before it goes (the job below), and goes only if it still holds
//   then, with the court it holds for then: scores entered in a burst moved a player's group
//   from court to court and sent each move ("Up next on Court 6", "8", "4", "Change of court"),
//   now a burst is one notice, the latest, or none when the call itself came first;
// - one "up next" per wait (the key names the player and the games they had played); a call
//   onto the court they heard sends nothing more; onto another, a change of court (whatToTell);
// - a push to every device of a person who has one (and wants calls pushed); email only to
//   those no push reaches, as they chose (both for the same call told them twice).
//
// Who is told is decided under the board's lock, from the state the action left; how (their
// devices, their choices, their address, the club's name) is read after the commit, as a
// follow-up (platform/jobs/follow-ups.ts): those statements held the board's lock, and every tap
// behind it, for notices nobody at the board waits for. The board's transaction queues
// COURT_NOTICES a minute later as well: it sends the "up next" notices, and any call a process
// that died in between did not; each notice is claimed once (notification_log), so whichever
// comes second sends nothing.
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
import {
  claimNotifications,
  pushEffects,
  reachableByPush,
  unsubscribeFor,
  wantEmail,
} from "../notifications/service.js";
import { activeSession } from "../sessions/service.js";
import { type BoardRow, type BoardState, loadState, type PlayerRow } from "./board-store.js";
import { nextUpByCourt, nextUpNeedsHistory } from "./next-up.js";
import { gameLengthOf } from "./pace.js";
import { emptyCourts, type Night, previewQueue } from "./rotation.js";

export const COURT_NOTICES = "court-notices";
/**
 * How long the queued job waits: long past the follow-up, which it backs up, and long enough for
 * a burst of scores to settle before "up next" is told (a game lasts ten minutes and more).
 */
const JOB_DELAY_MS = 60_000;

/** One player told of one call: who, which wait (the games they had played), and what. */
export type CourtNotice = {
  userId: string;
  registrationId: string;
  gamesPlayed: number;
  court: string;
  /**
   * In the next group for the court (with these others, "with A, B and C"), or on it now with
   * this company ("with A, against B & C").
   */
  call: { kind: "up-next"; company?: string } | { kind: "on-court"; company: string };
  /** On a court other than the one they were told they were up next on (set when sending). */
  changedCourt?: boolean;
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
  const busy = new Set(state.playing.map((g) => g.courtId));
  const nameOf = (id: string) => state.players.find((p) => p.registrationId === id)?.name ?? "a player";
  return [
    ...nextUpByCourt(board, state, line, empty, { night: at.night, gameLength: length, now: at.now }),
  ].flatMap(([courtId, ids]) =>
    // A free court's group goes on at the next fill: the call tells them, not a wait.
    !busy.has(courtId)
      ? []
      : ids.flatMap((id) => {
          const player = state.players.find((p) => p.registrationId === id);
          // On court now and back on after (a small night): the call to that court tells them.
          if (!player?.userId || playing.has(id)) return [];
          // Those of the group off court now: who else the player looks for at the court.
          // By name: the group's order is the engine's, and means nothing to the player.
          const others = ids
            .filter((other) => other !== id && !playing.has(other))
            .map(nameOf)
            .sort((a, b) => a.localeCompare(b));
          const company = others.length > 0 ? `with ${listed(others)}` : undefined;
          return [
            noticeFor(player, player.userId, courtNames.get(courtId) ?? "a court", {
              kind: "up-next",
              company,
            }),
          ];
        }),
  );
}

/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

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

/**
 * After the board's commit: its calls onto a court are sent now; its "up next" notices wait for
 * the job, a minute on, and go then if they still hold (the job also sends any call this misses).
 */
export function sendCourtNoticesSoon(deps: AppDeps, notices: CourtNotices): void {
  const calls = notices.notices.filter((n) => n.call.kind === "on-court");
  if (calls.length === 0) return;
  followUps(deps.database).start(() => sendCourtNotices(deps, { ...notices, notices: calls }));
}

/**
 * Queues each notice not sent before, "up next" only while it still holds: a push to every
 * device its player opted in, and an email to those no push reaches, if they want one.
 */
export async function sendCourtNotices(
  deps: Pick<UseCaseDeps, "config" | "database" | "jobs" | "now">,
  { organizationId, sessionId, notices: asked }: CourtNotices,
): Promise<void> {
  if (asked.length === 0) return;
  await withEffects(deps, async (tx, effects) => {
    const notices = await stillTrue(tx, organizationId, sessionId, asked, deps.now());
    const told = await whatToTell(tx, sessionId, notices);
    if (told.length === 0) return;
    effects.push(
      ...(await pushEffects(
        tx,
        told.map(({ notice, key }) => ({
          userId: notice.userId,
          key,
          payload: {
            ...pushOf(notice),
            url: "/board",
            tag: `call-${sessionId}-${notice.registrationId}`,
            organizationId,
          },
        })),
      )),
    );
    // Email for those no push reaches: the same call twice, on two channels, was one too many.
    const pushed = await reachableByPush(
      tx,
      told.map(({ notice }) => notice.userId),
    );
    const wanting = await wantEmail(
      tx,
      told.map(({ notice }) => notice.userId).filter((id) => !pushed.has(id)),
      "courtUpNext",
    );
    const byId = await people(tx, [...wanting]);
    const keyOf = (key: string) => `up-next:${key}`;
    const claimed = await claimNotifications(
      tx,
      told.flatMap(({ notice, key }) =>
        byId.has(notice.userId) ? [{ key: keyOf(key), userId: notice.userId }] : [],
      ),
    );
    let club: Awaited<ReturnType<typeof getOrganization>> | undefined;
    for (const { notice, key } of told) {
      const person = byId.get(notice.userId);
      // Taken as it is used: the same key asked twice here sends once, as two claims would.
      if (!person || !claimed.delete(keyOf(key))) continue;
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

/**
 * The notices as they stand now: a call onto a court is news whenever it is sent; "up next"
 * only while the player is still in a next group of the same wait, told with the court and
 * company of that group now (the latest), and not once the session is over.
 */
async function stillTrue(
  tx: Tx,
  organizationId: string,
  sessionId: string,
  notices: CourtNotice[],
  now: Date,
): Promise<CourtNotice[]> {
  const calls = notices.filter((n) => n.call.kind === "on-court");
  if (calls.length === notices.length) return notices;
  const session = await activeSession(tx, organizationId);
  if (session?.id !== sessionId) return calls;
  const current = await upNextNotices(tx, organizationId, sessionId, undefined, {
    now: now.getTime(),
    night: session,
  });
  const latest = new Map(current.map((n) => [`${n.registrationId}:${n.gamesPlayed}`, n]));
  const upNext = notices.flatMap((n) =>
    n.call.kind === "up-next" ? (latest.get(`${n.registrationId}:${n.gamesPlayed}`) ?? []) : [],
  );
  return [...calls, ...upNext];
}

/**
 * Which notices to send, each with the key its channels claim it by. One "up next" a wait (the
 * games played): being moved to another court's group as the projection moves sends nothing
 * more. A call onto a court they were told of sends nothing more either; onto another court it
 * is sent, as a change of court: told Court 1 and put on Court 2, a player heard nothing and
 * stood at Court 1 (a phone review, 2026-12-05). Both are claims in notification_log, made in
 * the sending transaction, so the job that backs the follow-up up sends nothing twice.
 */
async function whatToTell(
  tx: Tx,
  sessionId: string,
  notices: CourtNotice[],
): Promise<Array<{ notice: CourtNotice; key: string }>> {
  const wait = (n: CourtNotice) => `${sessionId}:${n.registrationId}:${n.gamesPlayed}`;
  const toldWait = (n: CourtNotice) => `told:${wait(n)}`;
  const toldCourt = (n: CourtNotice) => `told:${wait(n)}:${n.court}`;
  const claim = (keys: Array<{ key: string; notice: CourtNotice }>) =>
    claimNotifications(
      tx,
      keys.map(({ key, notice }) => ({ key, userId: notice.userId })),
    );
  const calls = notices.filter((n) => n.call.kind === "on-court");
  const newCourt = await claim(calls.map((notice) => ({ key: toldCourt(notice), notice })));
  const calledNew = calls.filter((n) => newCourt.has(toldCourt(n)));
  const upNext = notices.filter((n) => n.call.kind === "up-next");
  const firstOfWait = await claim(
    [...upNext, ...calledNew].map((notice) => ({ key: toldWait(notice), notice })),
  );
  const announced = upNext.filter((n) => firstOfWait.has(toldWait(n)));
  // The court they were told of: a call onto it later sends nothing more.
  await claim(announced.map((notice) => ({ key: toldCourt(notice), notice })));
  return [
    ...announced.map((notice) => ({ notice, key: wait(notice) })),
    ...calledNew.map((notice) => ({
      notice: firstOfWait.has(toldWait(notice)) ? notice : { ...notice, changedCourt: true },
      key: `${wait(notice)}:${notice.court}`,
    })),
  ];
}

const subjectOf = ({ court, call, changedCourt }: CourtNotice) =>
  call.kind === "up-next"
    ? `You're up next on ${court}`
    : changedCourt
      ? `Change of court: you're on ${court} now`
      : `You're on ${court} now`;

const lineOf = ({ court, call, changedCourt }: CourtNotice, club: string) =>
  call.kind === "up-next"
    ? `You're in the next group for ${court} at ${club}${call.company ? `, ${call.company}` : ""}. Head over when the game on it ends.`
    : `${changedCourt ? "Your group went on another court than the one you heard. " : ""}Head to ${court} at ${club} now: you're ${call.company}.`;

const pushOf = ({
  court,
  call,
  changedCourt,
}: CourtNotice): { title: string; body: string; actions: ("on-my-way" | "skip")[] } =>
  call.kind === "up-next"
    ? {
        title: `Up next on ${court}`,
        body: `${call.company ? `You're ${call.company}. ` : ""}Head over when the game on it ends.`,
        actions: ["on-my-way", "skip"],
      }
    : {
        title: changedCourt ? `Change of court: ${court} now` : `${court} now`,
        body: `You're ${call.company}.`,
        actions: ["on-my-way"],
      };
