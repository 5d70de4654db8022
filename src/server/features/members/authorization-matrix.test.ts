// Every club-scoped endpoint x every kind of caller, with the status each must get. The test
// fails when a club-scoped route exists that the table does not list. The same rows then face
// hostile requests from the owner's own browser:
//   - club A's path naming club B's entities (mixed ids) answers 404 and changes nothing in B;
//   - another site's form post (CSRF) answers 403, a same-origin text/plain body 415, and
//     neither changes anything in the club.
import { eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointAt } from "../../../shared/contracts/all-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import { organizations } from "../../db/schema/clubs.js";
import { boards, displayTokens, games, queuePlayers } from "../../db/schema/courts.js";
import { eventGames, leagueEntries, leagues } from "../../db/schema/events.js";
import { matches } from "../../db/schema/ladder.js";
import { invitations, organizationJoinRequests } from "../../db/schema/members.js";
import { householdMembers, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { clubSnapshot } from "../../test/club-snapshot.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { cookiesFrom, createTestApp, signUpVerified, type TestApp } from "../../test/harness.js";
import { adultPlan } from "../../test/plans.js";
import { refreshQueue, startFilling } from "../courts/actions.js";
import { recordScore } from "../courts/score-actions.js";
import { startEvent } from "../events/start-event.js";

const callers = ["anonymous", "member", "organizer", "admin", "owner", "otherOwner"] as const;
type Caller = (typeof callers)[number];
type Expect = Record<Caller, number>;

const roles = ["member", "organizer", "admin", "owner"] as const;

/**
 * What each caller gets, from the access the route's definition declares (the same fact serve()
 * enforces): anonymous 401, another club's owner 404, a role without the capability 403, the
 * rest the row's `ok`. `except` names the cells where the route's own rule answers otherwise.
 */
function expectOf(row: Row): Expect {
  const access = endpointAt(row.method, row.route)?.access;
  if (typeof access !== "object")
    throw new Error(`${row.method} ${row.route}: a club's route names the capability it needs`);
  const byRole = Object.fromEntries(roles.map((role) => [role, can(role, access.club) ? row.ok : 403]));
  return { anonymous: 401, otherOwner: 404, ...byRole, ...row.except } as Expect;
}

type Ctx = { t: TestApp; orgId: string; extra: TestUser; owner: TestUser };
type Row = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  route: string;
  /** The status of a caller the route lets in. */
  ok: number;
  /** Cells where the route's own rule answers otherwise than its access (each says why). */
  except?: Partial<Expect>;
  /** The concrete request for a fresh club: path (with ids filled in) and body. */
  prepare: (ctx: Ctx) => Promise<{ url: string; payload?: Record<string, unknown> }>;
};

const clubProfile = { name: "Renamed Club", timeZone: "Europe/London", location: "London" };

async function clubName(ctx: Ctx) {
  const [row] = await ctx.t.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.orgId));
  return row!.name;
}

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

