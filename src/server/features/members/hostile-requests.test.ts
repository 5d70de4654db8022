// Every state-changing route against hostile requests, listed from the app itself so a new
// route is covered the day it is added:
//   - another site's page posting a form with the owner's cookie (CSRF) is refused, 403;
//   - a same-origin body that is not JSON is refused, 415;
//   - club A's owner naming club B's entities under club A's path (mixed ids) gets 404 and
//     changes nothing in club B.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courts } from "../../db/schema/clubs.js";
import { displayTokens, games } from "../../db/schema/courts.js";
import { matches } from "../../db/schema/ladder.js";
import { invitations, organizationJoinRequests } from "../../db/schema/members.js";
import { householdMembers, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { refreshQueue, startFilling } from "../courts/actions.js";

type Route = { method: string; url: string };
const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];

let t: TestApp;
let ownerA: TestUser;
let ownerB: TestUser;
let clubA: string;
const routes: Route[] = [];
/** Club B's entity for each path parameter name. */
const idsOfB: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        if (STATE_CHANGING.includes(method) && route.url.startsWith("/api/"))
          routes.push({ method, url: route.url });
    },
  });
  ownerA = await makeUser(t, "owner-a@hostile.example");
  ownerB = await makeUser(t, "owner-b@hostile.example");
  const memberB = await makeUser(t, "member-b@hostile.example");
  const joiner = await makeUser(t, "joiner@hostile.example");
  clubA = (await makeClub(t, ownerA, [], { courtsCount: 2 })).id;
  const clubB = (await makeClub(t, ownerB, [[memberB, "member"]], { courtsCount: 2 })).id;

  // Club B's entities: a live board with a game on court, a match, an invitation, a join request, a TV link.
  const now = new Date();
  const [session] = await t.db
    .insert(sessions)
    .values({
      organizationId: clubB,
      name: "B Night",
      startsAt: now,
      endsAt: new Date(now.getTime() + 7_200_000),
      status: "active",
    })
    .returning();
  const registrations = await t.db
    .insert(sessionRegistrations)
    .values(
      Array.from({ length: 4 }, (_, i) => ({
        organizationId: clubB,
        sessionId: session!.id,
        guestName: `B Guest ${i}`,
        status: "registered" as const,
        seq: i + 1,
        checkedInAt: now,
      })),
    )
    .returning();
  await refreshQueue(t.deps, clubB);
  await startFilling(t.deps, clubB);
  const [game] = await t.db.select().from(games).where(eq(games.organizationId, clubB));
  const [court] = await t.db.select().from(courts).where(eq(courts.organizationId, clubB));
  const [match] = await t.db
    .insert(matches)
    .values({
      organizationId: clubB,
      format: "singles",
      teamA: [ownerB.id],
      teamB: [memberB.id],
      games: [{ a: 11, b: 4 }],
      winner: "A",
      playedAt: now,
      status: "disputed",
      loggedBy: ownerB.id,
    })
    .returning();
  const [invitation] = await t.db
    .insert(invitations)
    .values({
      organizationId: clubB,
      email: "invitee@hostile.example",
      tokenHash: "hostile-hash",
      expiresAt: new Date(now.getTime() + 86_400_000),
    })
    .returning();
  const [request] = await t.db
    .insert(organizationJoinRequests)
    .values({ organizationId: clubB, userId: joiner.id })
    .returning();
  await t.db.insert(displayTokens).values({ organizationId: clubB, token: "hostile-tv-token" });
  // And a household plan whose payer is B's owner, with B's member in it.
  const [plan] = await t.db
    .insert(membershipPlans)
    .values({
      organizationId: clubB,
      familyId: randomUUID(),
      name: "B Family",
      code: "BFAM",
      kind: "household",
      householdSize: 4,
      priceCents: 6000,
      interval: "year",
    })
    .returning();
  const [dues] = await t.db
    .insert(planMemberships)
    .values({
      organizationId: clubB,
      userId: ownerB.id,
      planId: plan!.id,
      status: "active",
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      provider: "sandbox",
    })
    .returning();
  const [inHousehold] = await t.db
    .insert(householdMembers)
    .values({
      organizationId: clubB,
      membershipId: dues!.id,
      userId: memberB.id,
      role: "adult",
      acceptedAt: now,
    })
    .returning();
  Object.assign(idsOfB, {
    planId: plan!.id,
    memberId: inHousehold!.id,
    sessionId: session!.id,
    registrationId: registrations[0]!.id,
    gameId: game!.id,
    courtId: court!.id,
    matchId: match!.id,
    invitationId: invitation!.id,
    requestId: request!.id,
    token: "hostile-tv-token",
    userId: memberB.id,
  });
});
afterAll(async () => {
  await t?.close();
});

