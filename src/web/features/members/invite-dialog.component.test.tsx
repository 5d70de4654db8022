import { screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Invitation } from "../../../shared/contracts/members.js";
import { messages } from "../../../shared/domain/messages.js";
import { fieldError, mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { InviteDialog } from "./invite-dialog.js";

const invitations = `POST /api/orgs/${ORG_ID}/invitations`;
// The answer is read through the contract's schema: a whole invitation, as the server sends it.
const sent = (email: string, role: Invitation["role"]): Invitation => ({
  id: "00000000-0000-4000-8000-0000000000a1",
  email,
  role,
  invitedByName: "Olive Owner",
  createdAt: "2030-06-01T10:00:00.000Z",
  expiresAt: "2030-06-08T10:00:00.000Z",
});

async function openDialog(myRole: "owner" | "admin" = "owner") {
  const user = userEvent.setup();
  renderWithApp(<InviteDialog orgId={ORG_ID} myRole={myRole} />);
  await user.click(screen.getByRole("button", { name: "Invite Member" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Invite a member" }) };
}

describe("InviteDialog", () => {
  it("marks a bad address with the contract's message and sends nothing", async () => {
    const api = mockApi({ [invitations]: {} });
    const { user, dialog } = await openDialog();
    const email = within(dialog).getByLabelText("Email");
    await user.type(email, "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));

    const error = within(dialog).getByText(messages.validation.emailInvalid);
    expect(error.id).toBe("invite-email-error");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    // Read aloud with the field: it is described by its message.
    expect(fieldError("Email")).toBe(messages.validation.emailInvalid);
    // The first problem also goes up as the 'Validation Error' toast.
    expect(await screen.findByText(messages.toasts.validationError)).toBeTruthy();
    expect(api.sent(invitations)).toEqual([]);
  });

  it("sends the trimmed, lower-cased address and the chosen role, then closes", async () => {
    const api = mockApi({ [invitations]: sent("player@example.com", "organizer") });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Email"), "  Player@Example.COM ");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "organizer");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));

    expect(await screen.findByText("Invitation sent")).toBeTruthy();
    expect(screen.getByText("We emailed a join link to player@example.com.")).toBeTruthy();
    expect(api.sent(invitations)).toEqual([{ email: "player@example.com", role: "organizer" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("clears the mark once the address is fixed", async () => {
    const api = mockApi({ [invitations]: sent("ana@example.com", "member") });
    const { user, dialog } = await openDialog();
    const email = within(dialog).getByLabelText("Email");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(within(dialog).getByText(messages.validation.emailInvalid)).toBeTruthy();

    await user.type(email, "ana@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Invitation sent")).toBeTruthy();
    expect(api.sent(invitations)).toEqual([{ email: "ana@example.com", role: "member" }]);
  });

  it("offers the admin role to owners only", async () => {
    mockApi();
    const { dialog } = await openDialog("admin");
    const roles = within(within(dialog).getByLabelText("Role")).getAllByRole("option");
    expect(roles.map((option) => option.textContent)).toEqual(["Member", "Organizer"]);
  });

  it("keeps the dialog open and says why when the server refuses", async () => {
    mockApi({
      [invitations]: {
        status: 409,
        body: { error: { code: "ALREADY_MEMBER", message: "ana@example.com is already a member" } },
      },
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText("Email"), "ana@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));

    expect(await screen.findByText("Failed to send invitation")).toBeTruthy();
    expect(screen.getByText("ana@example.com is already a member")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Invite a member" })).toBeTruthy();
  });
});
