import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { messages } from "../domain/messages.js";
import { dollarsToCents, formatCents } from "../domain/money.js";
import { resetRequestForm, returnPath, signInForm, signUpForm } from "./auth.js";
import { createOrganizationBody } from "./clubs.js";
import { sessionForm } from "./session-form.js";

const v = messages.validation;

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("validation messages", () => {
  const good = { fullName: "Jo Park", email: "jo@example.com", password: "12345678" };

  it("sign up", () => {
    expect(firstMessage(signUpForm, { ...good, email: "jo@" })).toBe(v.emailInvalid);
    expect(firstMessage(signUpForm, { ...good, password: "1234567" })).toBe(v.passwordTooShort);
    expect(firstMessage(signUpForm, { ...good, fullName: " J " })).toBe(v.nameTooShort);
    expect(firstMessage(signUpForm, good)).toBeUndefined();
    expect(firstMessage(signUpForm, { ...good, password: "x".repeat(100) })).toBeUndefined();
  });

  it("a result is a winning side, with both scores or none, and the scores agree with it", async () => {
    const { scoreBody, gameResult } = await import("./board.js");
    expect(firstMessage(scoreBody, {})).toBe("Say which side won");
    expect(firstMessage(scoreBody, { winner: "B" })).toBeUndefined();
    expect(gameResult({ winner: "B" })).toEqual({ winner: "B", scoreA: null, scoreB: null });
    expect(firstMessage(scoreBody, { winner: "A", scoreA: 11 })).toBe("Enter both scores, or none");
    expect(firstMessage(scoreBody, { scoreA: 11, scoreB: 11 })).toBe(
      "A game has a winner: the scores cannot be equal",
    );
    expect(firstMessage(scoreBody, { winner: "A", scoreA: 7, scoreB: 11 })).toBe(
      "The winning side has the higher score",
    );
    expect(firstMessage(scoreBody, { scoreA: 11, scoreB: 2.5 })).toBe("Scores are whole points");
    expect(firstMessage(scoreBody, { scoreA: 11, scoreB: 7 })).toBeUndefined();
    expect(gameResult({ scoreA: 9, scoreB: 11 })).toEqual({ winner: "B", scoreA: 9, scoreB: 11 });
  });

  it("names others see refuse line breaks, control and bidirectional characters", async () => {
    const { profileBody } = await import("./account.js");
    const { friendlyNameBody } = await import("./auth.js");
    const { createCourtBody } = await import("./clubs.js");
    const { walkInBody } = await import("./session-registrations.js");
    const club = { name: "Riverside", courtsCount: 2, timeZone: "UTC" };
    const session = { startsAt: "2026-03-03T18:00", endsAt: "2026-03-03T20:00", paymentRequired: false };
    for (const bad of [
      "River\nside",
      "River\u0000side",
      "River\u0085side",
      "River\u202Eside",
      "River\u2066side",
    ]) {
      expect(firstMessage(createOrganizationBody, { ...club, name: bad })).toBe(v.nameCharacters);
      expect(firstMessage(signUpForm, { ...good, fullName: bad })).toBe(v.nameCharacters);
      expect(firstMessage(profileBody, { fullName: bad, avatarUrl: "" })).toBe(v.nameCharacters);
      expect(firstMessage(friendlyNameBody, { friendlyName: bad })).toBe(v.nameCharacters);
      expect(firstMessage(createCourtBody, { name: bad })).toBe(v.nameCharacters);
      expect(firstMessage(walkInBody, { guestName: bad })).toBeDefined();
      expect(firstMessage(sessionForm, { ...session, name: bad })).toBe(v.sessionNameCharacters);
    }
    expect(firstMessage(createOrganizationBody, { ...club, name: "Zoë's Club" })).toBeUndefined();
  });

  it("a club's logo is a web address: javascript:, data: and other schemes are refused", () => {
    const club = { name: "Riverside", courtsCount: 2, timeZone: "UTC" };
    for (const logoUrl of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "vbscript:x",
      "file:///etc/passwd",
      "ftp://files.example/logo.png",
    ])
      expect(firstMessage(createOrganizationBody, { ...club, logoUrl }), logoUrl).toBe(v.urlInvalid);
    for (const logoUrl of ["https://cdn.example/logo.png", "http://cdn.example/logo.png", ""])
      expect(firstMessage(createOrganizationBody, { ...club, logoUrl }), logoUrl).toBeUndefined();
  });

  it("a club's courts are a whole number", () => {
    const club = { name: "Riverside", courtsCount: 2.5, timeZone: "UTC" };
    expect(firstMessage(createOrganizationBody, club)).toBe(v.courtsWhole);
    expect(firstMessage(createOrganizationBody, { ...club, courtsCount: 0 })).toBe(v.courtsTooFew);
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
      const long = `https://example.com/${"a".repeat(1980)}.png`;
      expect(firstMessage(createOrganizationBody, { ...club, logoUrl: long })).toBe(v.urlInvalid);
      expect(createOrganizationBody.parse({ ...club, logoUrl: long.slice(0, 2000) }).logoUrl).toBeTruthy();
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

describe("session validation messages", () => {
  const base = {
    name: "Tuesday Open Play",
    startsAt: "2026-03-03T18:00",
    endsAt: "2026-03-03T20:00",
    paymentRequired: false,
  };
  it("name: required, at most 100, letters digits spaces and - _ . : '", () => {
    expect(firstMessage(sessionForm, { ...base, name: "   " })).toBe(v.sessionNameRequired);
    expect(firstMessage(sessionForm, { ...base, name: "x".repeat(101) })).toBe(v.sessionNameTooLong);
    expect(firstMessage(sessionForm, { ...base, name: "x".repeat(100) })).toBeUndefined();
    expect(firstMessage(sessionForm, { ...base, name: "Open Play!" })).toBe(v.sessionNameCharacters);
    expect(firstMessage(sessionForm, { ...base, name: "Mixed 3.5-4.0: Kate's_Night" })).toBeUndefined();
  });
  it("amount: digits with up to two decimals, not negative", () => {
    const paid = (paymentAmount: string) =>
      firstMessage(sessionForm, { ...base, paymentRequired: true, paymentAmount });
    expect(paid("abc")).toBe(v.amountFormat);
    expect(paid("10.123")).toBe(v.amountFormat);
    expect(paid("-5")).toBe(v.amountPositive);
    expect(paid("0")).toBeUndefined();
    expect(paid("10.5")).toBeUndefined();
  });
  it("amount: a paid place costs 0.50 to 999,999.99, what card processors will charge at once", () => {
    const paid = (paymentAmount: string) =>
      firstMessage(sessionForm, { ...base, paymentRequired: true, paymentAmount });
    for (const amount of ["0.01", "0.1", "0.49"]) expect(paid(amount)).toBe(v.amountTooSmall);
    for (const amount of ["1000000", "1000000.00", "21474836.47"])
      expect(paid(amount)).toBe(v.amountTooLarge);
    expect(paid("999999.99")).toBeUndefined();
    for (const amount of ["0.00", "0.5", "0.50", "1"]) expect(paid(amount)).toBeUndefined();
    expect(paid("-0.3")).toBe(v.amountPositive);
  });
  it("start and end: required, end after start", () => {
    expect(firstMessage(sessionForm, { ...base, startsAt: "" })).toBe(v.startRequired);
    expect(firstMessage(sessionForm, { ...base, endsAt: "" })).toBe(v.endRequired);
    expect(firstMessage(sessionForm, { ...base, endsAt: "2026-03-03T17:00" })).toBe(v.endAfterStart);
  });
});

describe("money", () => {
  it("stores dollars as cents, rounded", () => {
    expect(dollarsToCents("10")).toBe(1000);
    expect(dollarsToCents("10.5")).toBe(1050);
    expect(dollarsToCents("0.29")).toBe(29);
    expect(dollarsToCents("19.99")).toBe(1999);
    expect(formatCents(1050)).toBe("$10.50");
  });
});

describe("return paths", () => {
  it("are paths on this site, with no spaces or control characters", () => {
    const ok = (value: string) => returnPath.safeParse(value).success;
    expect(ok("/onboarding")).toBe(true);
    expect(ok("/auth?next=%2Fsessions")).toBe(true);
    for (const bad of [
      "//evil.example",
      "/\\evil",
      "https://evil.example/",
      "/a b",
      "/a\u0000b",
      "/a\u007fb",
      "/a\u0085b",
    ])
      expect(ok(bad), JSON.stringify(bad)).toBe(false);
  });
});