async function makeSession(ctx: Ctx, status: "scheduled" | "active" | "completed" = "scheduled") {
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

/** A court with a game on the live board, for taking it out of play (the game's end confirmed). */
async function courtWithGame(ctx: Ctx) {
  const gameId = await gameOnCourt(ctx);
  const [game] = await ctx.t.db.select().from(games).where(eq(games.id, gameId));
  return game!.courtId;
}

/**
 * A round robin of four guests on one court, started by the owner; `scored`: its first round
 * counted (the next round and the playoff may start), `reported`: its first game waits for a
 * confirmation.
 */
/** A league over a new weekly session: the owner plays its season, the extra member is its substitute. */
async function aLeague(ctx: Ctx) {
  const session = await makeSession(ctx);
  const seriesId = crypto.randomUUID();
  await ctx.t.db.update(sessions).set({ seriesId }).where(eq(sessions.id, session.id));
  const [league] = await ctx.t.db
    .insert(leagues)
    .values({
      organizationId: ctx.orgId,
      seriesId,
      name: "Matrix League",
      format: "americano",
      courts: 1,
      rounds: 2,
    })
    .returning();
  // The owner plays the season and has not registered for the week: it needs a substitute.
  await ctx.t.db.insert(leagueEntries).values([
    { organizationId: ctx.orgId, leagueId: league!.id, userId: ctx.extra.id, role: "substitute" },
    { organizationId: ctx.orgId, leagueId: league!.id, userId: ctx.owner.id, role: "player" },
  ]);
  return `/api/orgs/${ctx.orgId}/sessions/${session.id}/league`;
}

async function anEvent(ctx: Ctx, state: "planned" | "reported" | "scored" = "planned") {
  const { session } = await liveBoard(ctx, 4);
  const body = { format: "americano", rounds: 2, courts: 1, ending: "points", playTo: 11 } as const;
  await startEvent(
    ctx.t.deps,
    { organizationId: ctx.orgId, userId: ctx.owner.id, role: "owner" },
    session.id,
    body,
  );
  const [game] = await ctx.t.db.select().from(eventGames).where(eq(eventGames.organizationId, ctx.orgId));
  if (state !== "planned")
    await ctx.t.db
      .update(eventGames)
      .set({
        scoreA: 11,
        scoreB: 4,
        status: state === "scored" ? "confirmed" : "reported",
        reportedSide: "A",
      })
      .where(eq(eventGames.id, game!.id));
  const url = `/api/orgs/${ctx.orgId}/sessions/${session.id}/event`;
  return { url, gameUrl: `${url}/games/${game!.id}` };
}

const sessionBody = {
  name: "Evening Open Play",
  startsAt: "2030-05-01T22:00:00Z",
  endsAt: "2030-05-02T00:00:00Z",
  paymentRequired: false,
};

/** A singles match in the club between `a` and `b`, logged by `a`, in the given state. */
async function aMatch(ctx: Ctx, a: string, b: string, status: "pending" | "confirmed" | "disputed") {
  const [row] = await ctx.t.db
    .insert(matches)
    .values({
      organizationId: ctx.orgId,
      format: "singles",
      teamA: [a],
      teamB: [b],
      games: [{ a: 11, b: 6 }],
      winner: "A",
      playedAt: new Date(),
      status,
      loggedBy: a,
    })
    .returning();
  return row!.id;
}

const singlesBody = (ctx: Ctx) => ({
  format: "singles",
  teamA: [ctx.extra.id],
  teamB: [ctx.owner.id],
  target: 11,
  games: [{ a: 11, b: 8 }],
  // Today in the club's zone: a match is dated within the club's life.
  playedAt: new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" }),
});

/** A membership plan of the club, as an admin made it. */
async function aPlan(ctx: Ctx) {
  const id = crypto.randomUUID();
  await ctx.t.db.insert(membershipPlans).values({
    id,
    familyId: id,
    organizationId: ctx.orgId,
    name: "Adult",
    code: "ADULT",
    priceCents: 3000,
    interval: "month",
  });
  return id;
}

/** A season plan of the club, on sale on its page. */
async function aSeasonPlan(ctx: Ctx) {
  const planId = await aPlan(ctx);
  await ctx.t.db
    .update(membershipPlans)
    .set({ interval: "season", seasonStartsOn: "2099-04-01", seasonEndsOn: "2099-09-30" })
    .where(eq(membershipPlans.id, planId));
  return planId;
}

/** The club owner's household plan, with the extra person in it as a child: its row's id. */
async function aHousehold(ctx: Ctx) {
  const planId = await aPlan(ctx);
  await ctx.t.db
    .update(membershipPlans)
    .set({ kind: "household", householdSize: 4 })
    .where(eq(membershipPlans.id, planId));
  const [membership] = await ctx.t.db
    .insert(planMemberships)
    .values({
      organizationId: ctx.orgId,
      userId: ctx.owner.id,
      planId,
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      provider: "sandbox",
    })
    .returning();
  const [row] = await ctx.t.db
    .insert(householdMembers)
    .values({
      organizationId: ctx.orgId,
      membershipId: membership!.id,
      userId: ctx.extra.id,
      role: "child",
      acceptedAt: new Date(),
    })
    .returning();
  return row!.id;
}

const matrix: Row[] = [
  {
    method: "GET",
    route: "/api/orgs/:orgId",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}` }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}`, payload: clubProfile }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId",
    ok: 204,
    // The owner types the club's name to delete it.
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}`, payload: { confirmName: await clubName(c) } }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/subscription",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/subscription` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/subscription/refresh",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/subscription/refresh` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/dashboard",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/dashboard` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/billing/checkout",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/billing/checkout`, payload: { plan: "pro" } }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/billing/portal",
    // The owner has no subscription to manage yet: refused with a reason, not a page.
    ok: 409,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/billing/portal` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/payout-account",
    // Read by whoever schedules sessions: whether a paid one can be.
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/payout-account` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/payout-account/refresh",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/payout-account/refresh` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/payout-account",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/payout-account` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/courts",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/courts` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/courts",
    ok: 201,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/courts`, payload: { name: "Center Court" } }),
  },
  {
    method: "PATCH",
    route: "/api/orgs/:orgId/courts/:courtId",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/courts/${await courtWithGame(c)}`,
      payload: { name: "Stadium", isActive: false, endRunningGame: true },
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/members",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/members` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/membership-plans",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership-plans` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/membership-plans",
    ok: 201,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership-plans`, payload: adultPlan }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/membership-plans/:planId",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/membership-plans/${await aPlan(c)}`,
      payload: { ...adultPlan, price: "35.00" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/membership-plans/:planId",
    ok: 204,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership-plans/${await aPlan(c)}` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/membership-plans/:planId/season-link",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/membership-plans/${await aSeasonPlan(c)}/season-link`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/membership-roster",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership-roster?status=active` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/membership-roster.csv",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership-roster.csv` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/membership-roster/:userId",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership-roster/${c.extra.id}` }),
  },
  {
    // Each person reads their own account: there is no path a member may use to anyone else's.
    method: "GET",
    route: "/api/orgs/:orgId/ledger",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/ledger` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/ledger/members/:userId",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/ledger/members/${c.extra.id}` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/ledger/adjustments",
    ok: 201,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/ledger/adjustments`,
      payload: { userId: c.extra.id, amount: "5.00", note: "Rained out" },
    }),
  },
  {
    // Each person reads their own membership: there is no path to anyone else's.
    method: "GET",
    route: "/api/orgs/:orgId/membership",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership` }),
  },
  {
    // A fresh club has no payout account yet: anyone in it is let in, and told why not.
    method: "POST",
    route: "/api/orgs/:orgId/membership",
    ok: 409,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership`, payload: { planId: await aPlan(c) } }),
  },
  {
    // Nobody in a fresh club has a membership to cancel, keep, or renew: let in, and told so.
    method: "POST",
    route: "/api/orgs/:orgId/membership/cancel",
    ok: 409,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership/cancel` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/membership/resume",
    ok: 409,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership/resume` }),
  },
  {
    // The matrix runs on the sandbox, which has no card to change: nothing there for anyone.
    // (card-dues.test.ts opens it on Stripe's account.)
    method: "POST",
    route: "/api/orgs/:orgId/membership/portal",
    ok: 404,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/membership/portal` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/household",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/household` }),
  },
  {
    // Only a household plan's payer adds people; nobody in a fresh club has one: let in, told so.
    method: "POST",
    route: "/api/orgs/:orgId/household/children",
    ok: 409,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/household/children`,
      payload: { name: "Tommy Matrix", birthYear: 2016 },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/household/adults",
    ok: 409,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/household/adults`,
      payload: { email: c.extra.email },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/household/accept",
    ok: 409,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/household/accept` }),
  },
  {
    // The owner pays for the household and takes the child out; for anyone else there is nobody
    // of theirs at that address.
    method: "DELETE",
    route: "/api/orgs/:orgId/household/:memberId",
    ok: 404,
    except: { owner: 200 },
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/household/${await aHousehold(c)}` }),
  },
  {
    // Only the payer registers their household, one person or several.
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/household-places",
    ok: 404,
    except: { owner: 201 },
    prepare: async (c) => {
      await aHousehold(c);
      return {
        url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/household-places`,
        payload: { userIds: [c.extra.id] },
      };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/membership/sandbox-renewal",
    ok: 409,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/membership/sandbox-renewal`,
      payload: { outcome: "paid" },
    }),
  },
  {
    method: "PATCH",
    route: "/api/orgs/:orgId/members/:userId",
    ok: 204,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/members/${c.extra.id}`,
      payload: { role: "organizer" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/members/:userId",
    ok: 204,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/members/${c.extra.id}` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/leave",
    // The owner must hand the club over first.
    ok: 204,
    except: { owner: 409 },
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/leave` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/transfer-ownership",
    ok: 204,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/transfer-ownership`,
      payload: { userId: c.extra.id },
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/invitations",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/invitations` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/invitations",
    ok: 201,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/invitations`,
      payload: { email: "new.player@example.com" },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/invitations/:invitationId/resend",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/invitations/${await pendingInvitation(c)}/resend` }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/invitations/:invitationId",
    ok: 204,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/invitations/${await pendingInvitation(c)}` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/join-requests",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/join-requests` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/join-requests/:requestId/approve",
    ok: 204,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/join-requests/${await pendingJoinRequest(c)}/approve`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/join-requests/:requestId/reject",
    ok: 204,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/join-requests/${await pendingJoinRequest(c)}/reject`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions",
    ok: 201,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions`, payload: sessionBody }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}` }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/sessions/:sessionId",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}`,
      payload: sessionBody,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/start",
    ok: 204,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/start` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/no-shows/release",
    ok: 200,
    prepare: async (c) => {
      // Started an hour ago: its places not checked in can be released.
      const session = await makeSession(c, "active");
      await c.t.db
        .update(sessions)
        .set({ startsAt: new Date(Date.now() - 3_600_000) })
        .where(eq(sessions.id, session.id));
      return { url: `/api/orgs/${c.orgId}/sessions/${session.id}/no-shows/release` };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/attendance",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/attendance` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/open-play",
    ok: 201,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/open-play` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/complete",
    ok: 204,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "active")).id}/complete`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/cancel",
    ok: 204,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/cancel` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/registrations",
    ok: 201,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/registrations`,
    }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/sessions/:sessionId/registrations/:registrationId",
    // Someone else's registration: organizers may cancel it; to a member it does not exist.
    ok: 200,
    except: { member: 404 },
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
    ok: 204,
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
    ok: 204,
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
    ok: 201,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "active")).id}/walk-ins`,
      payload: { guestName: "Gus Guest" },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/check-ins/bulk",
    ok: 201,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "active")).id}/check-ins/bulk`,
      payload: { guestNames: ["Gus Guest", "Gail Guest"], memberIds: [c.extra.id] },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/self-check-in",
    ok: 200,
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
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/calendar.ics`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/draw",
    ok: 200,
    prepare: async (c) => {
      const session = await makeSession(c);
      // A drawn lottery with nobody in it: what is published is the seed and time.
      await c.t.db
        .update(sessions)
        .set({ lotteryDrawAt: new Date(), lotterySeed: "0".repeat(32), lotteryDrawnAt: new Date() })
        .where(eq(sessions.id, session.id));
      return { url: `/api/orgs/${c.orgId}/sessions/${session.id}/draw` };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/guests",
    ok: 201,
    prepare: async (c) => {
      await c.t.db.update(organizations).set({ guestsAllowed: true }).where(eq(organizations.id, c.orgId));
      return {
        url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/guests`,
        payload: { name: "Gina Guest" },
      };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/access-rules",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/access-rules` }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/access-rules",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/access-rules`,
      payload: {
        guestsAllowed: true,
        guestsPerMonth: 3,
        guestPrice: "",
        strikeLimit: 3,
        strikeDays: 60,
        refundNoShows: false,
      },
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/record",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "completed")).id}/record`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/my-night",
    // Everyone in the club played: each reads their own night.
    ok: 200,
    prepare: async (c) => {
      const session = await makeSession(c, "completed");
      const inClub = [people.member, people.organizer, people.admin, people.owner];
      const rows = await c.t.db
        .insert(sessionRegistrations)
        .values(
          inClub.map((person, i) => ({
            organizationId: c.orgId,
            sessionId: session.id,
            userId: person.id,
            status: "registered" as const,
            seq: i + 1,
            checkedInAt: new Date(),
          })),
        )
        .returning();
      await c.t.db.insert(queuePlayers).values(
        rows.map((row, i) => ({
          registrationId: row.id,
          organizationId: c.orgId,
          sessionId: session.id,
          userId: row.userId,
          name: inClub[i]!.name,
          readySeq: i + 1,
          arrivedSeq: i + 1,
        })),
      );
      return { url: `/api/orgs/${c.orgId}/sessions/${session.id}/my-night` };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/record.csv",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c, "completed")).id}/record.csv`,
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/export.csv",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/export.csv?month=2026-03` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/calendar-feed",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/calendar-feed` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/calendar-feed/rotate",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/calendar-feed/rotate` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/board",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/board` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/fill",
    ok: 200,
    prepare: async (c) => {
      await liveBoard(c, 4);
      return { url: `/api/orgs/${c.orgId}/board/fill` };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/games/:gameId/score",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/board/games/${await gameOnCourt(c)}/score`,
      payload: { scoreA: 11, scoreB: 7 },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/games/:gameId/undo",
    ok: 200,
    prepare: async (c) => {
      const gameId = await gameOnCourt(c);
      await recordScore(c.t.deps, c.orgId, gameId, { winner: "A", scoreA: null, scoreB: null });
      return { url: `/api/orgs/${c.orgId}/board/games/${gameId}/undo` };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/games/:gameId/cancel",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/board/games/${await gameOnCourt(c)}/cancel` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/games/:gameId/next-group",
    ok: 200,
    prepare: async (c) => {
      // A member called with three walk-ins, who has not answered five minutes after the call.
      const { session } = await liveBoard(c, 0);
      await c.t.db.insert(sessionRegistrations).values(
        [{ userId: people.member.id }, ...["A", "B", "C"].map((n) => ({ guestName: `Guest ${n}` }))].map(
          (person, i) => ({
            organizationId: c.orgId,
            sessionId: session.id,
            ...person,
            status: "registered" as const,
            seq: i + 1,
            checkedInAt: new Date(),
          }),
        ),
      );
      await startFilling(c.t.deps, c.orgId);
      await c.t.db.update(boards).set({ callTimeoutMinutes: 3 }).where(eq(boards.sessionId, session.id));
      const [game] = await c.t.db
        .update(games)
        .set({ startedAt: new Date(Date.now() - 5 * 60_000) })
        .where(eq(games.sessionId, session.id))
        .returning();
      return { url: `/api/orgs/${c.orgId}/board/games/${game!.id}/next-group` };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/players/:registrationId",
    ok: 200,
    prepare: async (c) => {
      const { registrationIds } = await liveBoard(c, 1);
      return {
        url: `/api/orgs/${c.orgId}/board/players/${registrationIds[0]}`,
        payload: { action: "break" },
      };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/board/me",
    // Everyone in the club is checked in here: each caller's own break is theirs to take.
    ok: 200,
    prepare: async (c) => {
      const { session } = await liveBoard(c, 0);
      const inClub = [people.member, people.organizer, people.admin, people.owner];
      await c.t.db.insert(sessionRegistrations).values(
        inClub.map((person, i) => ({
          organizationId: c.orgId,
          sessionId: session.id,
          userId: person.id,
          status: "registered" as const,
          seq: i + 1,
          checkedInAt: new Date(),
        })),
      );
      await refreshQueue(c.t.deps, c.orgId);
      return { url: `/api/orgs/${c.orgId}/board/me`, payload: { action: "break" } };
    },
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/board/me/leaving",
    // Everyone in the club is checked in here: each caller's own leaving time is theirs to say.
    ok: 200,
    prepare: async (c) => {
      const { session } = await liveBoard(c, 0);
      const inClub = [people.member, people.organizer, people.admin, people.owner];
      await c.t.db.insert(sessionRegistrations).values(
        inClub.map((person, i) => ({
          organizationId: c.orgId,
          sessionId: session.id,
          userId: person.id,
          status: "registered" as const,
          seq: i + 1,
          checkedInAt: new Date(),
        })),
      );
      await refreshQueue(c.t.deps, c.orgId);
      return {
        url: `/api/orgs/${c.orgId}/board/me/leaving`,
        payload: { leavesAt: new Date(Date.now() + 2 * 3_600_000).toISOString() },
      };
    },
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/board/courts/:courtId",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/board/courts/${await courtWithGame(c)}`,
      payload: { available: false, endRunningGame: true },
    }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/board/settings",
    ok: 200,
    prepare: async (c) => {
      await liveBoard(c, 0);
      return { url: `/api/orgs/${c.orgId}/board/settings`, payload: { mode: "paddle-stack" } };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/board/report",
    ok: 200,
    prepare: async (c) => {
      await liveBoard(c, 0);
      return { url: `/api/orgs/${c.orgId}/board/report` };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/event",
    ok: 200,
    prepare: async (c) => ({ url: (await anEvent(c)).url }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/event",
    ok: 201,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/sessions/${(await liveBoard(c, 4)).session.id}/event`,
      payload: { format: "americano", rounds: 3, courts: 1, ending: "points", playTo: 11 },
    }),
  },
  {
    // A member who does not play in the game may not score it; an organizer may.
    method: "PUT",
    route: "/api/orgs/:orgId/sessions/:sessionId/event/games/:gameId/score",
    ok: 200,
    except: { member: 403 },
    prepare: async (c) => ({
      url: `${(await anEvent(c)).gameUrl}/score`,
      payload: { scoreA: 11, scoreB: 7 },
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/event/games/:gameId/confirm",
    ok: 200,
    // Only the other side of the reported game confirms it, or an organizer; this member is neither.
    except: { member: 403 },
    prepare: async (c) => ({ url: `${(await anEvent(c, "reported")).gameUrl}/confirm` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/event/next-round",
    ok: 200,
    prepare: async (c) => ({ url: `${(await anEvent(c, "scored")).url}/next-round` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/event/playoff",
    ok: 200,
    prepare: async (c) => ({ url: `${(await anEvent(c, "scored")).url}/playoff`, payload: { teams: 2 } }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/event/finish",
    ok: 200,
    prepare: async (c) => ({ url: `${(await anEvent(c)).url}/finish` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/sessions/:sessionId/league",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/sessions/${(await makeSession(c)).id}/league` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/league",
    ok: 201,
    prepare: async (c) => {
      const session = await makeSession(c);
      await c.t.db.update(sessions).set({ seriesId: crypto.randomUUID() }).where(eq(sessions.id, session.id));
      return {
        url: `/api/orgs/${c.orgId}/sessions/${session.id}/league`,
        payload: {
          name: "Matrix League",
          format: "americano",
          rounds: 3,
          courts: 1,
          ending: "points",
          playTo: 11,
        },
      };
    },
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/league/roster",
    ok: 200,
    prepare: async (c) => ({ url: `${await aLeague(c)}/roster`, payload: { role: "substitute" } }),
  },
  {
    // Nobody has a team waiting for their answer here: every member is told so (404), and
    // anyone outside the club finds nothing either.
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/league/roster/accept",
    ok: 404,
    prepare: async (c) => ({ url: `${await aLeague(c)}/roster/accept` }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/sessions/:sessionId/league/roster/:userId",
    ok: 200,
    // Anyone on the roster may leave it; only an organizer takes someone else off.
    except: { member: 403 },
    prepare: async (c) => ({ url: `${await aLeague(c)}/roster/${c.extra.id}` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/sessions/:sessionId/league/substitutes/ask",
    ok: 200,
    prepare: async (c) => ({ url: `${await aLeague(c)}/substitutes/ask` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/display-tokens",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/display-tokens` }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/display-tokens",
    ok: 201,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/display-tokens` }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/display-tokens/:token",
    ok: 204,
    prepare: async (c) => {
      const token = `tv-${Math.random().toString(36).slice(2)}`;
      await c.t.db.insert(displayTokens).values({ organizationId: c.orgId, token });
      return { url: `/api/orgs/${c.orgId}/display-tokens/${token}` };
    },
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/ladder",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/ladder?format=singles` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/ladder/matches.csv",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/ladder/matches.csv?format=doubles` }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/matches",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/matches` }),
  },
  {
    // Members log only matches they played; this one is between two other people.
    method: "POST",
    route: "/api/orgs/:orgId/matches",
    ok: 201,
    except: { member: 403 },
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/matches`, payload: singlesBody(c) }),
  },
  {
    method: "PUT",
    route: "/api/orgs/:orgId/matches/:matchId",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/matches/${await aMatch(c, c.extra.id, c.owner.id, "confirmed")}`,
      payload: singlesBody(c),
    }),
  },
  {
    method: "DELETE",
    route: "/api/orgs/:orgId/matches/:matchId",
    ok: 204,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/matches/${await aMatch(c, c.extra.id, c.owner.id, "confirmed")}`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/matches/:matchId/confirm",
    ok: 200,
    // Only the other side of a logged match answers it: here the club's member.
    except: { organizer: 403, admin: 403, owner: 403 },
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/matches/${await aMatch(c, c.extra.id, people.member.id, "pending")}/confirm`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/matches/:matchId/dispute",
    ok: 200,
    // Only the other side of a logged match answers it: here the club's member.
    except: { organizer: 403, admin: 403, owner: 403 },
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/matches/${await aMatch(c, c.extra.id, people.member.id, "pending")}/dispute`,
    }),
  },
  {
    method: "POST",
    route: "/api/orgs/:orgId/matches/:matchId/decide",
    ok: 200,
    prepare: async (c) => ({
      url: `/api/orgs/${c.orgId}/matches/${await aMatch(c, c.extra.id, people.member.id, "disputed")}/decide`,
      payload: { outcome: "count" },
    }),
  },
  {
    method: "GET",
    route: "/api/orgs/:orgId/players/:userId",
    ok: 200,
    prepare: async (c) => ({ url: `/api/orgs/${c.orgId}/players/${c.extra.id}` }),
  },
];

let t: TestApp;
const registered: string[] = [];
// Routes served from a definition that shared/contracts/all-endpoints.ts does not list.
const unlisted: string[] = [];
const people = {} as Record<
  Exclude<Caller, "anonymous"> | "extra" | "joiner" | "ownerB" | "memberB",
  TestUser
>;
let clubCounter = 0;

// Every status each route answered in this file, to hold against the OpenAPI document (last).
const statusesSeen = new Map<string, Set<number>>();
const answered = (row: Row, status: number) => {
  const key = `${row.method} ${row.route}`;
  statusesSeen.set(key, (statusesSeen.get(key) ?? new Set()).add(status));
};

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        // The board's WebSocket is checked with real socket clients in courts/live.test.ts.
        if (route.url.startsWith("/api/orgs/:orgId") && method !== "HEAD" && !route.url.endsWith("/ws")) {
          registered.push(`${method} ${route.url}`);
          const served = route.config?.endpoint;
          if (served && served !== endpointAt(method, route.url)) unlisted.push(`${method} ${route.url}`);
        }
      }
    },
  });
  for (const name of [
    "owner",
    "admin",
    "organizer",
    "member",
    "otherOwner",
    "extra",
    "joiner",
    "ownerB",
    "memberB",
  ] as const) {
    people[name] = await makeUser(t, `${name.toLowerCase()}@matrix.example`);
  }
  await makeClub(t, people.otherOwner, [], { name: "Other Club" });
});
afterAll(async () => {
  await t?.close();
});

