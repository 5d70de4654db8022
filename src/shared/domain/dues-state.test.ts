import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DuesEvent, foldDues, periodEndAfter } from "./dues-state.js";
import { memberPriceCents, memberPriceLine } from "./member-price.js";
import { MIN_PAID_PRICE_CENTS } from "./money.js";

const day = (n: number) => new Date(Date.UTC(2026, 11, n));

describe("a membership from its dues events", () => {
  it("is nothing until paid, active when paid, past due on a failure, active again on payment", () => {
    expect(foldDues([])).toBeNull();
    expect(foldDues([{ kind: "payment_failed", occurredAt: day(1), graceDays: 7 }])).toBeNull();
    const paid: DuesEvent = { kind: "paid", occurredAt: day(1), planId: "p", periodEnd: day(31) };
    const failed: DuesEvent = { kind: "payment_failed", occurredAt: day(31), graceDays: 7 };
    expect(foldDues([paid, failed])).toEqual({
      status: "past_due",
      planId: "p",
      currentPeriodEnd: day(31),
      graceEndsAt: day(38),
      cancelAtPeriodEnd: false,
    });
    const again: DuesEvent = { kind: "paid", occurredAt: day(33), planId: "p", periodEnd: day(62) };
    expect(foldDues([paid, failed, again])).toMatchObject({
      status: "active",
      graceEndsAt: null,
      currentPeriodEnd: day(62),
    });
  });

  it("counts the grace from the end of the period paid for when a renewal fails before it", () => {
    const paid: DuesEvent = { kind: "paid", occurredAt: day(1), planId: "p", periodEnd: day(31) };
    const early: DuesEvent = { kind: "payment_failed", occurredAt: day(25), graceDays: 7 };
    expect(foldDues([paid, early])?.graceEndsAt).toEqual(day(38));
  });

  it("finds a membership over when a failure or an end is heard of after time ended it", () => {
    const paid: DuesEvent = { kind: "paid", occurredAt: day(1), planId: "p", periodEnd: day(31) };
    const grace = () => 7;
    // Failed long after the period and its grace ran out: lapsed, not a new grace.
    const late: DuesEvent = { kind: "payment_failed", occurredAt: day(45), graceDays: 7 };
    expect(foldDues([paid, late], grace)?.status).toBe("lapsed");
    // Within the grace it is a failure like any other.
    const inGrace: DuesEvent = { kind: "payment_failed", occurredAt: day(33), graceDays: 7 };
    expect(foldDues([paid, inGrace], grace)?.status).toBe("past_due");
    // A cancelled period that ended stays cancelled whatever is heard after.
    const cancel: DuesEvent = { kind: "cancel_requested", occurredAt: day(5) };
    expect(foldDues([paid, cancel, late], grace)?.status).toBe("cancelled");
    // A payment brings any of them back.
    const back: DuesEvent = { kind: "paid", occurredAt: day(50), planId: "p", periodEnd: day(80) };
    expect(foldDues([paid, late, back], grace)?.status).toBe("active");
  });

  it("ends cancelled when a cancellation was asked, lapsed when not", () => {
    const paid: DuesEvent = { kind: "paid", occurredAt: day(1), planId: "p", periodEnd: day(31) };
    const ended: DuesEvent = { kind: "ended", occurredAt: day(31) };
    expect(foldDues([paid, { kind: "cancel_requested", occurredAt: day(5) }, ended])?.status).toBe(
      "cancelled",
    );
    expect(foldDues([paid, ended])?.status).toBe("lapsed");
    expect(
      foldDues([
        paid,
        { kind: "cancel_requested", occurredAt: day(5) },
        { kind: "cancel_withdrawn", occurredAt: day(6) },
        ended,
      ])?.status,
    ).toBe("lapsed");
  });

  it("is the same whatever order events at different times arrive in", () => {
    const kinds = fc.constantFrom("paid", "payment_failed", "cancel_requested", "cancel_withdrawn", "ended");
    const events = fc.uniqueArray(
      fc.record({
        kind: kinds,
        at: fc.integer({ min: 1, max: 200 }),
        length: fc.integer({ min: 1, max: 60 }),
      }),
      { selector: (e) => e.at, maxLength: 12 },
    );
    fc.assert(
      fc.property(events, fc.integer(), (drawn, seed) => {
        const made = drawn.map(({ kind, at, length }): DuesEvent => {
          const occurredAt = new Date(Date.UTC(2026, 0, at));
          if (kind === "paid")
            return { kind, occurredAt, planId: "p", periodEnd: new Date(Date.UTC(2026, 0, at + length)) };
          if (kind === "payment_failed") return { kind, occurredAt, graceDays: 7 };
          return { kind, occurredAt };
        });
        const shuffled = [...made].sort(
          (a, b) => ((a.occurredAt.getTime() * 31 + seed) % 97) - ((b.occurredAt.getTime() * 31 + seed) % 97),
        );
        expect(foldDues(shuffled)).toEqual(foldDues(made));
      }),
    );
  });
});

describe("a period's end", () => {
  it("is a calendar month or year on, the month's last day where it has no such date", () => {
    expect(periodEndAfter(new Date("2026-01-31T10:00:00Z"), "month").toISOString()).toBe(
      "2026-02-28T10:00:00.000Z",
    );
    expect(periodEndAfter(new Date("2028-01-31T10:00:00Z"), "month").toISOString()).toBe(
      "2028-02-29T10:00:00.000Z",
    );
    expect(periodEndAfter(new Date("2026-12-15T10:00:00Z"), "month").toISOString()).toBe(
      "2027-01-15T10:00:00.000Z",
    );
    expect(periodEndAfter(new Date("2028-02-29T10:00:00Z"), "year").toISOString()).toBe(
      "2029-02-28T10:00:00.000Z",
    );
  });
});

describe("a member's price", () => {
  it("is the price less the plan's percent or amount, never below what a card is charged", () => {
    expect(memberPriceCents(1000, { kind: "percent", value: 50 })).toBe(500);
    expect(memberPriceCents(1000, { kind: "amount", value: 300 })).toBe(700);
    expect(memberPriceCents(1000, { kind: "amount", value: 5000 })).toBe(MIN_PAID_PRICE_CENTS);
    expect(memberPriceCents(1000, { kind: "percent", value: 100 })).toBe(MIN_PAID_PRICE_CENTS);
    expect(memberPriceCents(0, { kind: "percent", value: 50 })).toBe(0);
    expect(memberPriceCents(1000, { kind: "none", value: 0 })).toBe(1000);
  });

  it("is never above the price, and never below the least of the price and a card's minimum", () => {
    const discount = fc.oneof(
      fc.record({ kind: fc.constant("percent" as const), value: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant("amount" as const), value: fc.integer({ min: 1, max: 1_000_000 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), discount, (price, off) => {
        const member = memberPriceCents(price, off);
        expect(member).toBeLessThanOrEqual(price);
        expect(member).toBeGreaterThanOrEqual(Math.min(price, MIN_PAID_PRICE_CENTS));
      }),
    );
  });

  it("is said beside the price only when it is less", () => {
    expect(memberPriceLine(1000, 500)).toBe("Member price $5.00, non-members $10.00");
    expect(memberPriceLine(1000, 1000)).toBeNull();
  });
});
