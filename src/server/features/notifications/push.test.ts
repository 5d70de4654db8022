// Web Push end to end without the internet: a player opts a device in, is called to a court,
// and a push service on 127.0.0.1 receives the encrypted push, which the device's own keys
// decrypt (RFC 8291) to the court and who with; a device its push service has let go (410) is
// removed; bad or private push addresses are refused and never called.
import { lookup } from "node:dns/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { SEND_EMAIL } from "../../platform/jobs/jobs.js";
import { runCourtNoticeJobs } from "../../test/court-notice-jobs.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { startPushService } from "../../test/push-service.js";
import { refreshQueue, startFilling } from "../courts/service.js";
import { endpointProblem, endpointProblemResolved } from "./push.js";

// The real resolver unless a test says what a name resolves to: no test here reaches real DNS
// for a public name.
vi.mock("node:dns/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:dns/promises")>();
  return { ...real, lookup: vi.fn(real.lookup) };
});

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
let owner: TestUser;
let ann: TestUser;
let ben: TestUser;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" } });
  owner = await makeUser(t, "owner@push.example");
  ann = await makeUser(t, "ann@push.example", "Ann");
  ben = await makeUser(t, "ben@push.example", "Ben");
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

const optIn = (who: TestUser, subscription: object, label = "Ann's phone") =>
  t.request({
    method: "POST",
    url: "/api/me/push-devices",
    cookie: who.cookie,
    payload: { ...subscription, label },
  });
const devices = async (who: TestUser) =>
  (await t.request({ method: "GET", url: "/api/me/push-devices", cookie: who.cookie })).json()
    .devices as Array<{ id: string; label: string }>;

/** A club on one court with these members and walk-ins to make four checked in, and its court filled. */
async function calledToCourt(members: TestUser[]) {
  const club = await makeClub(
    t,
    owner,
    members.map((m) => [m, "member"] as [TestUser, "member"]),
    { courtsCount: 1 },
  );
  const [session] = await t.db
    .insert(sessions)
    .values({
      organizationId: club.id,
      name: "Push Night",
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 7_200_000),
      status: "active",
    })
    .returning();
  // Four in all, so all four go on the one court.
  const walkIns = ["Cal Walkin", "Dee Walkin", "Eve Walkin"].slice(0, 4 - members.length);
  const people = [...members.map((m) => ({ userId: m.id })), ...walkIns.map((guestName) => ({ guestName }))];
  await t.db.insert(sessionRegistrations).values(
    people.map((person, i) => ({
      organizationId: club.id,
      sessionId: session!.id,
      ...person,
      status: "registered" as const,
      seq: i + 1,
      checkedInAt: new Date(Date.now() + i),
    })),
  );
  await startFilling(t.deps, club.id);
}