/** A fresh club A (people.owner's, with one person in each role) ready for the row. */
async function clubA(row: Row): Promise<Ctx> {
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
  // Join requests come from someone outside the club.
  const extra = row.route.includes("join-requests/") ? people.joiner : people.extra;
  return { t, orgId: organization.id, extra, owner: people.owner };
}

/** A fresh club B, owned and joined by people who are not in club A. */
async function clubB(row: Row): Promise<Ctx> {
  const organization = await makeClub(t, people.ownerB, [[people.memberB, "member"]], {
    courtsCount: 1,
    name: `Secret Club B ${++clubCounter}`,
  });
  const extra = row.route.includes("join-requests/") ? people.joiner : people.memberB;
  return { t, orgId: organization.id, extra, owner: people.ownerB };
}

/** The path parameters of a concrete url made for `route`, by name. */
function pathParams(route: string, url: string): Record<string, string> {
  const values = url.split("?")[0]!.split("/");
  return Object.fromEntries(
    route.split("/").flatMap((part, i) => (part.startsWith(":") ? [[part.slice(1), values[i]!]] : [])),
  );
}

const fillPath = (route: string, values: Record<string, string>) =>
  route.replace(/:([a-zA-Z]+)/g, (_, name: string) => values[name]!);

/** The row's path parameters other than the club's id. */
const entityParams = (row: Row) =>
  [...row.route.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]!).filter((name) => name !== "orgId");

