import { screen, waitFor, within } from "@testing-library/react";
import { type UserEvent, userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type MatchView, matchBody } from "../../../shared/contracts/ladder.js";
import type { Member } from "../../../shared/contracts/members.js";
import { messages } from "../../../shared/domain/messages.js";
import { fieldError, matchView, mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { LogMatchDialog } from "./log-match-dialog.js";

const matches = `POST /api/orgs/${ORG_ID}/matches`;
const MATCH_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const member = (userId: string, name: string): Member => ({
  userId,
  name,
  email: null,
  role: "member",
  joinedAt: "2026-01-01T00:00:00.000Z",
});
const members = [
  member("user-1", "Jordan Smith"),
  member("user-2", "Ana Alvarez"),
  member("user-3", "Ben Brooks"),
  member("user-4", "Cal Chen"),
];

/** What the server answers for a logged match: a whole match view, as the contract says. */
const loggedMatch = (counts: boolean): MatchView =>
  matchView({ id: MATCH_ID, status: counts ? "confirmed" : "pending", counts });

function ladderApi(routes: Record<string, unknown> = {}) {
  return mockApi({
    [`GET /api/orgs/${ORG_ID}/members`]: { members, next: null, total: members.length },
    ...routes,
  });
}

/** The contract's own words for a body, so the test follows the shared schema's wording. */
function contractSays(body: unknown, field: string): string | undefined {
  return matchBody.safeParse(body).error?.issues.find((issue) => issue.path[0] === field)?.message;
}

async function openDialog(props: { manager?: boolean; match?: MatchView } = {}) {
  const user = userEvent.setup();
  renderWithApp(
    <LogMatchDialog
      orgId={ORG_ID}
      me={{ userId: "user-1", name: "Jordan Smith" }}
      manager={props.manager ?? false}
      match={props.match}
    />,
  );
  await user.click(screen.getByRole("button", { name: props.match ? "Edit" : "Log a Match" }));
  const dialog = await screen.findByRole("dialog", { name: props.match ? "Edit Match" : "Log a Match" });
  return { user, dialog };
}

/** Types a first name into a place's search and taps the member it finds. */
async function pick(user: UserEvent, label: string, name: string) {
  await user.type(screen.getByRole("textbox", { name: label }), name.split(" ")[0]!);
  await user.click(await screen.findByRole("button", { name }));
}

describe("LogMatchDialog", () => {
  it("puts the member on their own side and asks for the rest", async () => {
    const api = ladderApi();
    const { user, dialog } = await openDialog();
    // Their own place is filled (no search field), and changeable.
    expect(screen.queryByRole("textbox", { name: "Your side, player 1" })).toBeNull();
    expect(screen.getByTestId("teamA0-chosen").textContent).toBe("Jordan Smith");
    expect(screen.getByRole("button", { name: "Change Your side, player 1" })).toBeTruthy();
    // The scores are asked for as the sides are named: there is no "Side A" on a player's form.
    expect(within(dialog).getByText("Your side's points first, e.g. 11-7, 9-11, 11-5")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Log Match" }));

    const sides = "Pick the players of both sides.";
    expect(
      contractSays(
        { format: "doubles", teamA: ["user-1"], teamB: [], target: 11, games: [], playedAt: "2026-11-20" },
        "teamB",
      ),
    ).toBe(sides);
    expect(within(dialog).getByText(sides).id).toBe("teamB0-error");
    expect(fieldError("Game scores")).toBe("Enter each game's score like 11-7.");
    expect(await screen.findByText(messages.toasts.validationError)).toBeTruthy();
    expect(api.sent(matches)).toEqual([]);
  });

  it("names the game that breaks the rules of a game to 11", async () => {
    const api = ladderApi();
    const { user } = await openDialog();
    await pick(user, "Your side, player 2", "Ana Alvarez");
    await pick(user, "Opponents, player 1", "Ben Brooks");
    await pick(user, "Opponents, player 2", "Cal Chen");
    await user.type(screen.getByLabelText("Game scores"), "11-10");
    await user.click(screen.getByRole("button", { name: "Log Match" }));
    expect(fieldError("Game scores")).toBe("A game is won by 2 points.");
    expect(screen.queryByText("Pick the players of both sides.")).toBeNull();
    expect(api.sent(matches)).toEqual([]);
  });

  it("offers nobody for a second place: a player is on one side, once", async () => {
    ladderApi();
    const { user, dialog } = await openDialog();
    await pick(user, "Your side, player 2", "Ana Alvarez");
    await user.type(screen.getByRole("textbox", { name: "Opponents, player 1" }), "A");
    const found = within(dialog).getByRole("list", { name: "Matching members" });
    await within(found).findByRole("button", { name: "Ben Brooks" });
    expect(within(found).queryByRole("button", { name: "Ana Alvarez" })).toBeNull();
    expect(within(found).queryByRole("button", { name: "Jordan Smith" })).toBeNull();
  });

  it("logs a doubles match with its games, target and date", async () => {
    const api = ladderApi({ [matches]: loggedMatch(false) });
    const { user } = await openDialog();
    await pick(user, "Your side, player 2", "Ana Alvarez");
    await pick(user, "Opponents, player 1", "Ben Brooks");
    await pick(user, "Opponents, player 2", "Cal Chen");
    await user.type(screen.getByLabelText("Game scores"), "15-9, 12 – 15;15-13");
    await user.selectOptions(screen.getByLabelText("Played to"), "15");
    await user.clear(screen.getByLabelText("Date"));
    await user.type(screen.getByLabelText("Date"), "2026-11-20");
    await user.click(screen.getByRole("button", { name: "Log Match" }));

    expect(await screen.findByText("Match logged")).toBeTruthy();
    expect(screen.getByText("The other side will be asked to confirm it.")).toBeTruthy();
    expect(api.sent(matches)).toEqual([
      {
        format: "doubles",
        teamA: ["user-1", "user-2"],
        teamB: ["user-3", "user-4"],
        target: 15,
        games: [
          { a: 15, b: 9 },
          { a: 12, b: 15 },
          { a: 15, b: 13 },
        ],
        playedAt: "2026-11-20",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("logs singles with one player a side, as an organizer", async () => {
    const api = ladderApi({ [matches]: loggedMatch(true) });
    const { user } = await openDialog({ manager: true });
    await user.click(screen.getByRole("radio", { name: "Singles" }));
    expect(screen.queryByRole("textbox", { name: "Side A, player 2" })).toBeNull();
    expect(screen.getByText("Side A's points first, e.g. 11-7, 9-11, 11-5")).toBeTruthy();
    await pick(user, "Side A, player 1", "Ben Brooks");
    await pick(user, "Side B, player 1", "Cal Chen");
    await user.type(screen.getByLabelText("Game scores"), "11-4");
    await user.clear(screen.getByLabelText("Date"));
    await user.type(screen.getByLabelText("Date"), "2026-11-21");
    await user.click(screen.getByRole("button", { name: "Log Match" }));

    expect(await screen.findByText("The ladder has been updated.")).toBeTruthy();
    expect(api.sent(matches)).toEqual([
      {
        format: "singles",
        teamA: ["user-3"],
        teamB: ["user-4"],
        target: 11,
        games: [{ a: 11, b: 4 }],
        playedAt: "2026-11-21",
      },
    ]);
  });

  it("edits a match: its players and scores filled in, saved with PUT", async () => {
    const edit = `PUT /api/orgs/${ORG_ID}/matches/${MATCH_ID}`;
    const match = matchView({
      id: MATCH_ID,
      format: "singles",
      teamA: [{ userId: "user-2", name: "Ana Alvarez" }],
      games: [{ a: 21, b: 15 }],
      loggedBy: "user-2",
    });
    const api = ladderApi({ [edit]: match });
    const { user } = await openDialog({ manager: true, match });
    expect(screen.getByTestId("teamA0-chosen").textContent).toBe("Ana Alvarez");
    expect(screen.getByTestId("teamB0-chosen").textContent).toBe("Ben Brooks");
    expect((screen.getByLabelText("Game scores") as HTMLInputElement).value).toBe("21-15");
    expect((screen.getByLabelText("Played to") as HTMLSelectElement).value).toBe("21");
    await user.clear(screen.getByLabelText("Game scores"));
    await user.type(screen.getByLabelText("Game scores"), "21-17");
    await user.click(screen.getByRole("button", { name: "Save Match" }));

    expect(await screen.findByText("Match updated")).toBeTruthy();
    expect(api.sent(edit)).toEqual([
      {
        format: "singles",
        teamA: ["user-2"],
        teamB: ["user-3"],
        target: 21,
        games: [{ a: 21, b: 17 }],
        playedAt: "2026-11-19",
      },
    ]);
  });
});
