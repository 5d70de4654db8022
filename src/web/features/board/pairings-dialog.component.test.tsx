import { screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { boardView, mockApi, ORG_ID, queued, renderWithApp } from "../../test/harness.js";
import { PairingsButton } from "./pairings-dialog.js";

const settings = `PUT /api/orgs/${ORG_ID}/board/settings`;
const ana = { registrationId: "a1b2c3d4-0000-4000-8000-000000000001", name: "Ana Alvarez" };
const ben = { registrationId: "a1b2c3d4-0000-4000-8000-000000000002", name: "Ben Brooks" };
const cal = { registrationId: "a1b2c3d4-0000-4000-8000-000000000003", name: "Cal Chen" };

const board = boardView({
  pairings: { together: [[ana, ben]], apart: [] },
  queue: [queued(ana, 1), queued(ben, 2), queued(cal, 3)],
  stats: { waiting: 3, joiningWait: null, averageWaitMinutes: null, activePlayers: 3, inEvent: 0 },
});

async function openDialog() {
  const user = userEvent.setup();
  renderWithApp(<PairingsButton board={board} orgId={ORG_ID} />);
  await user.click(screen.getByRole("button", { name: "Pairings (1)" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Pairings" }) };
}

describe("PairingsButton", () => {
  it("lists the pairings the board holds", async () => {
    mockApi();
    const { dialog } = await openDialog();
    expect(within(dialog).getByTestId("pairings").textContent).toContain(
      "Always partners: Ana Alvarez & Ben Brooks",
    );
  });

  it("refuses a player paired with themself", async () => {
    const api = mockApi({ [settings]: { version: 8 } });
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText("First player"), "Cal Chen");
    await user.selectOptions(within(dialog).getByLabelText("Second player"), "Cal Chen");
    await user.click(within(dialog).getByRole("button", { name: "Add Pairing" }));
    expect(await screen.findByText("Choose two different players.")).toBeTruthy();
    expect(api.sent(settings)).toEqual([]);
  });

  it("adds a pair kept apart to the pairings already held", async () => {
    const api = mockApi({ [settings]: { version: 8 } });
    const { user, dialog } = await openDialog();
    await user.selectOptions(within(dialog).getByLabelText("First player"), "Ben Brooks");
    await user.selectOptions(within(dialog).getByLabelText("Second player"), "Cal Chen");
    await user.selectOptions(within(dialog).getByLabelText("Kind"), "Never partners");
    await user.click(within(dialog).getByRole("button", { name: "Add Pairing" }));
    await waitFor(() =>
      expect(api.sent(settings)).toEqual([
        {
          mode: "fair",
          pairings: {
            together: [[ana.registrationId, ben.registrationId]],
            apart: [[ben.registrationId, cal.registrationId]],
          },
        },
      ]),
    );
  });

  it("removes a pairing", async () => {
    const api = mockApi({ [settings]: { version: 8 } });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Remove Ana Alvarez and Ben Brooks" }));
    await waitFor(() =>
      expect(api.sent(settings)).toEqual([{ mode: "fair", pairings: { together: [], apart: [] } }]),
    );
  });
});