/** Which of the row's entity ids come from club B: each one alone, then all together. */
function mixedVariants(row: Row): string[][] {
  const names = entityParams(row);
  return [...names.map((name) => [name]), ...(names.length > 1 ? [names] : [])];
}

const EVIL = "https://evil.example";
// Another site's page, however it hides where it comes from.
const crossSite: Array<Record<string, string>> = [
  { origin: EVIL, "content-type": "application/x-www-form-urlencoded" },
  { origin: EVIL, "content-type": "text/plain" },
  { origin: "null", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
  { "sec-fetch-site": "same-site", "content-type": "application/x-www-form-urlencoded" },
];

/** A request with exactly these headers: no Origin unless they name one (the harness adds ours). */
const sendAs = (
  headers: Record<string, string>,
  request: { method: Row["method"]; url: string; cookie: string; payload: string },
) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    headers: { cookie: request.cookie, ...headers },
    payload: request.payload,
  });

/** The row's JSON body as another site's HTML form would send it. */
const formBody = (payload: Record<string, unknown> | undefined) =>
  new URLSearchParams(
    Object.entries(payload ?? {}).map(([key, value]) => [
      key,
      typeof value === "string" ? value : JSON.stringify(value),
    ]),
  ).toString();

describe("authorization matrix", () => {
  it("lists every club-scoped route", () => {
    const listed = matrix.map((row) => `${row.method} ${row.route}`).sort();
    expect(listed).toEqual([...new Set(registered)].sort());
  });

  it("derives every row's expectations from its definition's access", () => {
    expect(unlisted).toEqual([]);
    for (const row of matrix) expect(() => expectOf(row), `${row.method} ${row.route}`).not.toThrow();
  });

  for (const row of matrix) {
    for (const caller of callers) {
      it(`${row.method} ${row.route} as ${caller} -> ${expectOf(row)[caller]}`, async () => {
        // A fresh club per cell, so one cell's success (a deletion, a departure) cannot change another.
        const ctx = await clubA(row);
        const { url, payload } = await row.prepare(ctx);
        const response = await t.request({
          method: row.method,
          url,
          payload,
          cookie: caller === "anonymous" ? undefined : people[caller].cookie,
        });
        answered(row, response.statusCode);
        expect(response.statusCode, response.body).toBe(expectOf(row)[caller]);
        if (caller === "otherOwner") expect(response.body).not.toContain("Factory Club");
      });
    }
  }

  // Beyond the status, what a role reads: other members' email addresses are for the club's
  // admins and owner; everyone reads names and roles, and their own address.
  const readsOthersEmails: Record<Exclude<Caller, "anonymous" | "otherOwner">, boolean> = {
    member: false,
    organizer: false,
    admin: true,
    owner: true,
  };
  for (const [caller, visible] of Object.entries(readsOthersEmails)) {
    it(`GET /api/orgs/:orgId/members as ${caller} -> others' emails ${visible ? "shown" : "hidden"}`, async () => {
      const ctx = await clubA(matrix.find((row) => row.route === "/api/orgs/:orgId/members")!);
      const me = people[caller as keyof typeof readsOthersEmails];
      const response = await t.request({
        method: "GET",
        url: `/api/orgs/${ctx.orgId}/members`,
        cookie: me.cookie,
      });
      expect(response.statusCode).toBe(200);
      const members: Array<{ userId: string; name: string; role: string; email: string | null }> =
        response.json().members;
      expect(members).toHaveLength(5);
      for (const member of members) {
        const address = [...Object.values(people)].find((p) => p.id === member.userId)!.email;
        expect(member.name).toBeTruthy();
        expect(member.role).toBeTruthy();
        expect(member.email, `${caller} reading ${address}`).toBe(
          visible || member.userId === me.id ? address : null,
        );
      }
      expect(response.body.includes(ctx.extra.email)).toBe(visible);
    });
  }
});

