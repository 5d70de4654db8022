import { describe, expect, it } from "vitest";
import { isHappeningNow } from "./session-time.js";

describe("a session happening now", () => {
  const at = (iso: string) => Date.parse(iso);
  const session = { status: "scheduled", startsAt: "2026-11-24T22:00:00Z", endsAt: "2026-11-24T23:59:00Z" };
  it("is a scheduled one between its start and its end", () => {
    expect(isHappeningNow(session, at("2026-11-24T22:08:00Z"))).toBe(true);
    expect(isHappeningNow(session, at("2026-11-24T22:00:00Z"))).toBe(true);
    expect(isHappeningNow(session, at("2026-11-24T21:59:00Z"))).toBe(false);
    expect(isHappeningNow(session, at("2026-11-24T23:59:00Z"))).toBe(false);
    expect(isHappeningNow({ ...session, status: "active" }, at("2026-11-24T22:08:00Z"))).toBe(false);
  });
});
