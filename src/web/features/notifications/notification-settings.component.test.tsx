import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { NotificationPreferences } from "../../../shared/contracts/notifications.js";
import { club, me, mockApi, renderWithApp } from "../../test/harness.js";
import { NotificationSettings } from "./notification-settings.js";

const saved: NotificationPreferences = {
  session_reminders: true,
  court_up_next: true,
  match_results: true,
  weekly_summary: true,
  waitlist_notifications: true,
  night_receipt: false,
  called_to_court: true,
  join_requests: true,
  membership_dues: true,
};
const url = "/api/me/notification-preferences";

describe("NotificationSettings", () => {
  it("gives the owner or an admin a switch for join request emails, on by default, that saves", async () => {
    const api = mockApi({ [`GET ${url}`]: saved, [`PUT ${url}`]: (body: unknown) => body });
    const user = userEvent.setup();
    renderWithApp(<NotificationSettings />);
    const joinRequests = await screen.findByRole("switch", { name: /Join requests/ });
    await waitFor(() => expect(joinRequests.getAttribute("aria-checked")).toBe("true"));
    await user.click(joinRequests);
    await waitFor(() => expect(api.sent(`PUT ${url}`)).toEqual([{ ...saved, join_requests: false }]));
  });

  it("gives everyone a switch for their membership dues emails, that saves", async () => {
    const api = mockApi({ [`GET ${url}`]: saved, [`PUT ${url}`]: (body: unknown) => body });
    const user = userEvent.setup();
    renderWithApp(<NotificationSettings />);
    const dues = await screen.findByRole("switch", { name: /Membership dues/ });
    await waitFor(() => expect(dues.getAttribute("aria-checked")).toBe("true"));
    await user.click(dues);
    await waitFor(() => expect(api.sent(`PUT ${url}`)).toEqual([{ ...saved, membership_dues: false }]));
  });

  it("shows no such switch to someone who reviews no club's requests", async () => {
    mockApi({ [`GET ${url}`]: saved });
    const player = { ...me, organizations: [{ ...club, role: "organizer" as const }] };
    renderWithApp(<NotificationSettings />, { as: player });
    expect(await screen.findByRole("switch", { name: /Weekly summary/ })).toBeTruthy();
    expect(screen.queryByRole("switch", { name: /Join requests/ })).toBeNull();
  });
});
