import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Member } from "../../../shared/contracts/members.js";
import { mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { MembershipActions } from "./membership-actions.js";

const members = `GET /api/orgs/${ORG_ID}/members`;
const transfer = `POST /api/orgs/${ORG_ID}/transfer-ownership`;
const member = (userId: string, name: string, email: string): Member => ({
  userId,
  name,
  email,
  role: "member",
  joinedAt: "2026-01-01T00:00:00.000Z",
});

describe("MembershipActions, for the owner", () => {
  it("finds the new owner on the server by what is typed, never reading the whole club, and hands the club over", async () => {
    // The server does the searching: the stub answers what a search for "ana" finds.
    const api = mockApi({
      [members]: {
        members: [
          member("user-1", "Olive Owner", "olive@example.com"),
          member("user-2", "Ana Alvarez", "ana@example.com"),
        ],
        next: null,
        total: 2,
      },
      [transfer]: {},
    });
    const user = userEvent.setup();
    renderWithApp(<MembershipActions orgId={ORG_ID} clubName="Dink Club" myRole="owner" myUserId="user-1" />);
    // Nothing is read before the owner looks for someone.
    expect(api.requests.filter((r) => r.path.startsWith(members.slice(4)))).toEqual([]);
    expect(screen.getByRole("button", { name: "Transfer Ownership" }).hasAttribute("disabled")).toBe(true);

    await user.type(screen.getByRole("textbox", { name: "New owner" }), "ana");
    const found = screen.getByRole("list", { name: "Matching members" });
    const ana = await within(found).findByRole("button", { name: /Ana Alvarez/ });
    // The owner is not offered to themselves; each line says whose address it is.
    expect(within(found).queryByRole("button", { name: /Olive Owner/ })).toBeNull();
    expect(ana.textContent).toContain("ana@example.com");
    const searches = api.requests.map((r) => r.path).filter((path) => path.includes("/members?"));
    expect(searches.at(-1)).toContain("q=ana");
    // A small page: a thumb's worth of names, never the club's two thousand.
    expect(searches.every((path) => /limit=\d{1,2}(&|$)/.test(path))).toBe(true);

    await user.click(ana);
    expect(screen.getByTestId("new-owner-chosen").textContent).toBe("Ana Alvarez");
    await user.click(screen.getByRole("button", { name: "Transfer Ownership" }));
    const confirm = await screen.findByRole("dialog", { name: "Transfer ownership?" });
    expect(confirm.textContent).toContain("Ana Alvarez gets full control");
    await user.click(within(confirm).getByRole("button", { name: "Transfer" }));
    expect(await screen.findByText("Ownership transferred")).toBeTruthy();
    expect(api.sent(transfer)).toEqual([{ userId: "user-2" }]);
  });
});
