// Every club-scoped endpoint x every kind of caller, with the status each must get. The test
// fails when a club-scoped route exists that the table does not list.
import { eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  courts,
  displayTokens,
  games,
  invitations,
  organizationJoinRequests,
  sessionRegistrations,
  sessions,
} from "../../db/schema.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { refreshQueue, startFilling } from "../courts/actions.js";

const callers = ["anonymous", "member", "organizer", "admin", "owner", "otherOwner"] as const;
type Caller = (typeof callers)[number];
type Expect = Record<Caller, number>;

// The usual shapes: a read for everyone in the club, a managers' write, an owner's act.
const anyone = (ok: number): Expect => ({
  anonymous: 401,
  member: ok,
  organizer: ok,
  admin: ok,
  owner: ok,
  otherOwner: 404,
});
const organizers = (ok: number): Expect => ({
  anonymous: 401,
  member: 403,
  organizer: ok,
  admin: ok,
  owner: ok,
  otherOwner: 404,
});
const managers = (ok: number): Expect => ({
  anonymous: 401,
  member: 403,
  organizer: 403,
  admin: ok,
  owner: ok,
  otherOwner: 404,
});
const ownerOnly = (ok: number): Expect => ({
  anonymous: 401,
  member: 403,
  organizer: 403,
  admin: 403,
  owner: ok,
  otherOwner: 404,
});

type Ctx = { t: TestApp; orgId: string; extra: TestUser; owner: TestUser };
type Row = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  route: string;
  expect: Expect;
  /** The concrete request for a fresh club: path (with ids filled in) and body. */
  prepare: (ctx: Ctx) => Promise<{ url: string; payload?: Record<string, unknown> }>;
};

const clubProfile = { name: "Renamed Club", timeZone: "Europe/London", location: "London" };

