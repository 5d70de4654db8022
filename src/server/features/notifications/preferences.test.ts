import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

let t: TestApp;
let person: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await makeUser(t, "prefs@example.com");
});
afterAll(async () => {
  await t?.close();
});

const all = (on: boolean) => ({
  session_reminders: on,
  court_up_next: on,
  match_results: on,
  weekly_summary: on,
  waitlist_notifications: on,
});
/** What is read back: the spec's five, the night's receipt, off until asked for, and the rest on. */
const read = (on: boolean, nightReceipt = false) => ({
  ...all(on),
  night_receipt: nightReceipt,
  called_to_court: true,
  join_requests: true,
  membership_dues: true,
});

describe("notification preferences", () => {
  it("are the spec's five on by default, and saved per person", async () => {
    const url = "/api/me/notification-preferences";
    expect((await t.request({ method: "GET", url, cookie: person.cookie })).json()).toEqual(read(true));
    const saved = await t.request({
      method: "PUT",
      url,
      cookie: person.cookie,
      payload: { ...all(true), weekly_summary: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url, cookie: person.cookie })).json()).toEqual({
      ...read(true),
      weekly_summary: false,
    });
    const other = await makeUser(t, "other-prefs@example.com");
    expect((await t.request({ method: "GET", url, cookie: other.cookie })).json()).toEqual(read(true));
  });

  it("keep the night's receipt as it was when a save leaves it out, and turn it on when asked", async () => {
    const url = "/api/me/notification-preferences";
    const on = await t.request({ method: "PUT", url, cookie: person.cookie, payload: read(true, true) });
    expect(on.json()).toEqual(read(true, true));
    const fiveOnly = await t.request({ method: "PUT", url, cookie: person.cookie, payload: all(true) });
    expect(fiveOnly.json()).toEqual(read(true, true));
  });

  it("need a session and five booleans", async () => {
    const url = "/api/me/notification-preferences";
    expect((await t.request({ method: "GET", url })).statusCode).toBe(401);
    expect(
      (await t.request({ method: "PUT", url, cookie: person.cookie, payload: { session_reminders: "yes" } }))
        .statusCode,
    ).toBe(400);
  });
});
