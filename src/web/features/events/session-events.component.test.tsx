import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { BoardView } from "../../../shared/contracts/board.js";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { useGamesOnCourt } from "../../lib/board-read.js";
import { boardView, mockApi, ORG_ID, renderWithApp, sessionView } from "../../test/harness.js";
import { SessionEvents } from "./session-events.js";

const SESSION_ID = "5b2c1f0e-8d7a-4c3b-9e1f-0a1b2c3d4e5f";

const details: SessionDetails = {
  session: sessionView({
    id: SESSION_ID,
    name: "Tuesday Ladder",
    startsAt: "2026-12-08T00:00:00.000Z",
    endsAt: "2026-12-08T02:00:00.000Z",
    seriesId: "0a1b2c3d-4e5f-4a3b-9e1f-5b2c1f0e8d7a",
  }),
  timeZone: "America/Chicago",
  registrations: [],
  mine: null,
  checkInToken: null,
  guestRules: { allowed: false, perMonth: 2, price: null },
  planCodes: null,
};

const court = (n: number, isActive = true) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Court ${n}`,
  isActive,
});

describe("making a weekly series a league", () => {
  it("asks for no more courts a week than the club has in use", async () => {
    mockApi({
      [`GET /api/orgs/${ORG_ID}/sessions/${SESSION_ID}/league`]: null,
      [`GET /api/orgs/${ORG_ID}/sessions/${SESSION_ID}/event`]: null,
      // One court in use: the second is out of play.
      [`GET /api/orgs/${ORG_ID}/courts`]: { courts: [court(1), court(2, false)] },
    });
    const user = userEvent.setup();
    renderWithApp(<SessionEvents orgId={ORG_ID} data={details} manager />);
    // Offered once the club's courts are known: eight players would make two courts.
    await user.click(await screen.findByRole("button", { name: "Run This Series as a League" }));
    expect((screen.getByLabelText("Courts") as HTMLInputElement).value).toBe("1");
  });
});

/** How many games the board read shows, "?" until it is read: the form's own query. */
function GamesRead() {
  return <output data-testid="games-read">{useGamesOnCourt(ORG_ID, true) ?? "?"}</output>;
}

/** Eight checked in, and `games` games on the board's courts. */
function tonight(games: number) {
  const id = (n: number) => `a1b2c3d4-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;
  const registrations: Registration[] = Array.from({ length: 8 }, (_, i) => ({
    id: id(i + 10),
    userId: `user-${i}`,
    name: `Player ${i}`,
    status: "registered",
    waitlistPosition: null,
    checkedIn: true,
    holdExpiresAt: null,
    broughtBy: null,
    guestOf: null,
  }));
  const player = (n: number) => ({ registrationId: id(n + 10), name: `Player ${n}` });
  const board = boardView({
    version: 3,
    courts: Array.from({ length: games }, (_, c) => ({
      id: id(c + 1),
      name: `Court ${c + 1}`,
      status: "playing" as const,
      singles: false,
      held: false,
      keptForTheEnd: false,
      waitingToMix: false,
      game: {
        id: id(c + 5),
        startedAt: "2026-12-08T00:30:00.000Z",
        teamA: [player(4 * c), player(4 * c + 1)],
        teamB: [player(4 * c + 2), player(4 * c + 3)],
        chanceA: null,
      },
      nextUp: [],
      comingOff: 0,
      answered: [],
      awaiting: [],
    })),
    stats: { waiting: 0, joiningWait: null, averageWaitMinutes: null, activePlayers: 8, inEvent: 0 },
  });
  const data: SessionDetails = {
    ...details,
    session: { ...details.session, seriesId: null, status: "active" },
    registrations,
  };
  return { data, board };
}

describe("starting a round robin while open play is on court", () => {
  const started = `POST /api/orgs/${ORG_ID}/sessions/${SESSION_ID}/event`;
  const routes = (board: BoardView) => ({
    [`GET /api/orgs/${ORG_ID}/sessions/${SESSION_ID}/event`]: null,
    [`GET /api/orgs/${ORG_ID}/courts`]: { courts: [court(1), court(2)] },
    [`GET /api/orgs/${ORG_ID}/board`]: board,
    // What the server answers matters not here: only whether the start was sent.
    [started]: { status: 409, body: { error: { code: "CONFLICT", message: "Not now" } } },
  });

  /** The session page's form, once the board's games (`games` of them) have been read. */
  async function startForm(games: number) {
    const { data, board } = tonight(games);
    const api = mockApi(routes(board));
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SessionEvents orgId={ORG_ID} data={data} manager />
        <GamesRead />
      </>,
    );
    const start = await screen.findByRole("button", { name: "Start the Event" });
    // The board's games are known to the page (the same query) before the tap: otherwise "no
    // games" would start at once whatever the court held, and the test could not tell.
    await waitFor(() => expect(screen.getByTestId("games-read").textContent).toBe(String(games)));
    return { api, user, start };
  }

  it("asks first: Keep Open Play sends nothing, Start the Event sends it", async () => {
    const { api, user, start } = await startForm(2);

    await user.click(start);
    const asked = await screen.findByRole("dialog", { name: "Start the event now?" });
    expect(asked.textContent).toContain("Open play has 2 games on court");
    await user.click(within(asked).getByRole("button", { name: "Keep Open Play" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.sent(started)).toHaveLength(0);

    await user.click(start);
    const again = await screen.findByRole("dialog", { name: "Start the event now?" });
    await user.click(within(again).getByRole("button", { name: "End Games and Start" }));
    await waitFor(() => expect(api.sent(started)).toHaveLength(1));
    // Said yes to: the server ends open play's games rather than refusing.
    expect(api.sent(started)[0]).toMatchObject({ endOpenPlay: true });
  });

  it("starts at once when no game is on court", async () => {
    const { api, user, start } = await startForm(0);
    await user.click(start);
    await waitFor(() => expect(api.sent(started)).toHaveLength(1));
    expect(screen.queryByRole("dialog", { name: "Start the event now?" })).toBeNull();
  });
});
