import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { fieldError, me, mockApi, renderWithApp } from "../../test/harness.js";
import { AccountSettings } from "./account-settings.js";

const v = messages.validation;

describe("AccountSettings", () => {
  it("marks a short name and a non-web avatar address with the contract's messages", async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderWithApp(<AccountSettings />);
    await user.clear(screen.getByLabelText("Full name"));
    await user.type(screen.getByLabelText("Full name"), "J");
    await user.type(screen.getByLabelText("Avatar URL"), "ftp://files.example/me.png");
    await user.click(screen.getByRole("button", { name: "Save My Profile" }));

    expect(fieldError("Full name")).toBe(v.nameTooShort);
    expect(fieldError("Avatar URL")).toBe(v.urlInvalid);
    expect(api.sent("PUT /api/me/profile")).toEqual([]);
  });

  it("saves the profile as typed", async () => {
    const api = mockApi({ "PUT /api/me/profile": me });
    const user = userEvent.setup();
    renderWithApp(<AccountSettings />);
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe(me.user.fullName);
    await user.type(screen.getByLabelText("Avatar URL"), "https://pics.example/jordan.png");
    await user.click(screen.getByRole("button", { name: "Save My Profile" }));

    expect(await screen.findByText(messages.account.profileSaved)).toBeTruthy();
    // Nothing said about gender stays nothing ("" is "not said").
    expect(api.sent("PUT /api/me/profile")).toEqual([
      { fullName: "Jordan Smith", avatarUrl: "https://pics.example/jordan.png", gender: "" },
    ]);
  });

  it("saves a declared gender, and says who sees it", async () => {
    const api = mockApi({ "PUT /api/me/profile": me });
    const user = userEvent.setup();
    renderWithApp(<AccountSettings />);
    expect(screen.getByText("For mixed doubles nights. Only your clubs' organizers see it.")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Gender (optional)"), "Woman");
    await user.click(screen.getByRole("button", { name: "Save My Profile" }));
    expect(await screen.findByText(messages.account.profileSaved)).toBeTruthy();
    expect(api.sent("PUT /api/me/profile")).toEqual([
      { fullName: "Jordan Smith", avatarUrl: "", gender: "woman" },
    ]);
  });

  it("checks both passwords, then changes it and signs the other devices out", async () => {
    const api = mockApi({ "POST /api/auth/change-password": {} });
    const user = userEvent.setup();
    renderWithApp(<AccountSettings />);
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(fieldError("Current password")).toBe(v.passwordRequired);
    expect(fieldError("New password")).toBe(v.passwordTooShort);
    expect(api.sent("POST /api/auth/change-password")).toEqual([]);

    await user.type(screen.getByLabelText("Current password"), "old secret");
    await user.type(screen.getByLabelText("New password"), " and longer");
    await user.click(screen.getByRole("button", { name: "Change Password" }));
    expect(await screen.findByText(messages.account.passwordChanged)).toBeTruthy();
    await waitFor(() =>
      expect(api.sent("POST /api/auth/change-password")).toEqual([
        { currentPassword: "old secret", newPassword: "short and longer", revokeOtherSessions: true },
      ]),
    );
  });
});
