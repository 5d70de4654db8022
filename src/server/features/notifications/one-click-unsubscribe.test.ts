// RFC 8058 one-click unsubscribe as mail programs send it: from their own servers (no cookie,
// no Origin), with the body List-Unsubscribe=One-Click urlencoded or as multipart/form-data.
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationPreferences } from "../../db/schema/notifications.js";
import { MULTIPART_BODY_LIMIT } from "../../platform/web/multipart-form.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import type { EmailKind } from "./preferences.js";
import { unsubscribeToken } from "./unsubscribe.js";

let t: TestApp;
let owner: TestUser;
let player: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@one-click.example", "Olga Owner");
  player = await makeUser(t, "player@one-click.example", "Pia Player");
  orgId = (await makeClub(t, owner, [[player, "member"]])).id;
});
afterAll(() => t?.close());

const prefs = async () =>
  (await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, player.id)))[0];
const wants = async (kind: EmailKind) => (await prefs())?.[kind] ?? true;
const turnAllOn = () =>
  t.db
    .update(notificationPreferences)
    .set({ sessionReminders: true, courtUpNext: true, matchResults: true, weeklySummary: true })
    .where(eq(notificationPreferences.userId, player.id));

/** A mail program's POST: straight to the app, without the harness's Origin and without a cookie. */
const mailProgramPost = (kind: EmailKind, contentType: string, payload: string | Buffer) =>
  t.app.inject({
    method: "POST",
    url: `/unsubscribe/${unsubscribeToken(t.deps.config.sessionSecret, player.id, kind)}`,
    headers: { "content-type": contentType },
    payload,
  } satisfies InjectOptions);

const crlf = (...lines: string[]) => lines.join("\r\n");

describe("one-click unsubscribe (RFC 8058)", () => {
  it("takes the urlencoded body with no cookie and no Origin, and turns off that kind only", async () => {
    await turnAllOn();
    const response = await mailProgramPost(
      "weeklySummary",
      "application/x-www-form-urlencoded",
      "List-Unsubscribe=One-Click",
    );
    expect(response.statusCode).toBe(200);
    expect(await prefs()).toMatchObject({ weeklySummary: false, matchResults: true, sessionReminders: true });
  });

  it("takes the same body as multipart/form-data, as a form library writes it", async () => {
    await turnAllOn();
    const body = crlf(
      "--XyZ123boundary",
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      "",
      "One-Click",
      "--XyZ123boundary--",
      "",
    );
    const response = await mailProgramPost(
      "matchResults",
      "multipart/form-data; boundary=XyZ123boundary",
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await prefs()).toMatchObject({ matchResults: false, weeklySummary: true });
  });

  it("takes RFC 8058's own example request, byte for byte", async () => {
    await turnAllOn();
    // Section 3.1's example; its delimiter lines are the boundary without RFC 2046's "--".
    const body = crlf(
      "---FormBoundaryjWmhtjORrn",
      'Content-Disposition: form-data; name="List-Unsubscribe"',
      "",
      "One-Click",
      "---FormBoundaryjWmhtjORrn--",
    );
    expect(Buffer.byteLength(body)).toBe(124);
    const response = await mailProgramPost(
      "sessionReminders",
      "multipart/form-data; boundary=---FormBoundaryjWmhtjORrn",
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await prefs()).toMatchObject({ sessionReminders: false, matchResults: true });
  });

  it("answers a malformed multipart body with a clear 400 in the usual envelope, changing nothing", async () => {
    await turnAllOn();
    const part = crlf("--b0", 'Content-Disposition: form-data; name="List-Unsubscribe"', "", "One-Click");
    const malformed: Array<[string, string]> = [
      ["multipart/form-data", crlf("--b0", part, "--b0--")],
      ["multipart/form-data; boundary=b0", "List-Unsubscribe=One-Click"],
      ["multipart/form-data; boundary=b0", part],
      ["multipart/form-data; boundary=b0", crlf("--b0", "", "One-Click", "--b0--")],
      ["multipart/form-data; boundary=b0", crlf("--b0", "Content-Type: text/plain", "", "x", "--b0--")],
      ["multipart/form-data; boundary=b0", crlf("--b0--")],
      [
        "multipart/form-data; boundary=b0",
        crlf("--b0", 'Content-Disposition: form-data; name="f"; filename="a.txt"', "", "data", "--b0--"),
      ],
      ["multipart/form-data; boundary=b0", crlf(`--b0${"x".repeat(40)}`, "", "--b0--")],
      ["multipart/form-data; boundary=b0", ""],
    ];
    for (const [contentType, body] of malformed) {
      const response = await mailProgramPost("courtUpNext", contentType, body);
      expect(response.statusCode, `${contentType} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: "BAD_REQUEST",
          message: expect.stringMatching(/^The form is not valid multipart\/form-data/),
        },
      });
    }
    const tooLarge = await mailProgramPost(
      "courtUpNext",
      "multipart/form-data; boundary=b0",
      crlf(part, "x".repeat(MULTIPART_BODY_LIMIT), "--b0--"),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await wants("courtUpNext")).toBe(true);
  });

  it("is the only route that takes multipart, and another site's page still cannot post it", async () => {
    const body = crlf("--b0", 'Content-Disposition: form-data; name="a"', "", "1", "--b0--");
    const elsewhere = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/calendar-feed`,
      cookie: owner.cookie,
      headers: { "content-type": "multipart/form-data; boundary=b0" },
      payload: body,
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");

    const token = unsubscribeToken(t.deps.config.sessionSecret, player.id, "courtUpNext");
    const crossSite = await t.app.inject({
      method: "POST",
      url: `/unsubscribe/${token}`,
      headers: { origin: "https://evil.example", "content-type": "multipart/form-data; boundary=b0" },
      payload: body,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await wants("courtUpNext")).toBe(true);
  });
});