describe("club A's path with club B's entity ids", () => {
  const mixedRows = matrix.filter((row) => mixedVariants(row).length > 0);

  // With "lists every club-scoped route" above, this covers every club-scoped route naming an entity.
  it("covers every kind of entity a path names", () => {
    expect(mixedRows.length).toBeGreaterThan(25);
    expect(new Set(mixedRows.flatMap(entityParams))).toEqual(
      new Set([
        "courtId",
        "userId",
        "invitationId",
        "requestId",
        "sessionId",
        "registrationId",
        "gameId",
        "token",
        "matchId",
        "planId",
        "memberId",
      ]),
    );
  });

  for (const row of mixedRows) {
    for (const fromB of mixedVariants(row)) {
      it(`${row.method} ${row.route} with club B's ${fromB.join(" and ")}, as A's owner -> 404`, async () => {
        // Both clubs hold the same things (a live board, a pending match...), so the only thing
        // wrong with the request is whose entity it names.
        const a = await clubA(row);
        const b = await clubB(row);
        const own = await row.prepare(a);
        const theirs = await row.prepare(b);
        const values = { ...pathParams(row.route, own.url) };
        // The path is rebuilt from its parts: make sure that gives back club A's own request.
        expect(fillPath(row.route, values)).toBe(own.url.split("?")[0]);
        const ofB = pathParams(row.route, theirs.url);
        for (const name of fromB) {
          expect(ofB[name]).not.toBe(values[name]);
          values[name] = ofB[name]!;
        }
        const before = await clubSnapshot(t, b.orgId);

        // Club A's body, as A's own request would carry; and, when every id is B's, B's body too
        // (a check-in token read off B's screen, B's players).
        const bodies = [own.payload];
        if (fromB.length === entityParams(row).length && theirs.payload) bodies.push(theirs.payload);
        for (const payload of bodies) {
          const response = await t.request({
            method: row.method,
            url: fillPath(row.route, values),
            payload,
            cookie: people.owner.cookie,
          });
          answered(row, response.statusCode);
          expect(response.statusCode, `${JSON.stringify(payload)} -> ${response.body}`).toBe(404);
          // The entity was not found, not the route.
          expect(response.json().error.message).not.toMatch(/^No route/);
          expect(response.body).not.toContain("Secret Club B");
        }
        expect(await clubSnapshot(t, b.orgId)).toEqual(before);
      });
    }
  }
});

