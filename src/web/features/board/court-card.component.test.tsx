import { act, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type BoardCourt, scoreBody } from "../../../shared/contracts/board.js";
import { mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { CourtCard } from "./court-card.js";
import { useRecentScore, withdrawUndo } from "./recent-score.js";

const GAME_ID = "3f1d2c4b-5a69-4e7d-8c1b-2a3b4c5d6e7f";
const scorePath = `POST /api/orgs/${ORG_ID}/board/games/${GAME_ID}/score`;

// Long names on purpose: the old score dialog broke them a letter a line.
const teamA = [
  { registrationId: "r1", name: "Maximiliana Featherstonehaugh" },
  { registrationId: "r2", name: "Bo Li" },
];
const teamB = [
  { registrationId: "r3", name: "Oluwaseun Adebayo-Okonkwo" },
  { registrationId: "r4", name: "Ana María de la Cruz" },
];

function playing(change: Partial<BoardCourt> = {}): BoardCourt {
  return {
    id: "0b8e7f7e-1c1d-4a3b-9f2e-5d6c7b8a9f01",
    name: "Court 3",
    status: "playing",
    singles: false,
    held: false,
    keptForTheEnd: false,
    waitingToMix: false,
    game: { id: GAME_ID, startedAt: new Date().toISOString(), teamA, teamB, chanceA: null },
    nextUp: [
      { registrationId: "r5", name: "Cal Chen" },
      { registrationId: "r6", name: "Dee Dupont" },
    ],
    comingOff: 0,
    answered: [],
    awaiting: [],
    ...change,
  };
}

const names = (players: { name: string }[]) => players.map((p) => p.name);

/** What the undo bar would say was just recorded. */
function RecentSummary() {
  return <p data-testid="recent">{useRecentScore()?.summary ?? ""}</p>;
}

/** A court card whose court the test changes, as the live board does. */
let showCourt: (court: BoardCourt) => void = () => {};
function LiveCourt() {
  const [court, setCourt] = useState(playing());
  showCourt = setCourt;
  return <CourtCard court={court} orgId={ORG_ID} canManage />;
}

async function openScoreSheet(court = playing()) {
  const user = userEvent.setup();
  renderWithApp(<CourtCard court={court} orgId={ORG_ID} canManage />);
  await user.click(screen.getByRole("button", { name: "Record Score" }));
  const sheet = await screen.findByRole("dialog", { name: `Score for ${court.name}` });
  return { user, sheet };
}

describe("CourtCard", () => {
  it("shows each side's predicted chance when the ladder rates everyone on court, and none otherwise", () => {
    mockApi();
    const rated = playing({ game: { ...playing().game!, chanceA: 62 } });
    const { unmount } = renderWithApp(<CourtCard court={rated} orgId={ORG_ID} canManage={false} />);
    expect(screen.getByTestId("win-chance").textContent).toBe("62–38% to win");
    unmount();
    // Not on the TV: read from across a gym, the card keeps to names.
    const tv = renderWithApp(<CourtCard court={rated} orgId={ORG_ID} canManage={false} large />);
    expect(screen.queryByTestId("win-chance")).toBeNull();
    tv.unmount();
    renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage={false} />);
    expect(screen.queryByTestId("win-chance")).toBeNull();
  });

  it("shows every player's whole name, the two teams apart, and who is up next", () => {
    mockApi();
    renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage={false} />);
    const card = screen.getByTestId("court");
    expect(within(card).getByText("Court 3")).toBeTruthy();
    expect(within(card).getByText("Playing")).toBeTruthy();
    const shown = within(card).getAllByTestId("court-player");
    expect(shown.map((el) => el.textContent)).toEqual(names([...teamA, ...teamB]));
    const nextUp = within(card).getByText("Next Up").nextElementSibling;
    expect(nextUp?.textContent).toBe("Cal Chen · Dee Dupont");
  });

  it("says a playing court's next group is chosen when its game ends, not that it waits for players", () => {
    mockApi();
    const { unmount } = renderWithApp(
      <CourtCard court={playing({ nextUp: [] })} orgId={ORG_ID} canManage={false} />,
    );
    const nextUp = () => screen.getByText("Next Up").nextElementSibling?.textContent;
    expect(nextUp()).toBe("Chosen from the line when this game ends");
    unmount();
    renderWithApp(
      <CourtCard
        court={playing({ status: "idle", game: null, nextUp: [] })}
        orgId={ORG_ID}
        canManage={false}
      />,
    );
    expect(nextUp()).toBe("Waiting for players");
  });

  it("says so for king of the court, whose courts fill when the whole round is scored", () => {
    mockApi();
    renderWithApp(<CourtCard court={playing({ nextUp: [] })} orgId={ORG_ID} canManage={false} inRounds />);
    expect(screen.getByText("Next Up").nextElementSibling?.textContent).toBe("Chosen when the round ends");
  });

  it("marks a called player who answered 'on my way'", () => {
    mockApi();
    renderWithApp(<CourtCard court={playing({ answered: ["r2"] })} orgId={ORG_ID} canManage={false} />);
    const [, bo] = screen.getAllByTestId("court-player");
    expect(within(bo!).getByTestId("on-the-way")).toBeTruthy();
    expect(screen.getAllByTestId("on-the-way")).toHaveLength(1);
  });

  it("marks an answer once, on the game, for a player also in the court's next group", () => {
    // Few players: those on court now go back on after this game, and the engine says so.
    mockApi();
    const court = playing({ answered: ["r2"], nextUp: [], comingOff: 3 });
    renderWithApp(<CourtCard court={court} orgId={ORG_ID} canManage={false} />);
    const [, bo] = screen.getAllByTestId("court-player");
    expect(within(bo!).getByTestId("on-the-way")).toBeTruthy();
    expect(screen.getAllByTestId("on-the-way")).toHaveLength(1);
  });

  it("names those waiting in the next group and counts those still on a court", () => {
    // Played forward, the group holds one waiting, one back on from this game and one off another court.
    mockApi();
    const nextUp = [{ registrationId: "r5", name: "Cal Chen" }];
    const { unmount } = renderWithApp(
      <CourtCard court={playing({ nextUp, comingOff: 2 })} orgId={ORG_ID} canManage={false} />,
    );
    const group = () => screen.getByText("Next Up").nextElementSibling?.textContent;
    expect(group()).toBe("Cal Chen + 2 coming off court");
    unmount();
    // A group all of players on court is no one's to name yet.
    renderWithApp(
      <CourtCard court={playing({ nextUp: [], comingOff: 4 })} orgId={ORG_ID} canManage={false} />,
    );
    expect(group()).toBe("Chosen from the line when this game ends");
  });

  it("offers Record Score to those who manage the board, and to nobody else", () => {
    mockApi();
    const { unmount } = renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage={false} />);
    expect(screen.queryByRole("button", { name: "Record Score" })).toBeNull();
    unmount();
    renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage />);
    expect(screen.getByRole("button", { name: "Record Score" })).toBeTruthy();
  });

  it("asks before cancelling a game, and cancels only when told to", async () => {
    const cancelPath = `POST /api/orgs/${ORG_ID}/board/games/${GAME_ID}/cancel`;
    const api = mockApi({ [cancelPath]: { version: 9 } });
    const user = userEvent.setup();
    renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage />);
    await user.click(screen.getByRole("button", { name: "More for Court 3" }));
    await user.click(screen.getByRole("button", { name: "Cancel Game" }));
    const asked = await screen.findByRole("dialog", { name: "Cancel the game on Court 3?" });
    expect(asked.textContent).toContain("Its 4 players go back to the front of the line");
    await user.click(within(asked).getByRole("button", { name: "Keep Playing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.sent(cancelPath)).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "More for Court 3" }));
    await user.click(screen.getByRole("button", { name: "Cancel Game" }));
    const again = await screen.findByRole("dialog", { name: "Cancel the game on Court 3?" });
    await user.click(within(again).getByRole("button", { name: "Cancel Game" }));
    await waitFor(() => expect(api.sent(cancelPath)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the rarer actions behind More, beside the one wide Record Score", async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage />);
    const controls = screen.getByTestId("court-controls");
    // On the card: Record Score and More, nothing else.
    expect(
      within(controls)
        .getAllByRole("button")
        .map((b) => b.textContent?.trim()),
    ).toEqual(["Record Score", "More"]);
    const more = screen.getByRole("button", { name: "More for Court 3" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await user.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(
      within(screen.getByTestId("court-more"))
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Cancel Game", "Take Out of Play"]);
    // Escape closes it, as a menu does.
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("court-more")).toBeNull();
  });

  it("gives focus back to More when its menu or the question it opened closes", async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(<CourtCard court={playing()} orgId={ORG_ID} canManage />);
    const more = screen.getByRole("button", { name: "More for Court 3" });
    await user.click(more);
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(more);

    await user.click(more);
    await user.click(screen.getByRole("button", { name: "Cancel Game" }));
    const asked = await screen.findByRole("dialog", { name: "Cancel the game on Court 3?" });
    await user.click(within(asked).getByRole("button", { name: "Keep Playing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(more);
  });

  it("closes the menu when focus tabs out of it", async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(
      <>
        <CourtCard court={playing()} orgId={ORG_ID} canManage />
        <button type="button">The next card</button>
      </>,
    );
    await user.click(screen.getByRole("button", { name: "More for Court 3" }));
    expect(screen.getByTestId("court-more")).toBeTruthy();
    // More, then its two items, then out to the next card.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.queryByTestId("court-more")).toBeNull();
  });

  it("does not carry a cancel question over to the court's next game", async () => {
    mockApi();
    const user = userEvent.setup();
    renderWithApp(<LiveCourt />);
    await user.click(screen.getByRole("button", { name: "More for Court 3" }));
    await user.click(screen.getByRole("button", { name: "Cancel Game" }));
    await screen.findByRole("dialog", { name: "Cancel the game on Court 3?" });
    // Another organizer scores it, and the next four go on.
    act(() => showCourt(playing({ status: "idle", game: null })));
    act(() =>
      showCourt(playing({ game: { ...playing().game!, id: "9d5f0c6e-2b1a-4c3d-8e7f-6a5b4c3d2e1f" } })),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows what a kept-free or out-of-play court needs next, and its one rarer action as a button", () => {
    mockApi();
    const { unmount } = renderWithApp(
      <CourtCard court={playing({ status: "idle", game: null, held: true })} orgId={ORG_ID} canManage />,
    );
    const labels = () =>
      within(screen.getByTestId("court-controls"))
        .getAllByRole("button")
        .map((b) => b.textContent?.trim());
    // Kept free: start it; taking it out is the one other thing to do. Nobody is next until then.
    expect(labels()).toEqual(["Start Next Game", "Take Out of Play"]);
    expect(screen.getByText("Kept free: nobody goes on until you start it.")).toBeTruthy();
    expect(screen.getByText("Next Up").closest("div")!.hidden).toBe(true);
    unmount();
    renderWithApp(
      <CourtCard court={playing({ status: "unavailable", game: null })} orgId={ORG_ID} canManage />,
    );
    expect(labels()).toEqual(["Bring Back"]);
  });

  it("asks before calling the next group to a court whose called players have not answered", async () => {
    const nextGroupPath = `POST /api/orgs/${ORG_ID}/board/games/${GAME_ID}/next-group`;
    const api = mockApi({ [nextGroupPath]: { version: 8 } });
    const user = userEvent.setup();
    // Called three minutes ago; Bo Li has not tapped On My Way.
    const called = playing({
      game: { ...playing().game!, startedAt: new Date(Date.now() - 180_000).toISOString() },
      awaiting: ["r2"],
    });
    renderWithApp(<CourtCard court={called} orgId={ORG_ID} canManage callTimeoutMinutes={2} />);
    expect(screen.getByTestId("not-all-here").textContent).toContain("No “On My Way” after 2 min: Bo Li");
    const instead = screen.getByRole("button", { name: "Call Next Group Instead" });
    await user.click(instead);
    const asked = await screen.findByRole("dialog", { name: "Call the next group to Court 3?" });
    await user.click(within(asked).getByRole("button", { name: "Keep Waiting" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(instead);
    expect(api.sent(nextGroupPath)).toEqual([]);

    await user.click(instead);
    const again = await screen.findByRole("dialog", { name: "Call the next group to Court 3?" });
    await user.click(within(again).getByRole("button", { name: "Call Next Group" }));
    await waitFor(() => expect(api.sent(nextGroupPath)).toHaveLength(1));
  });

  it("says a court's format changes from the next game, not that four are playing singles", () => {
    mockApi();
    const oneASide = { ...playing().game!, teamA: teamA.slice(0, 1), teamB: teamB.slice(0, 1) };
    const badgeOf = (court: BoardCourt) => {
      const { unmount } = renderWithApp(<CourtCard court={court} orgId={ORG_ID} canManage={false} />);
      const text = screen.queryByTestId("court-format")?.textContent ?? null;
      unmount();
      return text;
    };
    expect(badgeOf(playing({ singles: true }))).toBe("Singles next");
    expect(badgeOf(playing({ singles: true, game: oneASide }))).toBe("Singles");
    expect(badgeOf(playing({ game: oneASide }))).toBe("Doubles next");
    expect(badgeOf(playing())).toBeNull();
  });

  it("has no score action on a free court", () => {
    mockApi();
    renderWithApp(<CourtCard court={playing({ status: "idle", game: null })} orgId={ORG_ID} canManage />);
    expect(screen.getByText("Free court.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Record Score" })).toBeNull();
  });

  it("says why a free court stays free at the night's last call", () => {
    mockApi();
    renderWithApp(
      <CourtCard
        court={playing({ status: "idle", game: null, keptForTheEnd: true })}
        orgId={ORG_ID}
        canManage
      />,
    );
    expect(
      screen.getByText(/^Done for tonight: a game here would end its players two games ahead/),
    ).toBeTruthy();
    expect(screen.queryByText("Free court.")).toBeNull();
  });

  it("says a free court waits for the next so the group who just played together mix", () => {
    mockApi();
    renderWithApp(
      <CourtCard
        court={playing({ status: "idle", game: null, waitingToMix: true })}
        orgId={ORG_ID}
        canManage
      />,
    );
    expect(screen.getByText("Mixing")).toBeTruthy();
    expect(
      screen.getByText(
        /^Starts when the next court frees: the four waiting have partnered each other every way/,
      ).textContent,
    ).toMatch(/ Fill Courts starts it now\.$/);
    // Nobody is shown up next there: the four are up next where the next court frees.
    expect(screen.getByText("Next Up").closest("div")!.hidden).toBe(true);
    expect(screen.queryByText("Free court.")).toBeNull();
  });
});

describe("the score sheet", () => {
  it("lists each team's players one whole name an item", async () => {
    mockApi();
    const { sheet } = await openScoreSheet();
    for (const [side, players] of [
      ["A", teamA],
      ["B", teamB],
    ] as const) {
      const team = within(sheet).getByRole("region", { name: `Team ${side}` });
      const items = within(team).getAllByRole("listitem");
      expect(items.map((li) => li.textContent)).toEqual(names(players));
      // Each name is one text node in its item, not a letter or a word an element.
      for (const li of items) expect(li.childElementCount).toBe(0);
    }
  });

  it("records the side tapped as the winner, with no points, and closes", async () => {
    const api = mockApi({ [scorePath]: { version: 8 } });
    const { user, sheet } = await openScoreSheet();
    await user.click(within(sheet).getByRole("button", { name: "Team B won" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.sent(scorePath)).toEqual([{ winner: "B" }]);
  });

  it("offers Undo naming the winners, not a side only the sheet calls A or B", async () => {
    mockApi({ [scorePath]: { version: 8 } });
    const user = userEvent.setup();
    renderWithApp(
      <>
        <CourtCard court={playing()} orgId={ORG_ID} canManage />
        <RecentSummary />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Record Score" }));
    const sheet = await screen.findByRole("dialog", { name: "Score for Court 3" });
    await user.type(within(sheet).getByLabelText("Team A points (optional)"), "8");
    await user.type(within(sheet).getByLabelText("Team B points (optional)"), "11");
    await user.click(within(sheet).getByRole("button", { name: "Team B won" }));
    await waitFor(() =>
      expect(screen.getByTestId("recent").textContent).toBe(
        "Court 3: Oluwaseun Adebayo-Okonkwo & Ana María de la Cruz won 8-11",
      ),
    );
    act(() => withdrawUndo());
  });

  it("sends the points typed with the winner", async () => {
    const api = mockApi({ [scorePath]: { version: 8 } });
    const { user, sheet } = await openScoreSheet();
    await user.type(within(sheet).getByLabelText("Team A points (optional)"), "11");
    await user.type(within(sheet).getByLabelText("Team B points (optional)"), "7");
    await user.click(within(sheet).getByRole("button", { name: "Team A won" }));
    expect(api.sent(scorePath)).toEqual([{ winner: "A", scoreA: 11, scoreB: 7 }]);
  });

  it.each([
    { a: "11", b: "", tap: "A", message: "Enter both scores, or none" },
    { a: "9", b: "9", tap: "A", message: "A game has a winner: the scores cannot be equal" },
    { a: "5", b: "11", tap: "A", message: "The winning side has the higher score" },
  ] as const)("refuses points $a to $b won by $tap: $message", async ({ a, b, tap, message }) => {
    // The words are the shared contract's, not the sheet's own.
    const body = { winner: tap, scoreA: a ? Number(a) : undefined, scoreB: b ? Number(b) : undefined };
    expect(scoreBody.safeParse(body).error?.issues[0]?.message).toBe(message);
    const api = mockApi({ [scorePath]: { version: 8 } });
    const { user, sheet } = await openScoreSheet();
    if (a) await user.type(within(sheet).getByLabelText("Team A points (optional)"), a);
    if (b) await user.type(within(sheet).getByLabelText("Team B points (optional)"), b);
    await user.click(within(sheet).getByRole("button", { name: `Team ${tap} won` }));
    expect(within(sheet).getByRole("alert").textContent).toBe(message);
    expect(api.sent(scorePath)).toEqual([]);
  });

  it("steps the points with - and + between empty and 99", async () => {
    mockApi();
    const { user, sheet } = await openScoreSheet();
    const points = within(sheet).getByLabelText("Team B points (optional)") as HTMLInputElement;
    const more = within(sheet).getByRole("button", { name: "One point more for team B" });
    const less = within(sheet).getByRole("button", { name: "One point less for team B" });
    await user.click(more);
    await user.click(more);
    expect(points.value).toBe("2");
    await user.click(less);
    await user.click(less);
    await user.click(less);
    expect(points.value).toBe("");
    await user.type(points, "98");
    await user.click(more);
    await user.click(more);
    expect(points.value).toBe("99");
  });
});
