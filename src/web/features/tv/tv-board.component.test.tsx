import { render, screen, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardCourt } from "../../test/board-court.js";
import { boardView } from "../../test/harness.js";
import { TvBoard } from "./tv-board.js";
import { noteCalls } from "./tv-calls.js";

// jsdom has no ResizeObserver: the TV's rows and names measure nothing here.
const saved = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => {
  globalThis.ResizeObserver = saved;
});

const T0 = Date.parse("2026-03-01T18:00:00.000Z");
const court = (n: number, id: string, startedAt: number) =>
  boardCourt(n, {
    id,
    startedAt,
    teamA: [
      { registrationId: `${n}a`, name: `Ann ${n}` },
      { registrationId: `${n}b`, name: `Bea ${n}` },
    ],
    teamB: [
      { registrationId: `${n}c`, name: `Cal ${n}` },
      { registrationId: `${n}d`, name: `Dot ${n}` },
    ],
  });

// Court 1's game has run ten minutes; court 2's group is called at T0.
const courts = [
  court(1, "00000000-0000-4000-8000-0000000000a1", T0 - 600_000),
  court(2, "00000000-0000-4000-8000-0000000000a2", T0),
];
const board = boardView({
  session: {
    id: "00000000-0000-4000-8000-0000000000f1",
    name: "Open Play",
    startsAt: new Date(T0 - 3_600_000).toISOString(),
    endsAt: new Date(T0 + 3_600_000).toISOString(),
  },
  courts,
});
// The TV was on before court 2's game started: court 1's call is long over.
const calls = noteCalls(noteCalls(null, courts.slice(0, 1), T0 - 600_000), courts, T0);

const showAt = (ms: number) => render(<TvBoard board={board} now={T0 + ms} calls={calls} />);

describe("a call on the TV", () => {
  it("takes the screen for 15 seconds", () => {
    showAt(14_000);
    expect(screen.getByTestId("tv-call").dataset.court).toBe("Court 2");
    expect(screen.queryAllByTestId("court")).toHaveLength(0);
  });

  it("then leaves the court marked on the board for the rest of a minute", () => {
    showAt(15_000);
    expect(screen.queryByTestId("tv-call")).toBeNull();
    const [first, second] = screen.getAllByTestId("court");
    expect(second!.dataset.justCalled).toBe("true");
    expect(within(second!).getByText("Just called")).toBeTruthy();
    expect(first!.dataset.justCalled).toBeUndefined();
    expect(within(first!).getByText("10 min")).toBeTruthy();
  });

  it("and after a minute shows the court like any other", () => {
    showAt(60_000);
    const second = screen.getAllByTestId("court")[1]!;
    expect(second.dataset.justCalled).toBeUndefined();
    expect(within(second).queryByText("Just called")).toBeNull();
    expect(within(second).getByText("1 min")).toBeTruthy();
  });
});

describe("the TV's sizes", () => {
  const eight = Array.from({ length: 8 }, (_, i) =>
    court(i + 1, `00000000-0000-4000-8000-0000000001${i}0`, T0),
  );
  eight[0]!.game!.teamA[0] = { registrationId: "long", name: "Christopher Montgomery III" };
  const full = {
    ...board,
    courts: eight,
    queue: ["Guest Cy Bartholomew", "Kai Lee"].map((name, i) => ({
      registrationId: `q${i}`,
      name,
      position: i + 1,
      estimatedWaitMinutes: i,
      waitRange: { low: i, high: i + 3 },
      gamesPlayed: 0,
      wantsBye: false,
      leavesAt: null,
    })),
  };
  const size = { width: window.innerWidth, height: window.innerHeight };
  beforeAll(() => {
    Object.assign(window, { innerWidth: 1920, innerHeight: 1080 });
  });
  afterAll(() => {
    Object.assign(window, { innerWidth: size.width, innerHeight: size.height });
  });

  it("are planned for the courts on screen: names on court 49 px with 8, the line's never larger", () => {
    // Every game called long ago: the courts, not a call, are on screen.
    render(<TvBoard board={full} now={T0 + 120_000} calls={new Map()} />);
    const area = screen.getByTestId("tv-board-area");
    expect(area.style.getPropertyValue("--name")).toBe("49px");
    expect(area.style.getPropertyValue("--queue-name")).toBe("49px");
    expect(screen.getAllByTestId("tv-row").map((row) => within(row).getAllByTestId("court").length)).toEqual([
      3, 3, 2,
    ]);
    for (const name of screen.getAllByTestId("tv-player")) expect(name.style.fontSize).toBe("var(--name)");
    const inLine = screen.getAllByTestId("tv-queue-name");
    expect(inLine.map((name) => name.title)).toEqual(["Guest Cy Bartholomew", "Kai Lee"]);
    for (const name of inLine) expect(name.style.fontSize).toBe("var(--queue-name)");
    // Court names are never cut with an ellipsis.
    for (const title of screen.getAllByTestId("tv-court-name"))
      expect(title.className).not.toContain("truncate");
  });
});
