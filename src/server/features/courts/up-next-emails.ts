// "You're up next on Court 2": when a board action puts a player in the next group for
// a court, they get an email if they want it (their open board already shows it live); and
// "You're on Court 3 now" when it puts them straight on a court without a next group first
// (a free court filled at once). One per wait: the key names the player and the games they had
// played, so being moved to another court's group, or then placed on it, sends nothing more.
import { eq } from "drizzle-orm";
import type { GameLength } from "../../../shared/rotation/game-length.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards } from "../../db/schema/courts.js";
import { type Effect, emailEffect } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { claimNotifications, pushEffects, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { type BoardRow, type BoardState, loadState, type PlayerRow } from "./board-store.js";
import { nextUpByCourt } from "./next-up.js";
import { gameLengthOf } from "./pace.js";
import { keptCourts, type Night, previewQueue } from "./rotation.js";

export async function upNextEmails(
  deps: Pick<UseCaseDeps, "config">,
  tx: Tx,
  organizationId: string,
  sessionId: string,
  /** The board, its state and the games' length as the action's fill left them, if it filled. */
  current: { board: BoardRow; state: BoardState; gameLength: GameLength } | undefined,
  /** When, in which night: nobody hears they are up next on a court its last call keeps free. */
  at: { now: number; night: Night },
): Promise<Effect[]> {
  const board = current?.board ?? (await tx.select().from(boards).where(eq(boards.sessionId, sessionId)))[0];
  if (!board) return [];
  const state = current?.state ?? (await loadState(tx, organizationId, sessionId));
  const line = previewQueue(board, state).map((q) => q.playerId);
  const courtNames = new Map(state.courts.map((c) => [c.id, c.name]));
  const length = current?.gameLength ?? (await gameLengthOf(tx, organizationId, sessionId));
  const kept = keptCourts(board, state, at.now, at.night, length);
  const upNext = [...nextUpByCourt(board, state, line, kept)].flatMap(([courtId, ids]) =>
    ids.flatMap((id) => {
      const player = state.players.find((p) => p.registrationId === id);
      return player?.userId ? [{ courtId, player, userId: player.userId }] : [];
    }),
  );
  return courtEmails(
    deps,
    tx,
    organizationId,
    sessionId,
    upNext.map(({ courtId, player, userId }) => {
      const court = courtNames.get(courtId) ?? "a court";
      return {
        player,
        userId,
        subject: `You're up next on ${court}`,
        line: (club: string) =>
          `You're in the next group for ${court} at ${club}. Head over when the game on it ends.`,
        push: {
          title: `Up next on ${court}`,
          body: "Head over when the game on it ends.",
          actions: ["on-my-way", "skip"] as const,
        },
      };
    }),
  );
}

/** Players the engine just put on a court: the court, and who with and against. */
export type CalledToCourt = {
  courtName: string;
  teams: [PlayerRow[], PlayerRow[]];
};

const names = (players: PlayerRow[]) => players.map((p) => p.name).join(" & ");

/** "You're on Court 3 now": to each member just put on a court, unless told of this wait already. */
export function calledToCourtEmails(
  deps: Pick<UseCaseDeps, "config">,
  tx: Tx,
  organizationId: string,
  sessionId: string,
  called: CalledToCourt[],
): Promise<Effect[]> {
  const mails = called.flatMap(({ courtName, teams }) =>
    teams.flatMap((mine, side) =>
      mine.flatMap((player) => {
        if (!player.userId) return [];
        const partners = mine.filter((p) => p.registrationId !== player.registrationId);
        const against = teams[1 - side]!;
        const company = partners.length
          ? `with ${names(partners)}, against ${names(against)}`
          : `against ${names(against)}`;
        return [
          {
            player,
            userId: player.userId,
            subject: `You're on ${courtName} now`,
            line: (club: string) => `Head to ${courtName} at ${club} now: you're ${company}.`,
            push: { title: `${courtName} now`, body: `You're ${company}.`, actions: ["on-my-way"] as const },
          },
        ];
      }),
    ),
  );
  return courtEmails(deps, tx, organizationId, sessionId, mails);
}

type CourtMail = {
  player: PlayerRow;
  userId: string;
  subject: string;
  line: (club: string) => string;
  /** The same call on their phones, for those who opted a device in. */
  push: { title: string; body: string; actions: readonly ("on-my-way" | "skip")[] };
};

async function courtEmails(
  deps: Pick<UseCaseDeps, "config">,
  tx: Tx,
  organizationId: string,
  sessionId: string,
  mails: CourtMail[],
): Promise<Effect[]> {
  if (mails.length === 0) return [];
  // Pushes first, whatever the email choice: a phone is the way to say "walk to court 3 now".
  const effects: Effect[] = await pushEffects(
    tx,
    mails.map(({ player, userId, push }) => ({
      userId,
      key: `${sessionId}:${player.registrationId}:${player.gamesPlayed}`,
      payload: {
        ...push,
        actions: [...push.actions],
        url: "/board",
        tag: `call-${sessionId}-${player.registrationId}`,
        organizationId,
      },
    })),
  );
  const wanting = await wantEmail(
    tx,
    mails.map((m) => m.userId),
    "courtUpNext",
  );
  const byId = await people(tx, [...wanting]);
  const keyOf = (player: PlayerRow) => `up-next:${sessionId}:${player.registrationId}:${player.gamesPlayed}`;
  const claimed = await claimNotifications(
    tx,
    mails.flatMap(({ player, userId }) => (byId.has(userId) ? [{ key: keyOf(player), userId }] : [])),
  );
  let club: Awaited<ReturnType<typeof getOrganization>> | undefined;
  for (const { player, userId, subject, line } of mails) {
    const person = byId.get(userId);
    // Taken as it is used: the same key asked twice here sends once, as two claims would.
    if (!person || !claimed.delete(keyOf(player))) continue;
    club ??= await getOrganization(tx, organizationId);
    effects.push(
      emailEffect(
        actionEmail(
          person.email,
          subject,
          subject,
          [`Hi ${person.name},`, line(club.name)],
          { label: "Open the court board", url: `${deps.config.appUrl}/board` },
          { ...unsubscribeFor(deps, userId, "courtUpNext"), club },
        ),
      ),
    );
  }
  return effects;
}