describe("reads change nothing", () => {
  // A GET is safe to repeat, prefetch and retry: it reads. Whatever must be written on the way
  // (a provider's state re-read, a feed address issued) is a POST of its own.
  for (const row of matrix.filter((r) => r.method === "GET")) {
    it(`GET ${row.route} as the owner leaves every row of the club as it was`, async () => {
      const ctx = await clubA(row);
      const { url } = await row.prepare(ctx);
      const before = await clubSnapshot(t, ctx.orgId);
      const response = await t.request({ method: "GET", url, cookie: people.owner.cookie });
      expect(response.statusCode, response.body).toBe(expectOf(row).owner);
      expect(await clubSnapshot(t, ctx.orgId)).toEqual(before);
    });
  }
});

describe("hostile requests from the owner's own browser", () => {
  const writes = matrix.filter((row) => row.method !== "GET");

  for (const row of writes) {
    it(`${row.method} ${row.route} as another site's form post, with the owner's cookie -> 403`, async () => {
      const ctx = await clubA(row);
      const { url, payload } = await row.prepare(ctx);
      const before = await clubSnapshot(t, ctx.orgId);
      for (const headers of crossSite) {
        const response = await sendAs(headers, {
          method: row.method,
          url,
          cookie: people.owner.cookie,
          payload:
            headers["content-type"] === "text/plain" ? JSON.stringify(payload ?? {}) : formBody(payload),
        });
        answered(row, response.statusCode);
        expect(response.statusCode, `${JSON.stringify(headers)} -> ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe("CROSS_SITE");
      }
      expect(await clubSnapshot(t, ctx.orgId)).toEqual(before);
    });

    // text/plain is what another site can send without a preflight; our own pages never do.
    it(`${row.method} ${row.route} with a same-origin text/plain body -> 415`, async () => {
      const ctx = await clubA(row);
      const { url, payload } = await row.prepare(ctx);
      const before = await clubSnapshot(t, ctx.orgId);
      const response = await t.request({
        method: row.method,
        url,
        cookie: people.owner.cookie,
        headers: { "content-type": "text/plain" },
        payload: JSON.stringify(payload ?? {}),
      });
      answered(row, response.statusCode);
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(await clubSnapshot(t, ctx.orgId)).toEqual(before);
    });
  }

  it("the sandbox checkout's HTML forms refuse another site's post too", async () => {
    expect(t.deps.payments.kind).toBe("sandbox");
    for (const action of ["confirm", "cancel"])
      for (const headers of crossSite) {
        const response = await sendAs(headers, {
          method: "POST",
          url: `/sandbox/checkout/00000000-0000-4000-8000-000000000000/${action}`,
          cookie: people.owner.cookie,
          payload: "",
        });
        expect(response.statusCode, `${action} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json().error.code).toBe("CROSS_SITE");
      }
  });

  describe("better-auth's own forms", () => {
    const email = "csrf.target@matrix.example";
    const password = "correct horse battery";
    let cookie: string;
    beforeAll(async () => {
      cookie = await signUpVerified(t, { email, password });
    });

    const forms: Array<[string, Record<string, string>]> = [
      ["/api/auth/sign-out", {}],
      ["/api/auth/change-password", { currentPassword: password, newPassword: "attacker chosen pass" }],
      // Login CSRF: signing the victim's browser into an account the attacker controls.
      ["/api/auth/sign-in/email", { email, password }],
    ];

    for (const [url, fields] of forms) {
      it(`POST ${url} from another site is never accepted`, async () => {
        for (const headers of crossSite) {
          const response = await sendAs(headers, {
            method: "POST",
            url,
            cookie,
            payload: new URLSearchParams(fields).toString(),
          });
          expect(response.statusCode, `${JSON.stringify(headers)} -> ${response.body}`).toBe(403);
          expect(cookiesFrom(response)).not.toContain("session_token");
        }
        // Still signed in, with the same password.
        const session = await t.request({ method: "GET", url: "/api/auth/get-session", cookie });
        expect(session.json()?.user?.email).toBe(email);
        const signIn = await t.request({
          method: "POST",
          url: "/api/auth/sign-in/email",
          payload: { email, password },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
      });
    }
  });
});

// Schemathesis-style status conformance: what the app answered is what its document promises.
describe("the OpenAPI document", () => {
  it("declares every status each route answered above", () => {
    type Paths = Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    const { paths } = t.app.swagger() as { paths: Paths };
    const undeclared: string[] = [];
    for (const [key, statuses] of statusesSeen) {
      const [method, route] = key.split(" ") as [string, string];
      const operation = paths[route.replace(/:([a-zA-Z]+)/g, "{$1}")]?.[method.toLowerCase()];
      const declared = Object.keys(operation?.responses ?? {});
      for (const status of statuses)
        if (!declared.includes(String(status))) undeclared.push(`${key} answered ${status}`);
    }
    expect(statusesSeen.size).toBeGreaterThan(0);
    expect(undeclared).toEqual([]);
  });
});
