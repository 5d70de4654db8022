// Whether a free court waits for the next so that two groups mix. Its own file because two
// callers ask it the same way: the fill, which leaves the court empty (fill-as-courts-free.ts),
// and the board, which says why it stands empty (decide.ts waitingToMix).
import type { FairOptions } from "./fair.js";
import type { PlayerState, TeamRule } from "./types.js";
import { PLAYERS_PER_COURT } from "./types.js";

/**
 * As many players as places, and no one else waiting: the only players ready are the four who
 * just came off a court together. Sent straight back on every time, they would play each other
 * all night: at 16 on 4 courts every court kept its four, 59 repeated partners in 41 games where
 * none were needed. While the four have a split they have not partnered in, they play it; once
 * every split repeats, the court waits for the next to free, when that should be within half a
 * typical game, and the two groups mix: 7.8 repeats in 40 games (bench/rotation, decision 025).
 * Not with players sitting (those coming off mix with them, and a wait only lengthened the
 * longest: 16 on 3 courts, 16 minutes against the paddle stack's 14), not for women's and men's
 * games (the next court's four could not join them), not when one of the four leaves soon, and
 * not when the organizer fills every court.
 */
export function waitsToMix(
  left: PlayerState[],
  size: number,
  waitCap: FairOptions["waitCap"],
  rules: { sitting: number; teams?: TeamRule; leavingSoon?: Set<string>; startEveryCourt?: boolean },
): boolean {
  if (rules.sitting > 0 || rules.startEveryCourt) return false;
  if (size !== PLAYERS_PER_COURT || left.length !== size || !waitCap?.courtFreesBeforeEnd) return false;
  if (rules.teams === "separate" || left.some((p) => rules.leavingSoon?.has(p.id))) return false;
  // Within half a game from when they came off: a game left running unscored holds it no longer.
  const waited = (p: PlayerState) => (p.readySince === undefined ? 0 : (waitCap.now - p.readySince) / 60_000);
  if (left.some((p) => waited(p) + waitCap.nextFreeMinutes > waitCap.mixWithinMinutes)) return false;
  const group = new Set(left.map((p) => p.id));
  const playedTogether = left.every((p) => {
    const partner = p.recentPartners.at(-1);
    const opponents = p.recentOpponents.slice(-2);
    return (
      partner !== undefined &&
      group.has(partner) &&
      opponents.length === 2 &&
      opponents.every((o) => group.has(o))
    );
  });
  const [a, b, c, d] = left as [PlayerState, PlayerState, PlayerState, PlayerState];
  const partnered = (x: PlayerState, y: PlayerState) => x.recentPartners.includes(y.id);
  const freshSplit = [
    [a, b, c, d],
    [a, c, b, d],
    [a, d, b, c],
  ].some(([w, x, y, z]) => !partnered(w!, x!) && !partnered(y!, z!));
  return playedTogether && !freshSplit;
}
