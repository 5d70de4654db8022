import { screen, waitFor, within } from "@testing-library/react";
import { type UserEvent, userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Member } from "../../../shared/contracts/members.js";
import type { Registration } from "../../../shared/contracts/session-registrations.js";
import type { Session, SessionDetails } from "../../../shared/contracts/sessions.js";
import { messages } from "../../../shared/domain/messages.js";
import { mockApi, ORG_ID, renderWithApp, sessionView } from "../../test/harness.js";
import { WalkInsDialog } from "./walk-ins-dialog.js";

const SESSION_ID = "5b2c1f0e-8d7a-4c3b-9e1f-0a1b2c3d4e5f";
const bulk = `POST /api/orgs/${ORG_ID}/sessions/${SESSION_ID}/check-ins/bulk`;

const member = (userId: string, name: string): Member => ({
  userId,
  name,
  email: null,
  role: "member",
  joinedAt: "2026-01-01T00:00:00.000Z",
});

const session: Session = sessionView({ id: SESSION_ID, status: "active", registeredCount: 1 });

const place = (userId: string, name: string, checkedIn: boolean): Registration => ({
  id: "6c2d1e0f-8d7a-4c3b-9e1f-0a1b2c3d4e5f",
  userId,
  name,
  status: "registered",
  waitlistPosition: null,
  checkedIn,
  holdExpiresAt: null,
  broughtBy: null,
  guestOf: null,
});

const details: SessionDetails = {
  session,
  timeZone: "America/Chicago",
  registrations: [place("user-3", "Ben Brooks", true)],
  mine: null,
  checkInToken: null,
  guestRules: { allowed: false, perMonth: 2, price: null },
  planCodes: null,
};

function doorApi(routes: Record<string, unknown> = {}) {
  return mockApi({
    [`GET /api/orgs/${ORG_ID}/members`]: {
      members: [
        member("user-2", "Ana Alvarez"),
        member("user-3", "Ben Brooks"),
        member("user-4", "Cal Chen"),
      ],
      next: null,
      total: 3,
    },
    ...routes,
  });
}

async function openDialog() {
  const user = userEvent.setup();
  renderWithApp(<WalkInsDialog orgId={ORG_ID} data={details} />);
  await user.click(screen.getByRole("button", { name: "Add walk-ins" }));
  const dialog = await screen.findByRole("dialog", { name: "Add walk-ins" });
  await within(dialog).findByText("Cal Chen");
  return { user, dialog };
}

const paste = async (user: UserEvent, text: string) => {
  await user.click(screen.getByLabelText("Guests, one name per line"));
  await user.paste(text);
};
const lineProblems = () =>
  Array.from(document.querySelectorAll("#walk-in-names-problems li")).map((li) => li.textContent);

