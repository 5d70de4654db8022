// "You're up next on Court 2" (SPEC §7): when a board action puts a player in the next group for
// a court, they get an email if they want it (their open board already shows it live). One per
// wait: the key names the player and the games they had played, so being moved to another
// court's group in the same wait sends nothing more.
import { eq } from "drizzle-orm";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards } from "../../db/schema/courts.js";
import { type Effect, emailEffect } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { claimNotification, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { type BoardRow, type BoardState, loadState } from "./board-store.js";
import { nextUpByCourt } from "./next-up.js";
import { previewQueue } from "./rotation.js";

export async function upNextEmails(
  deps: Pick<UseCaseDeps, "config">,
  tx: Tx,
  organizationId: string,
  sessionId: string,
  /** The board and its state as the action left them, when the caller has them already. */
  current?: { board: BoardRow; state: BoardState },
): Promise<Effect[]> {
  const board = current?.board ?? (await tx.select().from(boards).where(eq(boards.sessionId, sessionId)))[0];
  if (!board) return [];
  const state = current?.state ?? (await loadState(tx, organizationId, sessionId));
  const line = previewQueue(board, state).map((q) => q.playerId);
  const courtNames = new Map(state.courts.map((c) => [c.id, c.name]));
  const upNext = [...nextUpByCourt(board, state, line)].flatMap(([courtId, ids]) =>
    ids.flatMap((id) => {
      const player = state.players.find((p) => p.registrationId === id);
      return player?.userId ? [{ courtId, player, userId: player.userId }] : [];
    }),
  );
  if (upNext.length === 0) return [];
  const wanting = await wantEmail(
    tx,
    upNext.map((u) => u.userId),
    "courtUpNext",
  );
  const byId = await people(tx, [...wanting]);
  const effects: Effect[] = [];
  let club: Awaited<ReturnType<typeof getOrganization>> | undefined;
  for (const { courtId, player, userId } of upNext) {
    const person = byId.get(userId);
    if (!person) continue;
    const key = `up-next:${sessionId}:${player.registrationId}:${player.gamesPlayed}`;
    if (!(await claimNotification(tx, key, userId))) continue;
    club ??= await getOrganization(tx, organizationId);
    const court = courtNames.get(courtId) ?? "a court";
    effects.push(
      emailEffect(
        actionEmail(
          person.email,
          `You're up next on ${court}`,
          `You're up next on ${court}`,
          [
            `Hi ${person.name},`,
            `You're in the next group for ${court} at ${club.name}. Head over when the game on it ends.`,
          ],
          { label: "Open the court board", url: `${deps.config.appUrl}/board` },
          { ...unsubscribeFor(deps, userId, "courtUpNext"), club },
        ),
      ),
    );
  }
  return effects;
}
