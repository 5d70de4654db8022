// The club reads (club-reads.ts): the sessions list, a session's page and the members list are
// kept per instance until the club's data stamp moves. They must never show a club's data older
// than its last commit: whoever wrote it, through which instance, and not before the commit.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { Endpoint } from "../../../shared/contracts/endpoint.js";
import { membersEndpoints } from "../../../shared/contracts/members-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { profiles } from "../../db/schema/account.js";
import { users } from "../../db/schema/auth.js";
import { organizations } from "../../db/schema/clubs.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { FORMER_MEMBER } from "../../features/account/service.js";
import { deleteAccount } from "../../features/me/delete-account.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { statementsSent } from "../../test/statements-sent.js";
import { type CallArgs, callApp } from "../../test/typed-client.js";
import { clubDataStamp, clubReads } from "./club-reads.js";

let now = new Date("2026-03-02T12:00:00Z");
let t: TestApp;
let owner: TestUser;
let player: TestUser;
let clubId: string;
let otherClubId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  owner = await makeUser(t, "owner@stamps.example", "Olive Owner");
  player = await makeUser(t, "pat@stamps.example", "Pat Player");
  clubId = (await makeClub(t, owner, [[player, "member"]])).id;
  otherClubId = (await makeClub(t, await makeUser(t, "other@stamps.example"))).id;
});
afterAll(async () => {
  await t?.close();
});

const get = async <E extends Endpoint>(definition: E, ...args: CallArgs<E>) => {
  const response = await t.call(definition, ...args);
  expect(response.status, response.response.text).toBe(200);
  return response.body;
};
const asOwner = () => ({ cookie: owner.cookie });

async function slugOfClub() {
  const [club] = await t.db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(eq(organizations.id, clubId));
  if (!club) throw new Error("the club is gone");
  return club.slug;
}

const createSession = async (startsAt: string, endsAt: string, name = "Open Play") =>
  (await makeSessions(t, clubId, owner, { name, startsAt, endsAt, capacity: 8 }))[0]!;

