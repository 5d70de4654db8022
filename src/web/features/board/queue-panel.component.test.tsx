import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { boardView, mockApi, ORG_ID, queued, renderWithApp } from "../../test/harness.js";
import { QueuePanel } from "./queue-panel.js";

const ana = { registrationId: "a1b2c3d4-0000-4000-8000-000000000001", name: "Ana Alvarez" };
const ben = { registrationId: "a1b2c3d4-0000-4000-8000-000000000002", name: "Ben Brooks" };

const board = boardView({
  queue: [queued(ana, 1), queued(ben, 2)],
  stats: { waiting: 2, joiningWait: null, averageWaitMinutes: null, activePlayers: 2, inEvent: 0 },
});

describe("QueuePanel", () => {
  it("moves a waiting player from their menu, which closes and gives focus back", async () => {
    const moved = `POST /api/orgs/${ORG_ID}/board/players/${ben.registrationId}`;
    const api = mockApi({ [moved]: { version: 8 } });
    const user = userEvent.setup();
    renderWithApp(<QueuePanel board={board} orgId={ORG_ID} timeZone="America/Chicago" />);
    // Each waits under their name.
    expect(screen.getAllByTestId("queue-wait").map((w) => w.textContent)).toEqual([
      "about 8-12 min",
      "about 8-12 min",
    ]);
    const menu = screen.getByRole("button", { name: "Actions for Ben Brooks" });
    await user.click(menu);
    await user.click(screen.getByRole("button", { name: "Move to front" }));
    await waitFor(() => expect(api.sent(moved)).toEqual([{ action: "front" }]));
    expect(screen.queryByRole("button", { name: "Move to front" })).toBeNull();
    expect(document.activeElement).toBe(menu);
  });

  it("closes a player's menu on a tap elsewhere, moving nobody", async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderWithApp(<QueuePanel board={board} orgId={ORG_ID} timeZone="America/Chicago" />);
    await user.click(screen.getByRole("button", { name: "Actions for Ana Alvarez" }));
    expect(screen.getByRole("button", { name: "Put on break" })).toBeTruthy();
    await user.click(screen.getByText("Waiting (2)"));
    expect(screen.queryByRole("button", { name: "Put on break" })).toBeNull();
    expect(api.requests.filter((r) => r.method === "POST")).toEqual([]);
  });
});