async function pushTo(path: string, timeout = 10_000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const push = service.received.find((r) => r.path === path);
    if (push) return push;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no push to ${path} within ${timeout} ms`);
}

describe("a call pushed to the phone", () => {
  it("reaches the opted-in device, encrypted for it alone, with the court and who with", async () => {
    const phone = service.device("ann-phone");
    const saved = await optIn(ann, phone.subscription);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await devices(ann)).toEqual([expect.objectContaining({ label: "Ann's phone" })]);

    await calledToCourt([ann, ben]);
    const push = await pushTo(phone.path);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${t.deps.config.push.publicKey}$`));
    const payload = JSON.parse(phone.decrypt(push.body));
    expect(payload).toMatchObject({ title: "Court 1 now", url: "/board", actions: ["on-my-way"] });
    expect(payload.body).toMatch(/^You're (with \w+( Walkin)?, )?against .+ & .+\.$/);
    // Names and courts only: no address, no token.
    const plain = JSON.stringify(payload);
    expect(plain).not.toContain("@");
    expect(plain).not.toContain(ann.cookie.split("=")[1]!.slice(0, 12));
    // Ben opted nothing in: no push for him.
    expect(service.received.filter((r) => r.path.includes("ben"))).toEqual([]);
  });

  it("reaches a player put in a court's next group once, a minute on, with both answers and no email", async () => {
    const cat = await makeUser(t, "cat@push.example", "Cat");
    const phone = service.device("cat-phone");
    expect((await optIn(cat, phone.subscription, "Cat's phone")).statusCode).toBe(201);
    const club = await makeClub(t, owner, [[cat, "member"]], { courtsCount: 1 });
    const [session] = await t.db
      .insert(sessions)
      .values({
        organizationId: club.id,
        name: "Next Group Night",
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 7_200_000),
        status: "active",
      })
      .returning();
    const checkIn = (people: Array<{ userId: string } | { guestName: string }>, from: number) =>
      t.db.insert(sessionRegistrations).values(
        people.map((person, i) => ({
          organizationId: club.id,
          sessionId: session!.id,
          ...person,
          status: "registered" as const,
          seq: from + i,
          checkedInAt: new Date(Date.now() + from + i),
        })),
      );
    // Four walk-ins on the court first; then Cat and three more arrive, the court's next group.
    await checkIn(
      ["A", "B", "C", "D"].map((n) => ({ guestName: `${n} Early` })),
      1,
    );
    await startFilling(t.deps, club.id);
    await checkIn([{ userId: cat.id }, ...["E", "F", "G"].map((n) => ({ guestName: `${n} Later` }))], 5);
    // Nothing before the change that puts Cat up next. (How soon after it the push leaves is
    // not timed here: a busy machine delays it for no bug; pushTo bounds the wait.)
    expect(service.received.filter((r) => r.path === phone.path)).toEqual([]);
    await refreshQueue(t.deps, club.id);
    // "Up next" waits for the notices' job, a minute on (a burst of scores settles first).
    await followUps(t.deps.database).settled();
    expect(service.received.filter((r) => r.path === phone.path)).toEqual([]);
    await runCourtNoticeJobs(t, club.id);
    await runCourtNoticeJobs(t, club.id);
    const push = await pushTo(phone.path);
    expect(service.received.filter((r) => r.path === phone.path)).toHaveLength(1);
    expect(JSON.parse(phone.decrypt(push.body))).toMatchObject({
      title: "Up next on Court 1",
      body: "You're with E Later, F Later and G Later. Head over when the game on it ends.",
      actions: ["on-my-way", "skip"],
    });
    // Her phone heard it: no email of the same call.
    const emails = await t.db.execute(
      sql`select 1 from pgboss.job where name = ${SEND_EMAIL} and data->>'to' = ${cat.email}`,
    );
    expect(emails.rows).toEqual([]);
  });

  it("removes a device its push service has let go (410), and calls it no more", async () => {
    const gone = service.device("ben-old-phone");
    service.statusFor.set(gone.path, 410);
    expect((await optIn(ben, gone.subscription, "Ben's old phone")).statusCode).toBe(201);
    await calledToCourt([ben]);
    await pushTo(gone.path);
    const until = Date.now() + 10_000;
    while ((await devices(ben)).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await devices(ben)).toEqual([]);
  });

  it("lets a person remove their own devices only", async () => {
    const [mine] = await devices(ann);
    const byOther = await t.request({
      method: "DELETE",
      url: `/api/me/push-devices/${mine!.id}`,
      cookie: ben.cookie,
    });
    expect(byOther.statusCode).toBe(404);
    const byMe = await t.request({
      method: "DELETE",
      url: `/api/me/push-devices/${mine!.id}`,
      cookie: ann.cookie,
    });
    expect(byMe.statusCode).toBe(204);
    expect(await devices(ann)).toEqual([]);
  });
});

