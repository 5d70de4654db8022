import { screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { club, fieldError, mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { ClubProfileForm } from "./club-profile-form.js";

const v = messages.validation;
const update = `PUT /api/orgs/${ORG_ID}`;

describe("ClubProfileForm", () => {
  it("starts from the club's profile", () => {
    mockApi();
    renderWithApp(<ClubProfileForm club={club} />);
    expect((screen.getByLabelText("Club name") as HTMLInputElement).value).toBe(club.name);
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("America/Chicago");
    expect((screen.getByLabelText("Contact email") as HTMLInputElement).value).toBe(club.contactEmail);
  });

  it("marks a short name, a bad address and a non-web logo with the contract's messages", async () => {
    const api = mockApi({ [update]: club });
    const user = userEvent.setup();
    renderWithApp(<ClubProfileForm club={club} />);
    await user.clear(screen.getByLabelText("Club name"));
    await user.type(screen.getByLabelText("Club name"), "R");
    await user.clear(screen.getByLabelText("Contact email"));
    await user.type(screen.getByLabelText("Contact email"), "hello@");
    await user.type(screen.getByLabelText("Logo URL"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));

    expect(fieldError("Club name")).toBe(v.organizationNameTooShort);
    expect(fieldError("Contact email")).toBe(v.emailInvalid);
    expect(fieldError("Logo URL")).toBe(v.urlInvalid);
    expect(fieldError("Location")).toBeNull();
    expect(await screen.findByText(messages.toasts.validationError)).toBeTruthy();
    expect(api.sent(update)).toEqual([]);
  });

  it("saves the form's fields as typed", async () => {
    const api = mockApi({ [update]: club });
    const user = userEvent.setup();
    renderWithApp(<ClubProfileForm club={club} />);
    await user.clear(screen.getByLabelText("Club name"));
    await user.type(screen.getByLabelText("Club name"), "Riverside PC");
    await user.selectOptions(screen.getByLabelText("Time zone"), "Europe/Berlin");
    await user.type(screen.getByLabelText("Logo URL"), "https://club.example/logo.png");
    await user.click(screen.getByRole("button", { name: "Save Profile" }));

    expect(await screen.findByText("Club profile saved")).toBeTruthy();
    expect(api.sent(update)).toEqual([
      {
        name: "Riverside PC",
        timeZone: "Europe/Berlin",
        contactEmail: "hello@riverside.example",
        contactPhone: "",
        location: "Austin, TX",
        logoUrl: "https://club.example/logo.png",
        description: "",
      },
    ]);
    await waitFor(() => expect(fieldError("Club name")).toBeNull());
  });
});