describe("the club data stamp", () => {
  it("moves with every committed write a club's shared reads show, and only for that club", async () => {
    const session = await createSession("2026-03-03T23:00:00Z", "2026-03-04T01:00:00Z");
    const writes: Array<[string, () => Promise<unknown>]> = [
      [
        "a session's name",
        () => t.db.update(sessions).set({ name: "Late Play" }).where(eq(sessions.id, session.id)),
      ],
      [
        "a registration",
        () =>
          t.db.insert(sessionRegistrations).values({
            organizationId: clubId,
            sessionId: session.id,
            userId: player.id,
            status: "registered",
            seq: 1,
          }),
      ],
      [
        "a registration's check-in",
        () =>
          t.db
            .update(sessionRegistrations)
            .set({ checkedInAt: now })
            .where(eq(sessionRegistrations.sessionId, session.id)),
      ],
      [
        "a registration removed",
        () => t.db.delete(sessionRegistrations).where(eq(sessionRegistrations.sessionId, session.id)),
      ],
      [
        "a role",
        () => t.db.update(userRoles).set({ role: "organizer" }).where(eq(userRoles.userId, player.id)),
      ],
      [
        "a person's account name",
        () => t.db.update(users).set({ name: "Pat P." }).where(eq(users.id, player.id)),
      ],
      [
        "a person's address",
        () => t.db.update(users).set({ email: "pat.p@stamps.example" }).where(eq(users.id, player.id)),
      ],
      [
        "a person's full name",
        () => t.db.update(profiles).set({ fullName: "Patricia Player" }).where(eq(profiles.id, player.id)),
      ],
      [
        "the club's time zone",
        () =>
          t.db.update(organizations).set({ timeZone: "America/Chicago" }).where(eq(organizations.id, clubId)),
      ],
      ["a session deleted", () => t.db.delete(sessions).where(eq(sessions.id, session.id))],
    ];
    for (const [what, write] of writes) {
      const [before, otherBefore] = [
        await clubDataStamp(t.db, clubId),
        await clubDataStamp(t.db, otherClubId),
      ];
      await write();
      expect(await clubDataStamp(t.db, clubId), what).toBeGreaterThan(before);
      expect(await clubDataStamp(t.db, otherClubId), what).toBe(otherBefore);
    }

    // A write to nothing these reads show (a person's sign-in time) leaves it alone.
    const still = await clubDataStamp(t.db, clubId);
    await t.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, player.id));
    expect(await clubDataStamp(t.db, clubId)).toBe(still);
  });

  it("moves at commit: a read during the transaction sees the old stamp, and a rollback leaves it", async () => {
    await createSession("2026-03-05T23:00:00Z", "2026-03-06T01:00:00Z");
    const before = await clubDataStamp(t.db, clubId);
    let during = -1;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update sessions set name = 'Renamed' where organization_id = ${clubId}`);
      during = await clubDataStamp(t.db, clubId);
    });
    expect(during).toBe(before);
    const committed = await clubDataStamp(t.db, clubId);
    expect(committed).toBeGreaterThan(before);

    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`update sessions set name = 'Never' where organization_id = ${clubId}`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await clubDataStamp(t.db, clubId)).toBe(committed);
  });
});

describe("the club data stamp, further", () => {
  it("moves once for a transaction however many of the club's rows it writes", async () => {
    await createSession("2026-03-06T23:00:00Z", "2026-03-07T01:00:00Z");
    await createSession("2026-03-07T23:00:00Z", "2026-03-08T01:00:00Z");
    const before = await clubDataStamp(t.db, clubId);
    await t.db.execute(
      sql`update sessions set description = 'Bring water' where organization_id = ${clubId}`,
    );
    expect(await clubDataStamp(t.db, clubId)).toBe(before + 1);
  });

  it("moves in the club's own table whatever search path the writing connection has set", async () => {
    const session = await createSession("2026-03-10T23:00:00Z", "2026-03-11T01:00:00Z");
    const before = await clubDataStamp(t.db, clubId);
    // A table of the same name in a schema ahead of ours: the trigger must not write to it.
    await t.db.execute(sql`create schema shadow`);
    await t.db.execute(
      sql`create table shadow.club_data_stamps (like public.club_data_stamps including all)`,
    );
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local search_path = shadow, public`);
      await tx.update(sessions).set({ name: "Shadowed Play" }).where(eq(sessions.id, session.id));
    });
    expect(await clubDataStamp(t.db, clubId)).toBe(before + 1);
    const shadowed = await t.db.execute(sql`select count(*)::int as n from shadow.club_data_stamps`);
    expect(shadowed.rows[0]?.n).toBe(0);
  });

  it("moves for a club someone left when they rename themself, and when they delete their account", async () => {
    const leaver = await makeUser(t, "lee@stamps.example", "Lee Leaver");
    await t.db.insert(organizationMembers).values({ organizationId: clubId, userId: leaver.id });
    const session = await createSession("2026-03-08T23:00:00Z", "2026-03-09T01:00:00Z", "Sunday Drills");
    const registered = await t.call(
      sessionsEndpoints.register,
      { params: { orgId: clubId, sessionId: session.id } },
      { cookie: leaver.cookie },
    );
    expect(registered.status, registered.response.text).toBe(201);
    const left = await t.call(
      membersEndpoints.leave,
      { params: { orgId: clubId } },
      { cookie: leaver.cookie },
    );
    expect(left.status, left.response.text).toBeLessThan(300);
    const page = { params: { orgId: clubId, sessionId: session.id } };
    const nameOnList = async () =>
      (await get(sessionsEndpoints.details, page, asOwner())).registrations.find(
        (r: { userId: string | null }) => r.userId === leaver.id,
      )?.name;
    expect(await nameOnList()).toBe("Lee Leaver");

    await t.db.update(profiles).set({ fullName: "Lee Renamed" }).where(eq(profiles.id, leaver.id));
    expect(await nameOnList()).toBe("Lee Renamed");
    await deleteAccount(t.deps, leaver.id);
    expect(await nameOnList()).toBe(FORMER_MEMBER);
  });
});