describe("bad push addresses and keys", () => {
  it("are refused with a clear message, before anything is saved", async () => {
    const good = service.device("checks").subscription;
    const cases: Array<[object, RegExp]> = [
      [{ ...good, endpoint: `https://push.example/${"x".repeat(2001)}` }, /at most 2000 characters/],
      [{ ...good, endpoint: "not a url" }, /not a URL/],
      [{ ...good, keys: { ...good.keys, p256dh: "AAAA" } }, /not a P-256 public key/],
      [{ ...good, keys: { ...good.keys, auth: "short" } }, /not 16 bytes/],
    ];
    for (const [body, message] of cases) {
      const refused = await optIn(ann, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(message);
    }
    expect(await devices(ann)).toEqual([]);
    expect((await t.request({ method: "POST", url: "/api/me/push-devices", payload: good })).statusCode).toBe(
      401,
    );
  });

  it("outside tests, must be https to a public host: loopback, private and local names are refused", () => {
    const production = { ...t.deps.config.push, allowPrivateEndpoints: false };
    for (const endpoint of [
      "http://push.example.com/x",
      "https://127.0.0.1/x",
      "https://10.1.2.3/x",
      "https://192.168.0.9/x",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://[fd00::1]/x",
      "https://[::ffff:10.0.0.1]/x",
      "https://printer.local/x",
      "https://localhost/x",
      "https://localhost./x",
      "https://push.example.com:8443/x",
    ])
      expect(endpointProblem(endpoint, production), endpoint).not.toBeNull();
    expect(endpointProblem("https://fcm.googleapis.com/fcm/send/abc", production)).toBeNull();
    expect(endpointProblem("https://updates.push.services.mozilla.com/wpush/v2/abc", production)).toBeNull();
  });

  // Written as an address, each of these leads somewhere other than a public push service.
  const notGlobal = [
    "[::7f00:1]", // IPv4-compatible 127.0.0.1
    "[::ffff:7f00:1]", // IPv4-mapped 127.0.0.1
    "[::ffff:0:a00:1]", // IPv4-translated 10.0.0.1 (RFC 6145)
    "[64:ff9b::7f00:1]", // NAT64 to 127.0.0.1
    "[64:ff9b::a9fe:a9fe]", // NAT64 to 169.254.169.254
    "[64:ff9b:1::808:808]", // local-use NAT64 (RFC 8215)
    "[::]",
    "[ff02::1]",
    "[fe80::1]",
    "[2001:db8::1]",
    "[100::1]",
    "0.0.0.0",
    "198.18.0.1",
    "198.19.255.254",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "192.0.0.8",
    "192.0.2.1",
    "240.0.0.1",
    "2130706433", // 127.0.0.1 as one number
  ];

  it("outside tests, must be a global unicast address: embedded IPv4 is judged as IPv4", () => {
    const production = { ...t.deps.config.push, allowPrivateEndpoints: false };
    const problem = (host: string) => endpointProblem(`https://${host}/x`, production);
    expect(notGlobal.filter((host) => !/not a private or local one/.test(problem(host) ?? ""))).toEqual([]);
    for (const host of ["8.8.8.8", "[2606:4700:4700::1111]", "[::ffff:808:808]", "[64:ff9b::808:808]"])
      expect(endpointProblem(`https://${host}/x`, production), host).toBeNull();
  });

  it("outside tests, a name is judged by every address it resolves to, the same way", async () => {
    const production = { ...t.deps.config.push, allowPrivateEndpoints: false };
    const resolvesTo = (...addresses: string[]) =>
      vi
        .mocked(lookup)
        .mockResolvedValueOnce(
          addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })) as never,
        );
    const accepted: string[] = [];
    for (const host of notGlobal.filter((written) => !/^\d+$/.test(written))) {
      const address = host.replace(/^\[|\]$/g, "");
      resolvesTo("8.8.8.8", address);
      const problem = await endpointProblemResolved("https://push.example.com/x", production);
      if (!/not a private or local one/.test(problem ?? "")) accepted.push(address);
    }
    expect(accepted).toEqual([]);
    resolvesTo("142.250.74.106", "2a00:1450:4001:82b::200a");
    expect(await endpointProblemResolved("https://fcm.googleapis.com/fcm/send/abc", production)).toBeNull();
  });

  it("outside tests, are checked where they lead: a name that does not resolve is refused", async () => {
    const production = { ...t.deps.config.push, allowPrivateEndpoints: false };
    expect(await endpointProblemResolved("https://push.invalid/x", production)).toBe(
      "The push address's host could not be found",
    );
    expect(await endpointProblemResolved("https://10.0.0.1/x", production)).toMatch(
      /not a private or local one/,
    );
  });

  it("are at most ten devices a person", async () => {
    const dan = await makeUser(t, "dan@push.example", "Dan");
    for (let i = 0; i < 10; i++)
      expect((await optIn(dan, service.device(`dan-${i}`).subscription, `Dan's ${i}`)).statusCode).toBe(201);
    const eleventh = await optIn(dan, service.device("dan-10").subscription);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.message).toBe("At most 10 devices can be called: remove one first.");
    // The same device again is an update, not an eleventh.
    expect((await optIn(dan, service.device("dan-0").subscription)).statusCode).toBe(201);
  });
});
