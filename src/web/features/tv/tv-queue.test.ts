import { describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import { upNextGroups } from "./tv-queue.js";

const person = (n: number) => ({ registrationId: `r${n}`, name: `Player ${n}` });
const line = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...person(i + 1),
    position: i + 1,
    estimatedWaitMinutes: i,
    waitRange: { low: i, high: i + 3 },
    gamesPlayed: 0,
    wantsBye: false,
  }));

/** Courts' next groups as the server sends them: those waiting named, those on court counted. */
function board(queueLength: number, nextUp: Record<string, number[]>): BoardView {
  const waiting = (n: number) => n <= queueLength;
  const courts = Object.entries(nextUp).map(([name, people]) => ({
    name,
    nextUp: people.filter(waiting).map(person),
    comingOff: people.filter((n) => !waiting(n)).length,
  }));
  return { queue: line(queueLength), courts } as unknown as BoardView;
}

describe("upNextGroups: the line beside the courts", () => {
  it("lists the courts' next groups in the order they go on, then the rest of the line in fours, naming no court", () => {
    const groups = upNextGroups(
      board(10, { "Court 1": [5, 6, 7, 8], "Court 2": [1, 2, 3, 4], "Court 3": [] }),
    );
    expect(groups.map((g) => g.label)).toEqual(["Next game", "Then", "Then"]);
    expect(groups[0]!.names.map((p) => p.name)).toEqual(["Player 1", "Player 2", "Player 3", "Player 4"]);
    expect(groups[2]!.names.map((p) => p.name)).toEqual(["Player 9", "Player 10"]);
    expect(groups.map((g) => g.comingOff)).toEqual([0, 0, 0]);
  });

  it("leaves out a group of players all on court now, and keeps one with someone waiting", () => {
    // r11-r14 are on court (not in the line); the next game takes two of them and two waiting.
    const groups = upNextGroups(board(2, { "Court 1": [1, 11, 2, 12], "Court 2": [13, 14, 15, 16] }));
    expect(groups.map((g) => g.label)).toEqual(["Next game"]);
    // Which two come off depends on which court ends first: only those waiting are named.
    expect(groups[0]!.names.map((p) => p.name)).toEqual(["Player 1", "Player 2"]);
    expect(groups[0]!.comingOff).toBe(2);
  });

  it("says who is waiting when no group is complete", () => {
    const groups = upNextGroups(board(2, { "Court 1": [] }));
    expect(groups).toEqual([
      { label: "Waiting", names: expect.arrayContaining([expect.objectContaining(person(1))]), comingOff: 0 },
    ]);
  });

  it("is empty when no one waits", () => {
    expect(upNextGroups(board(0, { "Court 1": [] }))).toEqual([]);
  });
});