describe("the kept values", () => {
  it("are built once while the stamp stands, again when it moves, and frozen", async () => {
    let builds = 0;
    const build = async () => ({ value: { builds: ++builds, list: [{ name: "kept" }] } });
    const reads = clubReads(t.db);
    const first = await reads.read(clubId, "test:builds", build);
    const second = await reads.read(clubId, "test:builds", build);
    expect(second).toBe(first);
    expect(builds).toBe(1);
    expect(Object.isFrozen(first.list[0])).toBe(true);
    expect(() => {
      (first.list as Array<{ name: string }>).push({ name: "sneaked in" });
    }).toThrow(TypeError);

    await t.db.update(organizations).set({ location: "Court Street" }).where(eq(organizations.id, clubId));
    const third = await reads.read(clubId, "test:builds", build);
    expect(third.builds).toBe(2);
    // Another club's read is its own.
    await reads.read(otherClubId, "test:builds", build);
    expect(builds).toBe(3);
  });
});

describe("the kept reads", () => {
  it("show a write made behind the instance's back (another instance, a hand in psql) on the next read", async () => {
    const session = await createSession("2026-03-10T23:00:00Z", "2026-03-11T01:00:00Z", "Tuesday Ladder");
    const other = await t.secondInstance();
    try {
      const onOther = async <E extends Endpoint>(definition: E, ...args: CallArgs<E>) => {
        const response = await callApp(other.app, definition, ...args);
        expect(response.status, response.response.text).toBe(200);
        return response.body;
      };
      const page = { params: { orgId: clubId, sessionId: session.id } };
      const list = { params: { orgId: clubId }, query: {} };
      const members = { params: { orgId: clubId }, query: {} };
      // Read once on each instance, so each keeps a copy.
      for (const read of [get, onOther]) {
        expect((await read(sessionsEndpoints.details, page, asOwner())).registrations).toEqual([]);
        expect(
          (await read(sessionsEndpoints.list, list, asOwner())).sessions.find((s) => s.id === session.id)
            ?.registeredCount,
        ).toBe(0);
        await read(membersEndpoints.members, members, asOwner());
      }

      // Registering on this instance: the other shows it on its next read.
      const registered = await t.call(
        sessionsEndpoints.register,
        { params: { orgId: clubId, sessionId: session.id } },
        { cookie: player.cookie },
      );
      expect(registered.status, registered.response.text).toBe(201);
      expect(
        (await onOther(sessionsEndpoints.details, page, asOwner())).registrations.map((r) => r.userId),
      ).toEqual([player.id]);
      expect(
        (await onOther(sessionsEndpoints.list, list, asOwner())).sessions.find((s) => s.id === session.id)
          ?.registeredCount,
      ).toBe(1);

      // A rename made in psql: both instances show it on their next read.
      await t.db.update(profiles).set({ fullName: "Pat Renamed" }).where(eq(profiles.id, player.id));
      for (const read of [get, onOther]) {
        expect((await read(sessionsEndpoints.details, page, asOwner())).registrations[0]?.name).toBe(
          "Pat Renamed",
        );
        const member = (await read(membersEndpoints.members, members, asOwner())).members.find(
          (m) => m.userId === player.id,
        );
        expect(member?.name).toBe("Pat Renamed");
      }
    } finally {
      await other.close();
    }
  });

  it("keep the public club page until the club changes, at whichever address it has", async () => {
    const slug = await slugOfClub();
    const page = (address: string) => t.call(publicClubEndpoints.page, { params: { slug: address } });
    expect((await page(slug)).status).toBe(200);

    await t.db.update(organizations).set({ name: "Renamed Courts" }).where(eq(organizations.id, clubId));
    expect((await page(slug)).body.club.name).toBe("Renamed Courts");

    await t.db.update(organizations).set({ slug: "renamed-courts" }).where(eq(organizations.id, clubId));
    // The address is looked up on every request and the page kept by the club's id: this 404
    // guards against a later cache by address. The kept page's own address, below, is what
    // the stamp keeps current.
    expect((await page(slug)).status).toBe(404);
    const moved = await page("renamed-courts");
    expect(moved.status).toBe(200);
    expect(moved.body.club.slug).toBe("renamed-courts");
  });

  it("drop an upcoming session from the public page when it starts and from the list when it ends, with no write at all", async () => {
    now = new Date("2026-03-20T17:00:00Z");
    const soon = await createSession("2026-03-20T18:00:00Z", "2026-03-20T20:00:00Z", "Friday Social");
    const later = await createSession("2026-03-21T18:00:00Z", "2026-03-21T20:00:00Z", "Saturday Social");
    const slug = await slugOfClub();
    const listed = async () =>
      (await get(sessionsEndpoints.list, { params: { orgId: clubId }, query: {} }, asOwner())).sessions.map(
        (s) => s.id,
      );
    const onPage = async () =>
      (await get(publicClubEndpoints.page, { params: { slug } }, asOwner())).upcomingSessions.map(
        (s) => s.id,
      );
    for (const read of [listed, onPage])
      expect(await read()).toEqual(expect.arrayContaining([soon.id, later.id]));
    const stamp = await clubDataStamp(t.db, clubId);

    // Started: visitors no longer see it coming; the club still has it, "Now", to start it.
    now = new Date("2026-03-20T18:00:01Z");
    expect(await onPage()).not.toContain(soon.id);
    expect(await listed()).toEqual(expect.arrayContaining([soon.id, later.id]));
    // Ended: gone from the list too.
    now = new Date("2026-03-20T20:00:01Z");
    expect(await listed()).not.toContain(soon.id);
    expect(await listed()).toContain(later.id);
    expect(await clubDataStamp(t.db, clubId)).toBe(stamp);
  });
});

