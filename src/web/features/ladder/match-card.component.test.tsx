import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MatchView } from "../../../shared/contracts/ladder.js";
import { club, mockApi, renderWithApp } from "../../test/harness.js";
import { MatchCard } from "./match-card.js";

// The phone here is on UTC, whatever the machine's zone, so the club's day and the phone's differ.
process.env.TZ = "UTC";

// A game scored on the board at 9:30 pm on December 4 in the club's time zone (Chicago): 03:30
// on December 5 in UTC.
const lateGame: MatchView = {
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  format: "doubles",
  teamA: [{ userId: "user-1", name: "Jordan Smith" }],
  teamB: [{ userId: "user-3", name: "Ben Brooks" }],
  games: [{ a: 11, b: 7 }],
  winner: "A",
  playedAt: "2026-12-05T03:30:00.000Z",
  status: "confirmed",
  counts: true,
  fromBoard: true,
  eventName: null,
  loggedBy: "user-1",
  canAnswer: false,
  deltas: {},
  why: {},
};

describe("MatchCard", () => {
  it("dates a match by the club's day, as Sessions does, whatever the phone's time zone", async () => {
    mockApi();
    renderWithApp(<MatchCard match={lateGame} timeZone={club.timeZone} />);
    expect((await screen.findByText(/^Dec 4, 2026 · Doubles/)).textContent).toContain("court board");
  });
});