describe("WalkInsDialog", () => {
  it("lists only the members not yet checked in", async () => {
    doorApi();
    const { dialog } = await openDialog();
    const list = within(dialog).getByRole("list", { name: "Members not checked in" });
    expect(within(list).getAllByRole("checkbox")).toHaveLength(2);
    expect(within(list).queryByText("Ben Brooks")).toBeNull();
  });

  it("searches the members on the server, and keeps those ticked in view whatever is searched next", async () => {
    doorApi();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("checkbox", { name: "Ana Alvarez" }));
    // From here the server answers a search for "cle" with a member not listed before.
    const search = mockApi({
      [`GET /api/orgs/${ORG_ID}/members`]: { members: [member("user-5", "Cleo Cole")], next: null, total: 1 },
    });
    await user.type(within(dialog).getByLabelText("Members"), "cle");
    const list = within(dialog).getByRole("list", { name: "Members not checked in" });
    const rows = () =>
      within(list)
        .getAllByRole("checkbox")
        .map((box) => [box.closest("label")?.textContent, (box as HTMLInputElement).checked]);
    // Ana, ticked before, stays first and ticked; Cleo is what the server found.
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Ana Alvarez", true],
        ["Cleo Cole", false],
      ]),
    );
    expect(search.requests.some((r) => r.path.includes("/members?") && r.path.includes("q=cle"))).toBe(true);
    expect(within(dialog).getByTestId("walk-ins-total").textContent).toBe("0 guests + 1 member");
  });

  it("marks each bad line by its number with the contract's words, and sends nothing", async () => {
    const api = doorApi();
    const { user, dialog } = await openDialog();
    await paste(user, "Dee Dupont\n\nE\ndee  DUPONT");
    expect(within(dialog).getByTestId("names-count").textContent).toBe("3 names to add");
    await user.click(within(dialog).getByRole("button", { name: "Check in 3" }));

    expect(lineProblems()).toEqual([
      `Line 3: ${messages.validation.nameTooShort}`,
      "Line 4: This name is on an earlier line too",
    ]);
    expect(api.sent(bulk)).toEqual([]);

    // After the first try the list is checked as it is typed.
    await user.clear(screen.getByLabelText("Guests, one name per line"));
    await paste(user, "Dee Dupont\nEd Evans");
    expect(lineProblems()).toEqual([]);
  });

  it("checks in the pasted guests and the ticked members at once", async () => {
    const api = doorApi({ [bulk]: { checkedIn: 3, standingBy: 0 } });
    const { user, dialog } = await openDialog();
    await paste(user, "Dee Dupont\n\tEd\tEvans \n");
    await user.click(within(dialog).getByRole("checkbox", { name: "Cal Chen" }));
    expect(within(dialog).getByTestId("walk-ins-total").textContent).toBe("2 guests + 1 member");
    await user.click(within(dialog).getByRole("button", { name: "Check in 3" }));

    expect(await screen.findByText("3 players checked in")).toBeTruthy();
    expect(api.sent(bulk)).toEqual([{ guestNames: ["Dee Dupont", "Ed Evans"], memberIds: ["user-4"] }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("puts the server's refusal on the line it is about, and keeps the list", async () => {
    doorApi({
      [bulk]: {
        status: 409,
        body: {
          error: {
            code: "CHECK_IN_REFUSED",
            message: "Some walk-ins could not be checked in",
            issues: [{ path: ["body", "guestNames", "1"], message: "Already checked in" }],
          },
        },
      },
    });
    const { user, dialog } = await openDialog();
    await paste(user, "Dee Dupont\nBen Brooks");
    await user.click(within(dialog).getByRole("button", { name: "Check in 2" }));

    await waitFor(() => expect(lineProblems()).toEqual(["Line 2: Already checked in"]));
    expect(within(dialog).getByRole("alert").textContent).toBe("Some walk-ins could not be checked in");
    expect((screen.getByLabelText("Guests, one name per line") as HTMLTextAreaElement).value).toBe(
      "Dee Dupont\nBen Brooks",
    );
  });

  it("when the places run out, stands the rest by at the door on one more tap", async () => {
    const api = doorApi({
      [bulk]: (body: { standBy?: boolean }) =>
        body.standBy
          ? { checkedIn: 1, standingBy: 1 }
          : {
              status: 409,
              body: {
                error: {
                  code: "SESSION_FULL",
                  message: "The session is full: 2 places. Nobody was checked in.",
                  issues: [{ path: ["body", "guestNames", "1"], message: "No place left from here on" }],
                },
              },
            },
    });
    const { user, dialog } = await openDialog();
    await paste(user, "Dee Dupont\nEd Evans");
    await user.click(within(dialog).getByRole("button", { name: "Check in 2" }));
    await user.click(await within(dialog).findByRole("button", { name: "Stand the Rest By" }));

    expect(await screen.findByText("1 player checked in, 1 standing by for a place")).toBeTruthy();
    expect(api.sent(bulk)).toEqual([
      { guestNames: ["Dee Dupont", "Ed Evans"], memberIds: [] },
      { guestNames: ["Dee Dupont", "Ed Evans"], memberIds: [], standBy: true },
    ]);
  });
});
