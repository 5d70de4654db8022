import { afterEach, describe, expect, it } from "vitest";
import { renewalDate, trialEndDate } from "./billing-dates.js";

// 8 PM on April 30 in Los Angeles, 11 PM in New York, already May 1 in London and Auckland.
const periodEnd = "2026-05-01T03:00:00.000Z";
const deviceZone = process.env.TZ;
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe("a plan's renewal date", () => {
  it("is the day its period ends in the club's time zone", () => {
    expect(renewalDate(periodEnd, "America/Los_Angeles")).toBe("Thursday, April 30, 2026");
    expect(renewalDate(periodEnd, "America/New_York")).toBe("Thursday, April 30, 2026");
    expect(renewalDate(periodEnd, "Europe/London")).toBe("Friday, May 1, 2026");
    expect(renewalDate(new Date(periodEnd), "Pacific/Auckland")).toBe("Friday, May 1, 2026");
  });

  it("turns at the club's midnight, daylight saving or not", () => {
    // Midnight on November 1, 2026 in Los Angeles is still daylight time (UTC-7); 2 AM then ends it.
    expect(renewalDate("2026-11-01T07:00:00.000Z", "America/Los_Angeles")).toBe("Sunday, November 1, 2026");
    expect(renewalDate("2026-11-01T06:59:59.000Z", "America/Los_Angeles")).toBe("Saturday, October 31, 2026");
    expect(renewalDate("2026-11-02T07:59:59.000Z", "America/Los_Angeles")).toBe("Sunday, November 1, 2026");
    expect(renewalDate("2026-11-02T08:00:00.000Z", "America/Los_Angeles")).toBe("Monday, November 2, 2026");
  });

  it("is the same day whatever time zone the device showing it is set to", () => {
    const devices = ["UTC", "America/Los_Angeles", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
    devices.forEach((device, i) => {
      process.env.TZ = device;
      // A fresh instant each time (a second later), so no label made under another zone is reused.
      const end = new Date(Date.parse(periodEnd) + i * 1000);
      expect(renewalDate(end, "America/Los_Angeles"), device).toBe("Thursday, April 30, 2026");
      expect(renewalDate(end.toISOString(), "Europe/Berlin"), device).toBe("Friday, May 1, 2026");
    });
    // What the Billing page used to write, the device's own day, moves with the device.
    process.env.TZ = "Asia/Tokyo";
    expect(new Date(periodEnd).getDate()).toBe(1);
    process.env.TZ = "America/Los_Angeles";
    expect(new Date(periodEnd).getDate()).toBe(30);
  });
});

describe("the trial's end date", () => {
  it("is written the same way, in the club's time zone", () => {
    expect(trialEndDate(periodEnd, "America/Los_Angeles")).toBe(
      renewalDate(periodEnd, "America/Los_Angeles"),
    );
    expect(trialEndDate(periodEnd, "Asia/Tokyo")).toBe("Friday, May 1, 2026");
  });
});
