import { screen, waitFor } from "@testing-library/react";
import { type UserEvent, userEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { messages } from "../../../shared/domain/messages.js";
import { club, fieldError, mockApi, renderWithApp } from "../../test/harness.js";
import { OnboardingPage } from "./onboarding-page.js";

const v = messages.validation;

async function fillName(user: UserEvent, name: string) {
  await user.type(await screen.findByLabelText("Club name"), name);
}

describe("OnboardingPage", () => {
  it.each([
    ["0", v.courtsTooFew],
    ["21", v.courtsTooMany],
    ["2.5", v.courtsWhole],
  ])("refuses %s courts with the contract's message", async (courts, message) => {
    const api = mockApi();
    const user = userEvent.setup();
    renderWithApp(<OnboardingPage />);
    await fillName(user, "Riverside");
    await user.clear(screen.getByLabelText("Number of courts"));
    await user.type(screen.getByLabelText("Number of courts"), courts);
    await user.click(screen.getByRole("button", { name: "Create Organization" }));
    expect(fieldError("Number of courts")).toBe(message);
    expect(fieldError("Club name")).toBeNull();
    expect(api.sent("POST /api/orgs")).toEqual([]);
  });

  it("refuses a one-letter name", async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderWithApp(<OnboardingPage />);
    await fillName(user, "R");
    await user.click(screen.getByRole("button", { name: "Create Organization" }));
    expect(fieldError("Club name")).toBe(v.organizationNameTooShort);
    expect(api.sent("POST /api/orgs")).toEqual([]);
  });

  it("creates the club with the form's fields", async () => {
    const api = mockApi({ "POST /api/orgs": { organization: club, courts: [] } });
    const user = userEvent.setup();
    renderWithApp(<OnboardingPage />);
    await fillName(user, "Riverside Pickleball Club");
    await user.clear(screen.getByLabelText("Number of courts"));
    await user.type(screen.getByLabelText("Number of courts"), "6");
    await user.selectOptions(screen.getByLabelText("Time zone"), "America/Chicago");
    await user.type(screen.getByLabelText("Contact email"), "hello@riverside.example");
    await user.click(screen.getByRole("button", { name: "Create Organization" }));

    expect(await screen.findByText("Club created")).toBeTruthy();
    await waitFor(() =>
      expect(api.sent("POST /api/orgs")).toEqual([
        {
          name: "Riverside Pickleball Club",
          courtsCount: "6",
          timeZone: "America/Chicago",
          contactEmail: "hello@riverside.example",
          contactPhone: "",
          location: "",
          logoUrl: "",
          description: "",
        },
      ]),
    );
  });
});
