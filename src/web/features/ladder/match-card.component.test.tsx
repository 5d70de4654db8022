import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { club, matchView, mockApi, renderWithApp } from "../../test/harness.js";
import { MatchCard } from "./match-card.js";

// The phone here is on UTC, whatever the machine's zone, so the club's day and the phone's differ.
process.env.TZ = "UTC";

// A game scored on the board at 9:30 pm on December 4 in the club's time zone (Chicago): 03:30
// on December 5 in UTC.
const lateGame = matchView({ playedAt: "2026-12-05T03:30:00.000Z", fromBoard: true });

describe("MatchCard", () => {
  it("dates a match by the club's day, as Sessions does, whatever the phone's time zone", async () => {
    mockApi();
    renderWithApp(<MatchCard match={lateGame} timeZone={club.timeZone} />);
    expect((await screen.findByText(/^Dec 4, 2026 · Doubles/)).textContent).toContain("court board");
  });
});
