// The step a code belongs to, checked against the test authenticator's own RFC 6238 codes.
import { describe, expect, it } from "vitest";
import { totpCode } from "../../test/totp.js";
import { stepOfCode } from "./totp-replay.js";

const secret = "abcdefghijklmnopqrstuvwxyz012345";
const key = Buffer.from(secret, "utf8");
const STEP_MS = 30_000;
const now = 1_800_000_015_000;
const current = Math.floor(now / STEP_MS);

describe("stepOfCode", () => {
  it("names the step of a code from the step before, the current one or the one after", () => {
    for (const offset of [-1, 0, 1])
      expect(stepOfCode(secret, totpCode(key, now + offset * STEP_MS), now)).toBe(current + offset);
  });

  it("finds no step for a code outside the window, or not a code at all", () => {
    expect(stepOfCode(secret, totpCode(key, now - 2 * STEP_MS), now)).toBeUndefined();
    expect(stepOfCode(secret, totpCode(key, now + 2 * STEP_MS), now)).toBeUndefined();
    expect(stepOfCode(secret, "spent", now)).toBeUndefined();
    expect(stepOfCode(secret, "", now)).toBeUndefined();
  });
});
