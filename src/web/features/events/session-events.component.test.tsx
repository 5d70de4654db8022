import { screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { mockApi, ORG_ID, renderWithApp, sessionView } from "../../test/harness.js";
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