describe("a person's kept /api/me", () => {
  const me = async (who: TestUser) => get(meEndpoints.me, {}, { cookie: who.cookie });
  const clubOf = async (who: TestUser, id: string) => (await me(who)).organizations.find((c) => c.id === id);

  it("is read again only when one of their clubs' stamps moves, or which clubs they are in changes", async () => {
    const person = await makeUser(t, "kept-me@stamps.example", "Kim Kept");
    expect((await me(person)).organizations).toEqual([]);
    // Their name and avatar are read every time, in a club or not.
    await t.db.update(profiles).set({ fullName: "Kim Clubless" }).where(eq(profiles.id, person.id));
    expect((await me(person)).user.fullName).toBe("Kim Clubless");

    // Joined, by hand (as another instance or a job would): the list of their clubs changed.
    await t.db.insert(organizationMembers).values({ organizationId: clubId, userId: person.id });
    expect((await clubOf(person, clubId))?.role).toBe("member");
    const sent = await statementsSent(/account_and_clubs|person_and_club_stamps/, () => me(person));
    expect(sent).toEqual([expect.stringContaining("person_and_club_stamps")]);

    // Each of these moves a stamp of theirs, written behind the instance's back.
    await t.db.insert(userRoles).values({ organizationId: clubId, userId: person.id, role: "organizer" });
    expect((await clubOf(person, clubId))?.role).toBe("organizer");
    await t.db.update(organizations).set({ name: "Renamed Rackets" }).where(eq(organizations.id, clubId));
    expect((await clubOf(person, clubId))?.name).toBe("Renamed Rackets");
    await t.db.update(profiles).set({ fullName: "Kim Renamed" }).where(eq(profiles.id, person.id));
    expect((await me(person)).user.fullName).toBe("Kim Renamed");
    await t.db.update(users).set({ name: "Kim User" }).where(eq(users.id, person.id));
    await t.db.delete(profiles).where(eq(profiles.id, person.id));
    expect((await me(person)).user.fullName).toBe("Kim User");
    // Their name is never kept, even when no stamp moves: a rename raises the stamps of the
    // clubs found as it commits, and a club joined at that moment would not hear of it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: "Kim Unstamped" }).where(eq(users.id, person.id));
    });
    expect((await me(person)).user.fullName).toBe("Kim Unstamped");

    // Another club's write leaves theirs kept; leaving the club shows at once.
    await t.db.update(organizations).set({ name: "Elsewhere" }).where(eq(organizations.id, otherClubId));
    expect(await statementsSent(/account_and_clubs/, () => me(person))).toEqual([]);
    await t.db
      .delete(organizationMembers)
      .where(
        sql`${organizationMembers.userId} = ${person.id} and ${organizationMembers.organizationId} = ${clubId}`,
      );
    expect(await clubOf(person, clubId)).toBeUndefined();
  });
});
