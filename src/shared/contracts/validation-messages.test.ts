import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { messages } from "../domain/messages.js";
import { resetRequestForm, signInForm, signUpForm } from "./auth.js";
import { createOrganizationBody } from "./clubs.js";

const v = messages.validation;

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("SPEC §5 messages", () => {
  const good = { fullName: "Jo Park", email: "jo@example.com", password: "12345678" };

  it("sign up", () => {
    expect(firstMessage(signUpForm, { ...good, email: "jo@" })).toBe(v.emailInvalid);
    expect(firstMessage(signUpForm, { ...good, password: "1234567" })).toBe(v.passwordTooShort);
    expect(firstMessage(signUpForm, { ...good, fullName: " J " })).toBe(v.nameTooShort);
    expect(firstMessage(signUpForm, good)).toBeUndefined();
    expect(firstMessage(signUpForm, { ...good, password: "x".repeat(100) })).toBeUndefined();
  });

  it("sign in", () => {
    expect(firstMessage(signInForm, { email: "nope", password: "x" })).toBe(v.emailInvalid);
    expect(firstMessage(signInForm, { email: "jo@example.com", password: "" })).toBe(v.passwordRequired);
  });

  it("reset", () => {
    expect(firstMessage(resetRequestForm, { email: "" })).toBe(v.emailInvalid);
    expect(firstMessage(resetRequestForm, { email: "jo@example.com" })).toBeUndefined();
  });

  describe("organization", () => {
    const club = { name: "Riverside", courtsCount: "2", timeZone: "Europe/Paris" };
    it("name, courts, contact email, logo URL", () => {
      expect(firstMessage(createOrganizationBody, { ...club, name: "R" })).toBe(v.organizationNameTooShort);
      expect(firstMessage(createOrganizationBody, { ...club, courtsCount: "0" })).toBe(v.courtsTooFew);
      expect(firstMessage(createOrganizationBody, { ...club, courtsCount: "" })).toBe(v.courtsTooFew);
      expect(firstMessage(createOrganizationBody, { ...club, contactEmail: "x@" })).toBe(v.emailInvalid);
      expect(firstMessage(createOrganizationBody, { ...club, logoUrl: "logo.png" })).toBe(v.urlInvalid);
    });
    it("empty optional fields are fine and become absent", () => {
      const parsed = createOrganizationBody.parse({
        ...club,
        contactEmail: "",
        logoUrl: "",
        location: " ",
        description: "",
      });
      expect(parsed).toEqual({ name: "Riverside", courtsCount: 2, timeZone: "Europe/Paris" });
    });
  });
});
