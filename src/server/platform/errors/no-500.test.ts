// "No input makes the server answer 500": every route (ours, better-auth's, the sandbox
// checkout's), called by the club's owner, one of its members or an anonymous caller, with
// arbitrary path values, queries, bodies and content types, answers something other than 5xx;
// and a JSON body nested 10,000 deep is refused with 400 wherever a body is read.
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

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
