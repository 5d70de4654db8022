import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Household } from "../../../shared/contracts/memberships.js";
import { mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { HouseholdCard } from "./household-card.js";

const SAM_ROW = "6f1c1a52-8d8e-4f4c-9a51-2f0b4a3c9d11";
const invited: Household = {
  limit: 3,
  payer: false,
  invitedBy: "Pat Parent",
  people: [
    {
      id: "0b6a4f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
      userId: "pat",
      name: "Pat Parent",
      role: "payer",
      birthYear: null,
      accepted: true,
    },
    { id: SAM_ROW, userId: "sam", name: "Sam Spouse", role: "adult", birthYear: null, accepted: false },
  ],
};

describe("HouseholdCard, for an adult invited into a household", () => {
  it("declines the invitation with the row that is theirs, and is told so", async () => {
    const api = mockApi({
      [`GET /api/orgs/${ORG_ID}/household`]: invited,
      [`DELETE /api/orgs/${ORG_ID}/household/${SAM_ROW}`]: {
        limit: null,
        people: [],
        payer: false,
        invitedBy: null,
      },
    });
    const user = userEvent.setup();
    renderWithApp(<HouseholdCard orgId={ORG_ID} myUserId="sam" />);
    expect(await screen.findByText(/Pat Parent invited you into their household/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Accept" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Invitation declined")).toBeTruthy();
    expect(api.requests.some((r) => r.method === "DELETE" && r.path.endsWith(`/household/${SAM_ROW}`))).toBe(
      true,
    );
  });
});