async function pendingInvitation(ctx: Ctx) {
  const [row] = await ctx.t.db
    .insert(invitations)
    .values({
      organizationId: ctx.orgId,
      email: `invitee-${Math.random()}@example.com`,
      tokenHash: `hash-${Math.random()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row!.id;
}

async function pendingJoinRequest(ctx: Ctx) {
  const [row] = await ctx.t.db
    .insert(organizationJoinRequests)
    .values({ organizationId: ctx.orgId, userId: ctx.extra.id })
    .returning();
  return row!.id;
}

async function makeSession(ctx: Ctx, status: "scheduled" | "active" = "scheduled") {
  const startsAt = new Date(Date.now() + 86_400_000);
  const [row] = await ctx.t.db
    .insert(sessions)
    .values({
      organizationId: ctx.orgId,
      name: "Matrix Open Play",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
      status,
    })
    .returning();
  return row!;
}

async function extraRegistration(ctx: Ctx, sessionId: string) {
  const [row] = await ctx.t.db
    .insert(sessionRegistrations)
    .values({ organizationId: ctx.orgId, sessionId, userId: ctx.extra.id, status: "registered", seq: 1 })
    .returning();
  return row!.id;
}

/** An active session with `players` guests checked in, on the board. */
async function liveBoard(ctx: Ctx, players: number) {
  const session = await makeSession(ctx, "active");
  if (players === 0) return { session, registrationIds: [] };
  const rows = await ctx.t.db
    .insert(sessionRegistrations)
    .values(
      Array.from({ length: players }, (_, i) => ({
        organizationId: ctx.orgId,
        sessionId: session.id,
        guestName: `Guest ${i + 1}`,
        status: "registered" as const,
        seq: i + 1,
        checkedInAt: new Date(),
      })),
    )
    .returning();
  await refreshQueue(ctx.t.deps, ctx.orgId);
  return { session, registrationIds: rows.map((r) => r.id) };
}

async function gameOnCourt(ctx: Ctx) {
  await liveBoard(ctx, 4);
  await startFilling(ctx.t.deps, ctx.orgId);
  const [game] = await ctx.t.db.select().from(games).where(eq(games.organizationId, ctx.orgId));
  return game!.id;
}

const sessionBody = {
  name: "Evening Open Play",
  startsAt: "2030-05-01T22:00:00Z",
  endsAt: "2030-05-02T00:00:00Z",
  paymentRequired: false,
};

async function firstCourt(ctx: Ctx) {
  const [row] = await ctx.t.db.select().from(courts).where(eq(courts.organizationId, ctx.orgId)).limit(1);
  return row!.id;
}

const matrix: Row[] = [
  {
    method: "GET",
    route: "/api/orgs/:orgId",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}` }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId",
    expect: managers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}`, payload: clubProfile }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId",
    expect: ownerOnly(204),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/subscription",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/subscription` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/courts",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/courts` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/courts",
    expect: managers(201),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/courts`, payload: { name: "Center Court" } }),
  },
  {
    method: "PATCH",
    route: "/api/orgs/:orgId/courts/:courtId",
    expect: managers(200),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/courts/${await firstCourt(c)}`,
      payload: { name: "Stadium" },
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/members",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/members` }),
  },
  {
    method: "PATCH",
    route: "/api/orgs/:orgId/members/:userId",
    expect: managers(204),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/members/${c.extra.id}`,
      payload: { role: "organizer" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/members/:userId",
    expect: managers(204),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/members/${c.extra.id}` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/leave",
    // The owner must hand the club over first.
    expect: { ...anyone(204), owner: 409 },
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/leave` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/transfer-ownership",
    expect: ownerOnly(204),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/transfer-ownership`,
      payload: { userId: c.extra.id },
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/invitations",
    expect: managers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/invitations` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/invitations",
    expect: managers(201),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/invitations`,
      payload: { email: "new.player@example.com" },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/invitations/:invitationId/resend",
    expect: managers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/invitations/${await pendingInvitation(c)}/resend` }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/invitations/:invitationId",
    expect: managers(204),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/invitations/${await pendingInvitation(c)}` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/join-requests",
    expect: managers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/join-requests` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/join-requests/:requestId/approve",
    expect: managers(204),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/join-requests/${await pendingJoinRequest(c)}/approve`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/join-requests/:requestId/reject",
    expect: managers(204),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/join-requests/${await pendingJoinRequest(c)}/reject`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions",
    expect: organizers(201),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions`, payload: sessionBody }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}` }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/sessions/:sessionId",
    expect: organizers(200),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}`,
      payload: sessionBody,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/start",
    expect: organizers(204),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/start` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/complete",
    expect: organizers(204),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "active")).id}/complete`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/cancel",
    expect: organizers(204),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/cancel` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/registrations",
    expect: anyone(201),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/registrations`,
    }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId",
    // Someone else's registration: organizers may cancel it; to a member it does not exist.
    expect: { ...organizers(204), member: 404 },
    prepare: async (c) => {
      const session = await makeSession(c);
      return {
        url: `/api/orgs/${c.orgId}/sessions/${session.id}/registrations/${await extraRegistration(c, session.id)}`,
      };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId/check-in",
    expect: organizers(204),
    prepare: async (c) => {
      const session = await makeSession(c, "active");
      return {
        url: `/api/orgs/${c.orgId}/sessions/${session.id}/registrations/${await extraRegistration(c, session.id)}/check-in`,
      };
    },
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId/check-in",
    expect: organizers(204),
    prepare: async (c) => {
      const session = await makeSession(c, "active");
      return {
        url: `/api/orgs/${c.orgId}/sessions/${session.id}/registrations/${await extraRegistration(c, session.id)}/check-in`,
      };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/walk-ins",
    expect: organizers(201),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "active")).id}/walk-ins`,
      payload: { guestName: "Gus Guest" },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/self-check-in",
    expect: anyone(204),
    prepare: async (c) => {
      const session = await makeSession(c, "active");
      return {
        url: `/api/orgs/${c.orgId}/sessions/${session.id}/self-check-in`,
        payload: { token: session.checkInToken },
      };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/calendar.ics",
    expect: anyone(200),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/calendar.ics`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/calendar-feed",
    expect: organizers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/calendar-feed` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/calendar-feed/rotate",
    expect: organizers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/calendar-feed/rotate` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/board",
    expect: anyone(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/board` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/fill",
    expect: organizers(200),
    prepare: async (c) => {
      await liveBoard(c, 4);
      return { url: `/api/orgs/${c.orgId}/board/fill` };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/games/:gameId/score",
    expect: organizers(200),
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/board/games/${await gameOnCourt(c)}/score`,
      payload: { scoreA: 11, scoreB: 7 },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/games/:gameId/cancel",
    expect: organizers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/board/games/${await gameOnCourt(c)}/cancel` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/players/:registrationId",
    expect: organizers(200),
    prepare: async (c) => {
      const { registrationIds } = await liveBoard(c, 1);
      return {
        url: `/api/orgs/${c.orgId}/board/players/${registrationIds[0]}`,
        payload: { action: "break" },
      };
    },
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/board/courts/:courtId",
    expect: organizers(200),
    prepare: async (c) => {
      await liveBoard(c, 0);
      return {
        url: `/api/orgs/${c.orgId}/board/courts/${await firstCourt(c)}`,
        payload: { available: false },
      };
    },
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/board/settings",
    expect: organizers(200),
    prepare: async (c) => {
      await liveBoard(c, 0);
      return { url: `/api/orgs/${c.orgId}/board/settings`, payload: { mode: "paddle-stack" } };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/board/report",
    expect: organizers(200),
    prepare: async (c) => {
      await liveBoard(c, 0);
      return { url: `/api/orgs/${c.orgId}/board/report` };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/display-tokens",
    expect: managers(200),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/display-tokens` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/display-tokens",
    expect: managers(201),
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/display-tokens` }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/display-tokens/:token",
    expect: managers(204),
    prepare: async (c) => {
      const token = `tv-${Math.random().toString(36).slice(2)}`;
      await c.t.db.insert(displayTokens).values({ organizationId: c.orgId, token });
      return { url: `/api/orgs/${c.orgId}/display-tokens/${token}` };
    },
  },
];

let t: TestApp;
const registered: string[] = [];
const people = {} as Record<Exclude<Caller, "anonymous"> | "extra" | "joiner", TestUser>;

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // The board's WebSocket is checked with real socket clients in courts/live.test.ts.
        if (route.url.startsWith("/api/orgs/:orgId") && method !== "HEAD" && !route.url.endsWith("/ws")) {
          registered.push(`${method} ${route.url}`);
        }
      }
    },
  });
  for (const name of ["owner", "admin", "organizer", "member", "otherOwner", "extra", "joiner"] as const) {
    people[name] = await makeUser(t, `${name.toLowerCase()}@matrix.example`);
  }
  await makeClub(t, people.otherOwner, [], { name: "Other Club" });
});
afterAll(async () => {
  await t?.close();
});

describe("authorization matrix", () => {
  it("lists every club-scoped route", () => {
    const listed = matrix.map((row) => `${row.method} ${row.route}`).sort();
    expect(listed).toEqual([...new Set(registered)].sort());
  });

  for (const row of matrix) {
    for (const caller of callers) {
      it(`${row.method} ${row.route} as ${caller} -> ${row.expect[caller]}`, async () => {
        // A fresh club per cell, so one cell's success (a deletion, a departure) cannot change another.
        const organization = await makeClub(
          t,
          people.owner,
          [
            [people.admin, "admin"],
            [people.organizer, "organizer"],
            [people.member, "member"],
            [people.extra, "member"],
          ],
          { courtsCount: 1 },
        );
        const ctx: Ctx = { t, orgId: organization.id, extra: people.extra, owner: people.owner };
        // Join requests come from someone outside the club.
        if (row.route.includes("join-requests/")) ctx.extra = people.joiner;
        const { url, payload } = await row.prepare(ctx);
        const response = await t.request({
          method: row.method,
          url,
          payload,
          cookie: caller === "anonymous" ? undefined : people[caller].cookie,
        });
        expect(response.statusCode, response.body).toBe(row.expect[caller]);
        if (caller === "otherOwner") expect(response.body).not.toContain("Factory Club");
      });
    }
  }
});
