// "No input makes the server answer 500": every route (ours, better-auth's, the sandbox
// checkout's), called by the club's owner, one of its members or an anonymous caller, with
// arbitrary path values, queries, bodies and content types, answers something other than 5xx;
// so do the input rules' fields (prices, names, logo addresses, match dates), nearly valid,
// sent to the routes that read them; and a JSON body nested 10,000 deep is refused with 400
// wherever a body is read.
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";

type Route = { method: string; url: string };

let t: TestApp;
let orgId: string;
const routes: Route[] = [];
const people = {} as Record<"owner" | "member", TestUser>;
// The fuzz may sign these people out; they sign back in with this.
const PASSWORD = "no-500 fuzz password";

// better-auth answers under one catch-all: its endpoints are named here.
const authRoutes: Route[] = [
  ...[
    "sign-in/email",
    "sign-up/email",
    "request-password-reset",
    "reset-password",
    "change-password",
    "send-verification-email",
    "sign-out",
    "update-user",
    "revoke-other-sessions",
    "revoke-sessions",
    "two-factor/enable",
    "two-factor/disable",
    "two-factor/generate-backup-codes",
    "two-factor/verify-totp",
    "two-factor/verify-backup-code",
    "two-factor/send-otp",
    "two-factor/verify-otp",
    "passkey/register-options",
    "passkey/register",
    "passkey/sign-in-options",
    "passkey/sign-in",
    "no-such-endpoint",
  ].map((name) => ({ method: "POST", url: `/api/auth/${name}` })),
  ...["get-session", "verify-email", "list-sessions", "reset-password/x", "no-such-endpoint"].map((name) => ({
    method: "GET",
    url: `/api/auth/${name}`,
  })),
];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // Skip HEAD twins, sockets (checked with real clients), the API docs, and catch-alls:
        // the static client's and better-auth's (whose endpoints are listed above).
        if (
          method === "HEAD" ||
          route.url.endsWith("/ws") ||
          route.url.includes("*") ||
          route.url.startsWith("/api/docs")
        )
          continue;
        routes.push({ method, url: route.url });
      }
    },
  });
  for (const name of ["owner", "member"] as const) await makePerson(name);
  await freshClub();
});

let made = 0;
async function makePerson(name: "owner" | "member") {
  const context = await t.deps.auth.$context;
  people[name] = await makeUser(t, `${name}${++made}@fuzz.example`);
  await context.internalAdapter.updatePassword(people[name].id, await context.password.hash(PASSWORD));
}
afterAll(async () => {
  await t?.close();
});

async function freshClub() {
  orgId = (await makeClub(t, people.owner, [[people.member, "member"]])).id;
}

async function signInAgain(person: TestUser, passwordChanged: boolean) {
  if (passwordChanged) {
    const context = await t.deps.auth.$context;
    await context.internalAdapter.updatePassword(person.id, await context.password.hash(PASSWORD));
  }
  const response = await t.deps.auth.api.signInEmail({
    body: { email: person.email, password: PASSWORD },
    asResponse: true,
  });
  person.cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!person.cookie.includes("session_token")) throw new Error(`${person.email} could not sign in again`);
}

