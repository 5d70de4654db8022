import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { boardView, club, me, mockApi, ORG_ID, renderWithApp, sessionView } from "../../test/harness.js";
import { BoardPage } from "./board-page.js";

const hour = 3600_000;
/** A session of the club's that started `startedHoursAgo`, two hours long. */
const past = (name: string, startedHoursAgo: number) =>
  sessionView({
    id: "5a1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e70",
    name,
    startsAt: new Date(Date.now() - startedHoursAgo * hour).toISOString(),
    endsAt: new Date(Date.now() - (startedHoursAgo - 2) * hour).toISOString(),
    status: "completed",
    registeredCount: 12,
  });

/** Jordan as a plain member: a player, who cannot start play. */
const player = { ...me, organizations: [{ ...club, role: "member" as const }] };

function boardWithoutSession(sessions: unknown[]) {
  mockApi({
    "GET /api/session": { me: player },
    [`GET /api/orgs/${ORG_ID}/board`]: boardView({ session: null, canManage: false }),
    [`GET /api/orgs/${ORG_ID}/sessions`]: { sessions, next: null },
  });
}

describe("a player's board with no session running", () => {
  it("points to tonight's night once it is over, never to sample players", async () => {
    boardWithoutSession([past("Tuesday Open Play", 3)]);
    renderWithApp(<BoardPage />, { as: player });
    expect(await screen.findByText("Tuesday Open Play is over")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your night" }).getAttribute("href")).toBe(
      "/sessions/5a1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e70",
    );
    expect(screen.queryByText("Clear Examples")).toBeNull();
  });

  it("does not call an old or cancelled session tonight's", async () => {
    for (const last of [
      past("Last Week's Ladder", 7 * 24),
      { ...past("Rained Out", 3), status: "cancelled" },
    ]) {
      boardWithoutSession([last]);
      const { unmount } = renderWithApp(<BoardPage />, { as: player });
      expect(await screen.findByText("Clear Examples")).toBeTruthy();
      expect(screen.queryByTestId("night-over")).toBeNull();
      unmount();
    }
  });
});
