import { screen, waitFor, within } from "@testing-library/react";
import { type UserEvent, userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { LOTTERY } from "../../../shared/contracts/session-form.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { messages } from "../../../shared/domain/messages.js";
import { fieldError, mockApi, ORG_ID, renderWithApp, sessionView } from "../../test/harness.js";
import { CreateSessionDialog } from "./create-session-dialog.js";

const v = messages.validation;
const create = `POST /api/orgs/${ORG_ID}/sessions`;
const SESSION_ID = "5b2c1f0e-8d7a-4c3b-9e1f-0a1b2c3d4e5f";
// The answer is read through the contract, so the series' second session needs a real id too.
const NEXT_WEEK_ID = "6c2d1e0f-8d7a-4c3b-9e1f-0a1b2c3d4e5f";

const subscription: SubscriptionCheck = {
  subscribed: true,
  plan: "basic",
  product_id: null,
  subscription_end: null,
  trial_expired: false,
  trial_ends_at: "2030-01-01T00:00:00.000Z",
};

/** The club's billing, as the dialog reads it when it opens. */
function clubApi(
  options: { charges?: boolean; trialExpired?: boolean; routes?: Record<string, unknown> } = {},
) {
  const sub = { ...subscription, trial_expired: options.trialExpired ?? false };
  return mockApi({
    [`POST /api/orgs/${ORG_ID}/subscription/refresh`]: sub,
    [`GET /api/orgs/${ORG_ID}/subscription`]: sub,
    [`GET /api/orgs/${ORG_ID}/payout-account`]: {
      connected: true,
      details_submitted: true,
      charges_enabled: options.charges ?? true,
    },
    ...options.routes,
  });
}

const existing: Session = sessionView({
  id: SESSION_ID,
  description: "All levels",
  paymentRequired: true,
  paymentAmount: 1250,
  refundCutoffHours: 12,
  capacity: 16,
  skillMin: 3,
  skillMax: 4.5,
  registeredCount: 3,
});

async function openDialog(session?: Session) {
  const user = userEvent.setup();
  renderWithApp(<CreateSessionDialog orgId={ORG_ID} timeZone="America/Chicago" session={session} />);
  await user.click(screen.getByRole("button", { name: session ? "Edit Session" : "Create Session" }));
  const dialog = await screen.findByRole("dialog", { name: session ? "Edit Session" : "Create Session" });
  return { user, dialog };
}

async function fill(user: UserEvent, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe("CreateSessionDialog", () => {
  it("marks the missing name and times with the contract's messages and sends nothing", async () => {
    const api = clubApi();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Create Session" }));

    expect(fieldError("Session name")).toBe(v.sessionNameRequired);
    expect(fieldError("Start")).toBe(v.startRequired);
    expect(fieldError("End")).toBe(v.endRequired);
    expect(fieldError("Capacity")).toBeNull();
    expect(await screen.findByText(messages.toasts.validationError)).toBeTruthy();
    expect(screen.getByText(v.sessionNameRequired, { selector: "[data-description]" })).toBeTruthy();
    expect(api.sent(create)).toEqual([]);
  });

  it("marks times out of order, a capacity, skills and weeks out of range", async () => {
    const api = clubApi();
    const { user } = await openDialog();
    await fill(user, "Session name", "Tuesday: Open Play");
    await fill(user, "Start", "2026-12-01T20:00");
    await fill(user, "End", "2026-12-01T18:00");
    await fill(user, "Capacity", "600");
    await fill(user, "Skill from", "5");
    await fill(user, "Skill to", "3");
    await fill(user, "Repeat weekly", "60");
    await user.click(screen.getByRole("button", { name: "Create Session" }));

    expect(fieldError("Session name")).toBeNull();
    expect(fieldError("End")).toBe(v.endAfterStart);
    expect(fieldError("Capacity")).toBe(v.capacityRange);
    expect(fieldError("Skill to")).toBe(v.skillRange);
    expect(fieldError("Repeat weekly")).toBe(v.repeatRange);
    expect(api.sent(create)).toEqual([]);
  });

  it("refuses a session name with characters outside the contract's set", async () => {
    clubApi();
    const { user } = await openDialog();
    await fill(user, "Session name", "Open <Play>");
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    expect(fieldError("Session name")).toBe(v.sessionNameCharacters);
  });

  it("creates weekly sessions at wall times on the club's clock", async () => {
    const api = clubApi({
      routes: { [create]: { sessions: [existing, { ...existing, id: NEXT_WEEK_ID }] } },
    });
    const { user } = await openDialog();
    await fill(user, "Session name", "  Tuesday Open Play ");
    await fill(user, "Start", "2026-12-01T18:00");
    await fill(user, "End", "2026-12-01T20:00");
    await fill(user, "Capacity", "16");
    await fill(user, "Skill from", "3");
    await fill(user, "Skill to", "4.5");
    await fill(user, "Repeat weekly", "2");
    await fill(user, "Description", "Bring water");
    await user.selectOptions(screen.getByLabelText("Teams"), "Mixed doubles");
    await user.click(screen.getByRole("switch", { name: /Members only/ }));
    await user.click(screen.getByRole("button", { name: "Create Session" }));

    expect(await screen.findByText("2 weekly sessions created.")).toBeTruthy();
    expect(api.sent(create)).toEqual([
      {
        name: "Tuesday Open Play",
        // 18:00 in Chicago in December is 00:00 UTC the next day (CST, UTC-6).
        startsAt: "2026-12-02T00:00:00.000Z",
        endsAt: "2026-12-02T02:00:00.000Z",
        paymentRequired: false,
        capacity: 16,
        refundCutoffHours: 24,
        skillMin: 3,
        skillMax: 4.5,
        description: "Bring water",
        teams: "mixed",
        membersOnly: true,
        repeatWeeks: 2,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("opens registration later and draws places by lottery, checking the order of the times", async () => {
    const api = clubApi({ routes: { [create]: { sessions: [existing] } } });
    const { user } = await openDialog();
    await fill(user, "Session name", "Popular Night");
    await fill(user, "Start", "2026-12-10T18:00");
    await fill(user, "End", "2026-12-10T20:00");
    await fill(user, "Registration opens", "2026-12-07T09:00");
    expect(screen.queryByLabelText("Draw at")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Draw places by lottery" }));
    await fill(user, "Draw at", "2026-12-07T08:00");
    await fill(user, "Assure a place after (lost draws)", "3");
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    expect(fieldError("Draw at")).toBe(LOTTERY.drawAfterOpening);
    expect(api.sent(create)).toEqual([]);

    await fill(user, "Draw at", "2026-12-08T09:00");
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    await waitFor(() => expect(api.sent(create)).toHaveLength(1));
    expect(api.sent(create)[0]).toMatchObject({
      // 9:00 in Chicago in December is 15:00 UTC.
      registrationOpensAt: "2026-12-07T15:00:00.000Z",
      lotteryDrawAt: "2026-12-08T15:00:00.000Z",
      lotteryLookbackDays: 60,
      lotteryGuaranteeAfter: 3,
    });
  });

  it("checks a paid session's price and refund window, then sends them", async () => {
    const api = clubApi({ routes: { [create]: { sessions: [existing] } } });
    const { user } = await openDialog();
    await fill(user, "Session name", "Paid Night");
    await fill(user, "Start", "2026-12-01T18:00");
    await fill(user, "End", "2026-12-01T20:00");
    await user.click(screen.getByRole("switch", { name: "Requires payment" }));
    await fill(user, "Price per player (USD)", "0.25");
    await fill(user, "Refunds until (hours before the start)", "200");
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    expect(fieldError("Price per player (USD)")).toBe(v.amountTooSmall);
    expect(fieldError("Refunds until (hours before the start)")).toBe(v.refundCutoffRange);
    expect(api.sent(create)).toEqual([]);

    await fill(user, "Price per player (USD)", "12.50");
    await fill(user, "Refunds until (hours before the start)", "48");
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    expect(await screen.findByText(messages.sessions.created)).toBeTruthy();
    expect(api.sent(create)).toEqual([
      {
        name: "Paid Night",
        startsAt: "2026-12-02T00:00:00.000Z",
        endsAt: "2026-12-02T02:00:00.000Z",
        paymentRequired: true,
        paymentAmount: "12.50",
        refundCutoffHours: 48,
        teams: "open",
        membersOnly: false,
        repeatWeeks: 1,
      },
    ]);
  });

  it("keeps the switch off, and says why, while the payout account takes no charges", async () => {
    clubApi({ charges: false });
    await openDialog();
    const paid = await screen.findByRole("switch", { name: "Requires payment" });
    await waitFor(() => expect((paid as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId("paid-needs-payouts").textContent).toContain(
      "Paid sessions need a payout account that can take charges.",
    );
  });

  it("offers the upgrade instead of the form once the trial is over", async () => {
    clubApi({ trialExpired: true });
    const user = userEvent.setup();
    renderWithApp(<CreateSessionDialog orgId={ORG_ID} timeZone="America/Chicago" />);
    await user.click(screen.getByRole("button", { name: "Create Session" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Session" });
    expect(await within(dialog).findByText(messages.dashboard.trialExpired)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Upgrade Now" })).toBeTruthy();
    expect(within(dialog).queryByLabelText("Session name")).toBeNull();
  });

  it("edits a session in place: its values filled in, no repeat, sent with PUT", async () => {
    const update = `PUT /api/orgs/${ORG_ID}/sessions/${SESSION_ID}`;
    const api = clubApi({ routes: { [update]: existing } });
    const { user } = await openDialog(existing);
    expect((screen.getByLabelText("Start") as HTMLInputElement).value).toBe("2026-12-01T18:00");
    expect((screen.getByLabelText("Price per player (USD)") as HTMLInputElement).value).toBe("12.50");
    expect(screen.queryByLabelText("Repeat weekly")).toBeNull();
    await fill(user, "Capacity", "20");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Session updated")).toBeTruthy();
    expect(api.sent(update)).toEqual([
      {
        name: "Tuesday Open Play",
        startsAt: "2026-12-02T00:00:00.000Z",
        endsAt: "2026-12-02T02:00:00.000Z",
        paymentRequired: true,
        paymentAmount: "12.50",
        capacity: 20,
        refundCutoffHours: 12,
        skillMin: 3,
        skillMax: 4.5,
        description: "All levels",
        // No window and no lottery: only the lottery's lookback, kept as it was.
        lotteryLookbackDays: 60,
        teams: "open",
        membersOnly: false,
      },
    ]);
  });

  it("under way, shows the board's team rule without offering it, and leaves it to the board", async () => {
    const update = `PUT /api/orgs/${ORG_ID}/sessions/${SESSION_ID}`;
    const live: Session = { ...existing, status: "active", teams: "separate" };
    const api = clubApi({ routes: { [update]: live } });
    const { user } = await openDialog(live);
    const teams = screen.getByLabelText("Teams") as HTMLSelectElement;
    expect(teams.value).toBe("separate");
    expect(teams.disabled).toBe(true);
    expect(screen.getByText("The session is under way: change it on the court board.")).toBeTruthy();
    await fill(user, "Capacity", "20");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Session updated")).toBeTruthy();
    expect(api.sent(update)).toEqual([expect.objectContaining({ capacity: 20 })]);
    expect(api.sent(update)[0]).not.toHaveProperty("teams");
  });
});
