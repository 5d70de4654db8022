// Quick builders for tests that need many people and clubs: accounts are created and signed
// in through better-auth itself (confirmation skipped by marking the address confirmed).

import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Role } from "../../shared/domain/roles.js";
import { profiles } from "../db/schema/account.js";
import { organizationMembers, userRoles } from "../db/schema/members.js";
import { sessionRegistrations, sessions } from "../db/schema/sessions.js";
import { refreshQueue } from "../features/courts/actions.js";
import { createOrganization } from "../features/members/service.js";
import type { TestApp } from "./harness.js";

export type TestUser = { id: string; email: string; name: string; cookie: string };

export const PASSWORD = "factory-password-1";
let clubCounter = 0;

export async function makeUser(t: TestApp, email: string, name = email.split("@")[0]!): Promise<TestUser> {
  // Through better-auth's own adapter, confirmed from the start: no confirmation mail queued.
  const context = await t.deps.auth.$context;
  const user = await context.internalAdapter.createUser(
    { email, name, emailVerified: true },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(PASSWORD),
  });
  await t.db.insert(profiles).values({ id: user.id, fullName: name }).onConflictDoNothing();
  const response = await t.deps.auth.api.signInEmail({
    body: { email, password: PASSWORD },
    asResponse: true,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, email, name, cookie };
}

/** A club owned by `owner`, with each other person added in the given role. */
export async function makeClub(
  t: TestApp,
  owner: TestUser,
  others: Array<[TestUser, Exclude<Role, "owner">]> = [],
  options: { name?: string; courtsCount?: number } = {},
) {
  const { organization } = await createOrganization(
    t.db,
    owner,
    {
      name: options.name ?? `Factory Club ${++clubCounter}`,
      courtsCount: options.courtsCount ?? 2,
      timeZone: "America/New_York",
    },
    t.deps.now(),
  );
  for (const [person, role] of others) {
    await t.db.insert(organizationMembers).values({ organizationId: organization.id, userId: person.id });
    await t.db.insert(userRoles).values({ organizationId: organization.id, userId: person.id, role });
  }
  return organization;
}

/**
 * A club owned by a new user (owner@`domain`) with `count` new members (p0@`domain`, ...): the
 * players of a night on the board.
 */
export async function clubOfMembers(
  t: TestApp,
  domain: string,
  count: number,
  options: { courtsCount?: number } = {},
) {
  const owner = await makeUser(t, `owner@${domain}`);
  const members = await Promise.all(Array.from({ length: count }, (_, i) => makeUser(t, `p${i}@${domain}`)));
  const club = await makeClub(
    t,
    owner,
    members.map((m) => [m, "member"] as [TestUser, "member"]),
    options,
  );
  return { owner, members, orgId: club.id };
}

/**
 * 23:00 UTC on the day `days` after today, `hours` later, as ISO: an evening still to come
 * whenever the suite runs (a test that wrote a fixed date failed once that evening began).
 */
export function eveningIn(days: number, hours = 0): string {
  const tonight = new Date();
  tonight.setUTCHours(23, 0, 0, 0);
  return new Date(tonight.getTime() + (days * 24 + hours) * 3_600_000).toISOString();
}

/**
 * Schedules sessions as an organizer does, through the API (Open Play, 3 March 2026, 23:00 to
 * 01:00 UTC, unless `body` says otherwise), and answers them as it does.
 */
export async function makeSessions(
  t: TestApp,
  organizationId: string,
  organizer: TestUser,
  body: Record<string, unknown> = {},
) {
  const response = await t.request({
    method: "POST",
    url: `/api/orgs/${organizationId}/sessions`,
    cookie: organizer.cookie,
    payload: { name: "Open Play", startsAt: "2026-03-03T23:00:00Z", endsAt: "2026-03-04T01:00:00Z", ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().sessions as Array<{ id: string; startsAt: string; paymentAmount: number | null }>;
}

/**
 * Makes a fresh session the club's only active one, with these people checked in in order
 * (members by user id, then `guests` guests), and brings the board's queue up to date.
 */
export async function activeSessionWith(
  t: TestApp,
  organizationId: string,
  guests: number,
  members: TestUser[] = [],
  name = "Open Play",
) {
  await t.db.update(sessions).set({ status: "completed" }).where(eq(sessions.organizationId, organizationId));
  const startsAt = new Date();
  const [session] = await t.db
    .insert(sessions)
    .values({
      organizationId,
      name,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
      status: "active",
    })
    .returning();
  const people = [
    ...members.map((m) => ({ userId: m.id })),
    ...Array.from({ length: guests }, (_, i) => ({ guestName: `Guest ${i + 1}` })),
  ];
  if (people.length > 0)
    await t.db.insert(sessionRegistrations).values(
      people.map((person, i) => ({
        organizationId,
        sessionId: session!.id,
        ...person,
        status: "registered" as const,
        seq: i + 1,
        checkedInAt: new Date(Date.now() + i),
      })),
    );
  await refreshQueue(t.deps, organizationId);
  return session!;
}
