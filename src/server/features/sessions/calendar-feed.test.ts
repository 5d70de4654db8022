// The club's calendar feed as a calendar app reads it (ical.js): a weekly repeat is one
// recurring event, its cancelled and individually edited weeks handled, at club-local times.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

const now = new Date("2026-02-20T12:00:00Z");
let t: TestApp;
let owner: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@calendar-feed.example", "Cal Owner");
  orgId = (await makeClub(t, owner)).id;
});
afterAll(async () => {
  await t?.close();
});

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
}

function starts(event: ICAL.Event): string[] {
  const found: string[] = [];
  const expansion = event.iterator();
  for (let next = expansion.next(); next && found.length < 100; next = expansion.next()) {
    found.push(next.toJSDate().toISOString());
  }
  return found;
}

const post = (url: string, payload?: unknown) =>
  t.request({ method: "POST", url, cookie: owner.cookie, ...(payload ? { payload } : {}) });

describe("the calendar feed", () => {
  it("writes a weekly repeat as one recurring event without its cancelled week, at 6 PM across DST", async () => {
    // Tuesdays from March 3 2026, 6-8 PM in New York; daylight time starts on March 8.
    const description = "Bring water 💧 and paddles 🏓🏓, all levels welcome! ".repeat(4).trim();
    const weeks = await makeSessions(t, orgId, owner, {
      name: "Tuesday Ladder",
      description,
      repeatWeeks: 4,
    });
    expect(weeks).toHaveLength(4);
    expect((await post(`/api/orgs/${orgId}/sessions/${weeks[2]!.id}/cancel`)).statusCode).toBe(204);
    // One week moved an hour later on its own: its own event, and the rule skips that week.
    const moved = await t.request({
      method: "PUT",
      url: `/api/orgs/${orgId}/sessions/${weeks[1]!.id}`,
      cookie: owner.cookie,
      payload: {
        name: "Tuesday Ladder",
        description,
        startsAt: "2026-03-10T23:00:00Z",
        endsAt: "2026-03-11T01:00:00Z",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const feed = await post(`/api/orgs/${orgId}/calendar-feed`);
    const ics = await t.request({ method: "GET", url: new URL(feed.json().url).pathname });
    expect(ics.statusCode).toBe(200);
    // The body as the client decoded it from the wire's UTF-8.
    expect(ics.body).not.toContain("\uFFFD");
    for (const line of ics.rawPayload.toString("utf8").split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }

    const events = parse(ics.body);
    const series = events.filter((e) => e.isRecurring());
    expect(series).toHaveLength(1);
    expect(series[0]!.summary).toBe("Tuesday Ladder");
    expect(series[0]!.description).toBe(description);
    expect(starts(series[0]!)).toEqual(["2026-03-03T23:00:00.000Z", "2026-03-24T22:00:00.000Z"]);
    const alone = events.filter((e) => !e.isRecurring());
    expect(alone.map((e) => [e.uid, e.startDate.toJSDate().toISOString(), e.description])).toEqual([
      [`${weeks[1]!.id}@courtside`, "2026-03-10T23:00:00.000Z", description],
    ]);
  });

  it("shows every remaining week of an untouched series, and one session's file is just that session", async () => {
    const weeks = await makeSessions(t, orgId, owner, {
      name: "Thursday Drills",
      startsAt: "2026-04-02T22:00:00Z",
      endsAt: "2026-04-02T23:30:00Z",
      repeatWeeks: 3,
    });
    const feed = await post(`/api/orgs/${orgId}/calendar-feed`);
    const events = parse((await t.request({ method: "GET", url: new URL(feed.json().url).pathname })).body);
    const drills = events.filter((e) => e.summary === "Thursday Drills");
    expect(drills.map((e) => starts(e))).toEqual([
      ["2026-04-02T22:00:00.000Z", "2026-04-09T22:00:00.000Z", "2026-04-16T22:00:00.000Z"],
    ]);

    const file = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/sessions/${weeks[1]!.id}/calendar.ics`,
      cookie: owner.cookie,
    });
    const [only, ...rest] = parse(file.body);
    expect(rest).toEqual([]);
    expect(only!.isRecurring()).toBe(false);
    // That week of the feed's recurring event, not a second event beside it.
    expect(only!.uid).toBe(drills[0]!.uid);
    expect(only!.recurrenceId?.toJSDate().toISOString()).toBe("2026-04-09T22:00:00.000Z");
    expect(only!.startDate.toJSDate().toISOString()).toBe("2026-04-09T22:00:00.000Z");
  });

  it("names a session in its own file as the feed names it, a week of a repeat included", async () => {
    const weeks = await makeSessions(t, orgId, owner, {
      name: "Friday Socials",
      startsAt: "2026-05-01T22:00:00Z",
      endsAt: "2026-05-02T00:00:00Z",
      repeatWeeks: 3,
    });
    // The last week moved on its own: the feed writes it as an event of its own, not a week of the rule.
    const moved = await t.request({
      method: "PUT",
      url: `/api/orgs/${orgId}/sessions/${weeks[2]!.id}`,
      cookie: owner.cookie,
      payload: { name: "Friday Socials", startsAt: "2026-05-15T23:00:00Z", endsAt: "2026-05-16T01:00:00Z" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [lone] = await makeSessions(t, orgId, owner, {
      name: "Cup Final",
      startsAt: "2026-05-09T15:00:00Z",
      endsAt: "2026-05-09T18:00:00Z",
    });
    const feed = await post(`/api/orgs/${orgId}/calendar-feed`);
    const events = parse((await t.request({ method: "GET", url: new URL(feed.json().url).pathname })).body);

    for (const [id, start] of [
      [weeks[0]!.id, "2026-05-01T22:00:00.000Z"],
      [weeks[1]!.id, "2026-05-08T22:00:00.000Z"],
      [weeks[2]!.id, "2026-05-15T23:00:00.000Z"],
      [lone!.id, "2026-05-09T15:00:00.000Z"],
    ] as const) {
      const file = await t.request({
        method: "GET",
        url: `/api/orgs/${orgId}/sessions/${id}/calendar.ics`,
        cookie: owner.cookie,
      });
      const [only] = parse(file.body);
      // The feed's event of the file's UID is this session: it starts then, or one of its weeks does.
      const same = events.find((e) => e.uid === only!.uid);
      expect(same, `${id} is ${only!.uid} in its file`).toBeDefined();
      expect(starts(same!)).toContain(start);
      // A week of a repeat names its week, so importing it does not stand for the whole series.
      expect(only!.recurrenceId?.toJSDate().toISOString()).toBe(same!.isRecurring() ? start : undefined);
    }
  });
});