/** A path with club A's id and, for every other parameter, club B's entity (or a stand-in). */
const pathFor = (route: Route) =>
  route.url.replace(":orgId", clubA).replace(/:([a-zA-Z]+)/g, (_, name: string) => idsOfB[name] ?? "x");

describe("hostile requests to every state-changing route", () => {
  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it("refuses another site's form post, even with the owner's cookie", async () => {
    const accepted: string[] = [];
    for (const route of routes) {
      const response = await t.request({
        method: route.method as "POST",
        url: pathFor(route),
        cookie: ownerA.cookie,
        headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
        payload: "email=attacker%40evil.example&role=admin&name=Owned",
      });
      if (response.statusCode !== 403 || response.json().error.code !== "CROSS_SITE")
        accepted.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });

  it("refuses a cross-site request that hides its origin but not its site", async () => {
    for (const route of routes.slice(0, 10)) {
      const response = await t.request({
        method: route.method as "POST",
        url: pathFor(route),
        cookie: ownerA.cookie,
        headers: { origin: "null", "sec-fetch-site": "cross-site" },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it("refuses a same-origin body that is not JSON (text/plain needs no preflight)", async () => {
    const accepted: string[] = [];
    for (const route of routes) {
      const response = await t.request({
        method: route.method as "POST",
        url: pathFor(route),
        cookie: ownerA.cookie,
        headers: { "content-type": "text/plain" },
        payload: '{"email":"attacker@evil.example","role":"admin"}',
      });
      if (response.statusCode !== 415)
        accepted.push(`${route.method} ${route.url} -> ${response.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });

  it("never acts when club A's path names club B's entities, and club B keeps them", async () => {
    const leaks: string[] = [];
    let notFound = 0;
    const mixed = routes.filter(
      (r) => r.url.startsWith("/api/orgs/:orgId/") && /:(?!orgId)[a-zA-Z]+/.test(r.url),
    );
    expect(mixed.length).toBeGreaterThan(15);
    for (const route of mixed) {
      const response = await t.request({
        method: route.method as "POST",
        url: pathFor(route),
        cookie: ownerA.cookie,
        payload: {},
      });
      // Never a success and never a crash; mostly 404, or a refusal before any lookup (400, or
      // 409 where club A has no live board to look in).
      if (response.statusCode < 300 || response.statusCode >= 500 || response.body.includes("B Guest"))
        leaks.push(`${route.method} ${route.url} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      else notFound += response.statusCode === 404 ? 1 : 0;
    }
    expect(leaks).toEqual([]);
    expect(notFound).toBeGreaterThan(mixed.length / 2);
    const [match] = await t.db.select().from(matches).where(eq(matches.id, idsOfB.matchId!));
    expect(match?.status).toBe("disputed");
    const [game] = await t.db.select().from(games).where(eq(games.id, idsOfB.gameId!));
    expect(game?.status).toBe("playing");
    const [invitation] = await t.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, idsOfB.invitationId!));
    expect(invitation?.revokedAt).toBeNull();
    const [tv] = await t.db.select().from(displayTokens).where(eq(displayTokens.token, "hostile-tv-token"));
    expect(tv?.revokedAt).toBeNull();
  });
});
