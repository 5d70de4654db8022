import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BoardCourt, BoardView } from "../../../shared/contracts/board.js";
import { mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { offerUndo, withdrawUndo } from "./recent-score.js";
import { UndoScoreBar } from "./undo-score-bar.js";

const SCORED = "3f1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e7f";
const COURT = "0b8e7f7e-1c1d-4a3b-9f2e-5d6c7b8a9f01";
const players = ["Ana", "Ben", "Cal", "Dee"].map((name, i) => ({ registrationId: `r${i}`, name }));

/** The board as the bar reads it: only its courts matter here. */
function boardWith(gameId: string | null): BoardView {
  const court: BoardCourt = {
    id: COURT,
    name: "Court 1",
    status: gameId ? "playing" : "idle",
    singles: false,
    held: false,
    keptForTheEnd: false,
    waitingToMix: false,
    game: gameId
      ? {
          id: gameId,
          startedAt: new Date().toISOString(),
          teamA: players.slice(0, 2),
          teamB: players.slice(2),
          chanceA: null,
        }
      : null,
    nextUp: [],
    comingOff: 0,
    answered: [],
    awaiting: [],
  };
  return { courts: [court] } as unknown as BoardView;
}

function scored() {
  act(() =>
    offerUndo({ gameId: SCORED, courtId: COURT, courtName: "Court 1", summary: "Court 1: Team A won" }),
  );
}

afterEach(() => act(() => withdrawUndo()));

describe("the undo bar after a score", () => {
  it("says the next group is on court once the board shows a new game there, though none was shown next", () => {
    mockApi();
    renderWithApp(<UndoScoreBar orgId={ORG_ID} board={boardWith("a-new-game")} />);
    scored();
    expect(screen.getByTestId("undo-score").textContent).toContain("Next group on court.");
  });

  it("says the court is free when nobody went on", () => {
    mockApi();
    renderWithApp(<UndoScoreBar orgId={ORG_ID} board={boardWith(null)} />);
    scored();
    expect(screen.getByTestId("undo-score").textContent).toContain("The court is free.");
  });

  it("says neither while the board still shows the game just scored", () => {
    mockApi();
    renderWithApp(<UndoScoreBar orgId={ORG_ID} board={boardWith(SCORED)} />);
    scored();
    const bar = screen.getByTestId("undo-score").textContent;
    expect(bar).toContain("Court 1: Team A won");
    expect(bar).not.toContain("Next group on court.");
    expect(bar).not.toContain("The court is free.");
  });
});
