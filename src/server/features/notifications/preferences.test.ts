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

describe("notification preferences", () => {
  it("are all on by default, and saved per person", async () => {
    const url = "/api/me/notification-preferences";
    expect((await t.request({ method: "GET", url, cookie: person.cookie })).json()).toEqual(all(true));
    const saved = await t.request({
      method: "PUT",
      url,
      cookie: person.cookie,
      payload: { ...all(true), weekly_summary: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url, cookie: person.cookie })).json()).toEqual({
      ...all(true),
      weekly_summary: false,
    });
    const other = await makeUser(t, "other-prefs@example.com");
    expect((await t.request({ method: "GET", url, cookie: other.cookie })).json()).toEqual(all(true));
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