const pathValue = fc.oneof(
  fc.constant("not-a-uuid"),
  fc.uuid(),
  fc.string({ maxLength: 300 }).map(encodeURIComponent),
  fc.constantFrom("%00", "%zz", "%E0%A4%A", "..", "%2F..%2F", "a".repeat(2000)),
);
const query = fc.oneof(
  fc.constant(""),
  fc
    .dictionary(
      fc.constantFrom(
        "token",
        "callbackURL",
        "email",
        "format",
        "from",
        "to",
        "page",
        "limit",
        "status",
        "error",
      ),
      fc.oneof(
        fc.string({ maxLength: 100 }),
        fc.constantFrom("/", "//evil.example", "https://evil.example", ""),
      ),
    )
    .map((params) => `?${new URLSearchParams(params)}`),
  // Broken percent-encoding and repeated keys, which a parser may not expect.
  fc.constantFrom(
    "?token=%",
    "?token=%zz&token=%E0%A4%A",
    "?callbackURL=%0d%0a",
    "?format[]=x&format[a]=y",
    "?&&=&",
  ),
);
/** The account forms' fields, well-formed or nearly, so better-auth itself gets to answer. */
const accountFields = fc.record(
  {
    email: fc.oneof(fc.constant("owner@fuzz.example"), fc.emailAddress(), fc.string({ maxLength: 50 })),
    password: fc.oneof(fc.constant(PASSWORD), fc.string({ maxLength: 200 })),
    currentPassword: fc.oneof(fc.constant(PASSWORD), fc.string({ maxLength: 200 })),
    newPassword: fc.string({ maxLength: 200 }),
    name: fc.string({ maxLength: 100 }),
    token: fc.oneof(fc.uuid(), fc.string({ maxLength: 100 })),
    callbackURL: fc.constantFrom(
      "/",
      "/onboarding",
      "//evil.example",
      "https://evil.example",
      "javascript:x",
      "",
    ),
    revokeOtherSessions: fc.boolean(),
    rememberMe: fc.boolean(),
    code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-z0-9]{5}-[a-z0-9]{5}$/), fc.string()),
    trustDevice: fc.boolean(),
    friendlyName: fc.string({ maxLength: 80 }),
  },
  { requiredKeys: [] },
);
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  accountFields,
  fc.dictionary(
    fc.constantFrom(
      "name",
      "email",
      "password",
      "newPassword",
      "currentPassword",
      "token",
      "callbackURL",
      "role",
      "startsAt",
      "endsAt",
      "paymentRequired",
      "paymentAmount",
      "logoUrl",
      "fullName",
      "guestName",
      "guestNames",
      "memberIds",
      "playedAt",
      "scoreA",
      "mode",
      "userId",
      "teamA",
      "games",
      "__proto__",
      "constructor",
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);
const multipart = (fields: Record<string, string>) =>
  `${Object.entries(fields)
    .map(([key, value]) => `--x\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join("")}--x--\r\n`;
/** A body and the content type it claims, or none at all. */
const body = fc.oneof(
  { weight: 4, arbitrary: jsonValue.map((v) => ({ type: "application/json", text: JSON.stringify(v) })) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom(
        "application/json",
        "application/json; charset=utf-16",
        "application/json; charset=x",
      ),
      text: fc.string({ maxLength: 300 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom("text/plain", "application/xml", "application/octet-stream", "", "*/*"),
      text: fc.oneof(
        fc.string({ maxLength: 300 }),
        jsonValue.map((v) => JSON.stringify(v)),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 100 }))
      .chain((fields) =>
        fc.constantFrom(
          { type: "application/x-www-form-urlencoded", text: new URLSearchParams(fields).toString() },
          { type: "multipart/form-data; boundary=x", text: multipart(fields) },
          { type: "multipart/form-data", text: multipart(fields) },
        ),
      ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
/** A name as a hostile hand types it: letters among control, line-break, NUL and bidi characters. */
const hostileName = fc.string({
  unit: fc.oneof(
    fc.constantFrom("a", "Z", "é", "7", " ", "'", "-", ".", ":"),
    fc.constantFrom("\u0000", "\n", "\r", "\t", "\u001b", "\u007f", "\u0085", "\u2028"),
    fc.constantFrom("\u061c", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069", "\ufeff"),
  ),
  maxLength: 60,
});
/** A price as typed, or not quite: around the 0.50 minimum, negative, huge, not a number. */
const price = fc.oneof(
  fc.integer({ min: -100, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom(
    "0.49",
    "0.5",
    "0.50",
    "0.01",
    "0",
    "0.00",
    "-0.00",
    "00.50",
    "1e3",
    "99999999999999999999.99",
    " 0.50 ",
    "",
  ),
);
/** A match date: any real day from year 0 to 9999, around today, or not a day at all. */
const matchDate = fc.oneof(
  fc
    .date({
      min: new Date("0000-01-01T00:00:00Z"),
      max: new Date("9999-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .integer({ min: -3, max: 3 })
    .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom("2024-02-29", "2026-02-29", "2026-13-01", "0000-00-00", "", "today"),
);
const hostileUrl = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "vbscript:x",
    "file:///etc/passwd",
    "http://\u0000.example",
    "https://a.example/\u202e.png",
  ),
  fc.string({ maxLength: 100 }),
);

const caller = fc.constantFrom("anonymous", "owner", "member") as fc.Arbitrary<
  "anonymous" | "owner" | "member"
>;

describe("no input answers 5xx", () => {
  it("over every route, as the owner, a member or anonymous, with arbitrary paths, queries and bodies", async () => {
    expect(routes.length).toBeGreaterThan(40);
    const route = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...routes) },
      { weight: 1, arbitrary: fc.constantFrom(...authRoutes) },
    );
    // The club's real id, mostly, so requests get past "no such club".
    const orgValue = fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: pathValue },
    );
    await fc.assert(
      fc.asyncProperty(
        route,
        orgValue,
        pathValue,
        query,
        body,
        caller,
        fc.ipV4(),
        async (route, orgValue, value, search, sent, who, ip) => {
          const path = route.url.replace(":orgId", orgValue ?? orgId).replace(/:[a-zA-Z]+/g, value || "x");
          const person = who === "anonymous" ? undefined : people[who];
          const response = await t.request({
            method: route.method as "GET",
            url: `${path}${search}`,
            cookie: person?.cookie,
            // A different address each time, so the sign-in limits do not turn every try into a 429.
            remoteAddress: ip,
            ...(sent ? { headers: sent.type ? { "content-type": sent.type } : {}, payload: sent.text } : {}),
          });
          const sentText = sent ? `${sent.type}: ${sent.text.slice(0, 200)}` : "no body";
          expect(
            response.statusCode,
            `${who} ${route.method} ${path}${search} (${sentText}) -> ${response.body}`,
          ).toBeLessThan(500);

          // Undo what a success may have taken away, so later runs still reach deep code.
          if (response.statusCode < 300 && route.method !== "GET") {
            if (route.url.startsWith("/api/auth/") && person)
              await signInAgain(person, route.url.endsWith("/change-password"));
            if (route.url.startsWith("/api/orgs/:orgId")) await freshClub();
            // An account deleted (anonymised, no password): a new person takes the part.
            if (route.method === "DELETE" && route.url === "/api/me" && who !== "anonymous") {
              await makePerson(who);
              await freshClub();
            }
          }
        },
      ),
      { numRuns: 4000 },
    );
  }, 120_000);

  it("the input rules' fields, nearly valid, reach their routes and answer something other than 5xx", async () => {
    // Bodies well-formed but for the field under test, sent where they are read, so the checks
    // (the price floor, names, logo addresses, match dates, pending matches per opponent, and
    // what lies behind them: the session edit's gate and locks, the database) run on arbitrary
    // values. The club's payout account takes charges, so paid bodies get past that rule too.
    await connectSandboxPayouts(t, orgId, people.owner.cookie);
    const [session] = await makeSessions(t, orgId, people.owner, {
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 86_400_000 + 7_200_000).toISOString(),
    });
    // Half the time a name that passes, so the request reaches what lies behind validation.
    const name = fc.oneof(fc.constantFrom("Open Play", "Riverside Club", "Pat Player"), hostileName);
    const when = fc.integer({ min: -400, max: 400 }).map((days) => {
      const startsAt = new Date(Date.now() + days * 86_400_000);
      return {
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString(),
      };
    });
    const sessionBody = fc.record({
      name,
      paymentRequired: fc.boolean(),
      paymentAmount: price,
      when,
    });
    const club = `/api/orgs/${orgId}`;
    const targets = fc.oneof(
      sessionBody.map(({ when, ...body }) => ({
        method: "POST",
        url: `${club}/sessions`,
        payload: { ...body, ...when },
      })),
      sessionBody.map(({ when, ...body }) => ({
        method: "PUT",
        url: `${club}/sessions/${session!.id}`,
        payload: { ...body, ...when },
      })),
      fc.record({ name, logoUrl: hostileUrl }).map((body) => ({
        method: "PUT",
        url: club,
        payload: { ...body, timeZone: "America/New_York" },
      })),
      fc.record({ name, logoUrl: hostileUrl }).map((body) => ({
        method: "POST",
        url: "/api/orgs",
        payload: { ...body, courtsCount: 2, timeZone: "UTC" },
      })),
      name.map((fullName) => ({
        method: "PUT",
        url: "/api/me/profile",
        payload: { fullName, avatarUrl: "" },
      })),
      name.map((name) => ({ method: "POST", url: `${club}/courts`, payload: { name } })),
      name.map((guestName) => ({
        method: "POST",
        url: `${club}/sessions/${session!.id}/walk-ins`,
        payload: { guestName },
      })),
      fc
        .record({
          // Mostly a few names, so some lists pass and reach the session's lock; now and then too many.
          guestNames: fc.oneof(fc.array(name, { maxLength: 3 }), fc.array(name, { maxLength: 110 })),
          memberIds: fc.array(
            fc.oneof(fc.constantFrom(people.member.id, people.owner.id), fc.string({ maxLength: 120 })),
            { maxLength: 3 },
          ),
        })
        .map((body) => ({
          method: "POST",
          url: `${club}/sessions/${session!.id}/check-ins/bulk`,
          payload: body,
        })),
      fc.record({ playedAt: matchDate, flip: fc.boolean() }).map(({ playedAt, flip }) => ({
        method: "POST",
        url: `${club}/matches`,
        payload: {
          format: "singles",
          teamA: [flip ? people.member.id : people.owner.id],
          teamB: [flip ? people.owner.id : people.member.id],
          target: 11,
          games: [{ a: 11, b: 5 }],
          playedAt,
        },
      })),
    );
    await fc.assert(
      fc.asyncProperty(
        targets,
        fc.constantFrom("owner", "member") as fc.Arbitrary<"owner" | "member">,
        async (target, who) => {
          const response = await t.request({
            method: target.method as "POST",
            url: target.url,
            cookie: people[who].cookie,
            payload: target.payload,
          });
          expect(
            response.statusCode,
            `${who} ${target.method} ${target.url} ${JSON.stringify(target.payload)} -> ${response.body}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it("refuses JSON nested 10,000 deep with 400, on every route that reads a body", async () => {
    const objects = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const arrays = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const writes = [...routes, ...authRoutes].filter((r) => r.method !== "GET");
    expect(writes.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of writes) {
      const url = route.url
        .replace(":orgId", orgId)
        .replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000");
      for (const [who, cookie] of [
        ["anonymous", undefined],
        ["owner", people.owner.cookie],
      ] as const)
        for (const payload of [objects, arrays]) {
          const response = await t.request({
            method: route.method as "POST",
            url,
            cookie,
            headers: { "content-type": "application/json" },
            payload,
          });
          if (response.statusCode !== 400)
            wrong.push(
              `${who} ${route.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
        }
    }
    expect(wrong).toEqual([]);
  });
});
