// The next groups in fair play, from a board state in memory: nobody is announced whose leaving
// time has come by the clock, though the projection's own time is the board's last change.
import { describe, expect, it } from "vitest";
import type { BoardRow, BoardState } from "./board-store.js";
import { nextUpByCourt, nextUpWaits } from "./next-up.js";
import { previewQueue } from "./rotation.js";

const T0 = Date.parse("2026-12-05T19:00:00Z");
const MIN = 60_000;

/** `count` players, the first eight on two courts started five minutes apart, the rest waiting. */
function night(count: number) {
  const players = Array.from({ length: count }, (_, i) => ({
    registrationId: `p${i}`,
    userId: null,
    name: `Player ${i}`,
    readySeq: i < 8 ? 100 + i : i,
    readyAt: new Date(T0),
    gamesPlayed: 0,
    gamesCredit: 0,
    gamesWaited: 0,
    sitOuts: 0,
    onBreak: false,
    present: true,
    wantsBye: false,
    courtTarget: null,
    partners: [] as string[],
    opponents: [] as string[],
    winStreak: 0,
    leavesAt: null as Date | null,
    onTheWayAt: null,
    gender: null,
  })).sort((a, b) => a.readySeq - b.readySeq);
  const courts = [0, 1].map((i) => ({ id: `c${i}`, name: `Court ${i + 1}` }));
  const playing = courts.map((court, i) => ({
    id: `g${i}`,
    courtId: court.id,
    teamA: [`p${4 * i}`, `p${4 * i + 1}`],
    teamB: [`p${4 * i + 2}`, `p${4 * i + 3}`],
    startedAt: new Date(T0 + i * 5 * MIN),
    status: "playing",
  }));
  const state = { players, courts, playing, unavailable: new Set<string>(), historyRead: true };
  const board = {
    mode: "fair",
    balanceByRating: false,
    heldCourts: [],
    singlesCourts: [],
    seed: 7,
    pairings: { together: [], apart: [] },
    teams: "open",
  };
  return { state: state as unknown as BoardState, board: board as unknown as BoardRow };
}

const nightTimes = { startsAt: new Date(T0), endsAt: new Date(T0 + 3 * 60 * MIN) };
const gameLength = { short: 10, typical: 12, long: 15 };

describe("fair play's next groups", () => {
  it("announce nobody whose leaving time has come by the clock", () => {
    const { state, board } = night(12);
    const at = (now: number) => ({ night: nightTimes, gameLength, now });
    const line = (now: number) => previewQueue(board, state, now).map((q) => q.playerId);
    const before = nextUpByCourt(board, state, line(T0 + 6 * MIN), undefined, at(T0 + 6 * MIN));
    const first = [...before.values()].flat().find((id) => Number(id.slice(1)) >= 8)!;
    expect(first).toBeDefined();
    // They said they leave at 14 minutes; the board is read at 15, its last change was at 5.
    state.players.find((p) => p.registrationId === first)!.leavesAt = new Date(T0 + 14 * MIN);
    const after = nextUpByCourt(board, state, line(T0 + 15 * MIN), undefined, at(T0 + 15 * MIN));
    expect([...after.values()].flat()).not.toContain(first);
    expect([...after.values()].every((group) => group.length === 4)).toBe(true);
  });

  it("start from the front of the line with twelve waiting for two courts", () => {
    const { state, board } = night(20);
    const now = T0 + 6 * MIN;
    const line = previewQueue(board, state, now).map((q) => q.playerId);
    const groups = nextUpByCourt(board, state, line, undefined, { night: nightTimes, gameLength, now });
    const named = [...groups.values()].flat();
    expect(named).toContain(line[0]);
    expect(new Set(named).size).toBe(named.length);
  });
});

describe("the line before the first fill", () => {
  it("puts first those the fill puts on, and tells the rest they wait a game", () => {
    const { state, board } = night(14);
    // Checked in, nothing on court yet: both courts free.
    state.playing = [];
    const line = previewQueue(board, state, T0, gameLength);
    expect(line).toHaveLength(14);
    const waits = line.map((q) => q.estimatedWaitMinutes);
    // The first eight are those the fill puts on, and go on as it does; the other six after a game.
    const fill = nextUpByCourt(
      board,
      state,
      line.map((q) => q.playerId),
      undefined,
      {
        night: nightTimes,
        gameLength,
        now: T0,
      },
    );
    expect(new Set([...fill.values()].flat())).toEqual(new Set(line.slice(0, 8).map((q) => q.playerId)));
    expect(waits.slice(0, 8).every((w) => w <= 1)).toBe(true);
    expect(waits.slice(8).every((w) => w >= gameLength.typical)).toBe(true);
    expect(line.slice(8).every((q) => q.waitRange.low >= gameLength.short)).toBe(true);
  });
});

describe("the wait of those announced for a court", () => {
  it("is the time left on that court's game, whatever their place in the line", () => {
    const { state, board } = night(16);
    // Court 1's game started at 0, Court 2's at 5: at 8 minutes, 4 and 9 are left at 12 a game.
    const now = T0 + 8 * MIN;
    const line = previewQueue(board, state, now, gameLength).map((q) => q.playerId);
    const groups = nextUpByCourt(board, state, line, undefined, { night: nightTimes, gameLength, now });
    const waits = nextUpWaits(state.playing, groups, gameLength, now);
    for (const id of groups.get("c0")!)
      expect(waits.get(id)).toEqual({ estimatedWaitMinutes: 4, waitRange: { low: 2, high: 7 } });
    for (const id of groups.get("c1")!)
      expect(waits.get(id)).toEqual({ estimatedWaitMinutes: 9, waitRange: { low: 7, high: 12 } });
    expect(waits.size).toBe(8);
  });

  it("is a minute once the game has run past its long length", () => {
    const { state } = night(12);
    const waits = nextUpWaits(state.playing, new Map([["c0", ["p8"]]]), gameLength, T0 + 30 * MIN);
    expect(waits.get("p8")).toEqual({ estimatedWaitMinutes: 1, waitRange: { low: 1, high: 1 } });
  });
});

describe("winners stay's next groups", () => {
  it("name a side's worth of challengers for each court, not four: its winners stay on", () => {
    const { state, board } = night(12);
    const stay = { ...board, mode: "winners-stay" } as BoardRow;
    const line = ["p8", "p9", "p10", "p11"];
    const groups = nextUpByCourt(stay, state, line, undefined, { night: nightTimes, gameLength, now: T0 });
    // Court 1's game began first, so it should end first.
    expect(Object.fromEntries(groups)).toEqual({ c0: ["p8", "p9"], c1: ["p10", "p11"] });
    // Paddle stack sends four from the line to whichever court frees.
    const stack = { ...board, mode: "paddle-stack" } as BoardRow;
    expect(
      Object.fromEntries(
        nextUpByCourt(stack, state, line, undefined, { night: nightTimes, gameLength, now: T0 }),
      ),
    ).toEqual({
      c0: line,
    });
  });
});
