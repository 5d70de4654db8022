// A court as the board sends it, for the TV's tests (unit and component alike: no DOM needed).
import type { BoardCourt, BoardView } from "../../shared/contracts/board.js";

type Person = BoardView["courts"][number]["nextUp"][number];

/** Court `n`, playing game `game` (started at `startedAt` ms) or free. */
export function boardCourt(
  n: number,
  game?: { id: string; startedAt: number; teamA?: Person[]; teamB?: Person[] },
): BoardCourt {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Court ${n}`,
    status: game ? "playing" : "idle",
    singles: false,
    held: false,
    keptForTheEnd: false,
    waitingToMix: false,
    answered: [],
    awaiting: [],
    game: game
      ? {
          id: game.id,
          startedAt: new Date(game.startedAt).toISOString(),
          teamA: game.teamA ?? [{ registrationId: "a", name: "Sam" }],
          teamB: game.teamB ?? [{ registrationId: "b", name: "Kim" }],
          chanceA: null,
        }
      : null,
    nextUp: [],
    comingOff: 0,
  };
}
