// The big club's bulk writer writes the rows the features' own use cases write: the same small
// plan is written both ways, in two clubs, and every row compared once ids are set aside.
// Board games are the one part the bulk writer inserts as rows on both sides: the board's
// engine picks its own teams, so a planned game cannot be played through it; the ladder
// matches they become go through the board's own steps (matchFromBoardGame, applyBoardResult) on
// the use-case side.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/account.js";
import { users } from "../../db/schema/auth.js";
import { courts as courtRows } from "../../db/schema/clubs.js";
import { games } from "../../db/schema/courts.js";
import { matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { ensureProfile } from "../../features/account/service.js";
import { setClubCreatedAt, updateClubBilling } from "../../features/clubs/service.js";
import { applyBoardResult, matchFromBoardGame, settleResultsQuietly } from "../../features/ladder/service.js";
import { addMember, createOrganization } from "../../features/members/service.js";
import { createSessions, register, setCheckedIn, transition } from "../../features/sessions/service.js";
import { makeUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { BIG_CLUB_TIME_ZONE, type BigClubPlan, planBigClub } from "./plan.js";
import { writeBigClub } from "./write.js";

let t: TestApp;
let now = new Date("2026-11-20T12:00:00Z");
const SMALL = {
  members: 14,
  sessions: 7,
  playersPerSession: 8,
  gamesPerSession: 4,
  ladderGamesPerSession: 2,
  courts: 2,
  years: 1,
};

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(async () => {
  await t?.close();
});

/** The plan through the features' use cases, the clock moved to each step's time. */
async function writeThroughUseCases(plan: BigClubPlan, owner: { id: string; name: string }) {
  const deps = t.deps;
  const { db } = deps.database;
  const { organization, courts } = await createOrganization(
    db,
    owner,
    {
      name: "Lakeside Pickleball Center",
      courtsCount: plan.size.courts,
      location: "Lakeside Park, Chicago, IL",
      description: "Five years of open play, ladder nights and weekend socials on eight courts.",
      timeZone: BIG_CLUB_TIME_ZONE,
    },
    now,
  );
  const organizationId = organization.id;
  await setClubCreatedAt(db, organizationId, plan.foundedAt);
  await updateClubBilling(db, organizationId, {
    subscriptionStatus: "active",
    subscriptionPlan: "pro",
    subscriptionProductId: deps.config.planCatalog.pro.productId,
    subscriptionEndsAt: new Date(now.getTime() + 365 * 86_400_000),
  });
  const context = await deps.auth.$context;
  const ids: string[] = [];
  for (const m of [...plan.members].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime())) {
    now = m.joinedAt;
    const user = await context.internalAdapter.createUser(
      { email: m.email, name: m.name, emailVerified: true },
      { method: "admin" },
    );
    await ensureProfile(db, user.id, m.name);
    await db.transaction((tx) => addMember(tx, organizationId, user.id, m.role, m.joinedAt));
    ids[plan.members.indexOf(m)] = user.id;
  }
  for (const s of plan.sessions) {
    now = s.createdAt;
    const [created] = await createSessions(deps, organizationId, owner.id, {
      name: s.name,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      capacity: s.capacity,
    });
    const registrations: string[] = [];
    for (const p of s.players) {
      now = p.registeredAt;
      const result = await register(deps, organizationId, created!.id, ids[p.member]!);
      registrations.push(result.listed.id);
    }
    if (!s.past) continue;
    now = new Date(s.startsAt.getTime() - 5 * 60_000);
    for (const [k, p] of s.players.entries())
      if (p.checkedIn) await setCheckedIn(db, organizationId, created!.id, registrations[k]!, true, now);
    now = s.startsAt;
    await transition(deps, organizationId, created!.id, "start");
    const userOf = new Map(registrations.map((r, k) => [r, ids[s.players[k]!.member]!]));
    for (const g of s.games) {
      const winner = g.scoreA > g.scoreB ? ("A" as const) : ("B" as const);
      const [game] = await db
        .insert(games)
        .values({
          organizationId,
          sessionId: created!.id,
          courtId: courts[g.court]!.id,
          teamA: g.teamA.map((k) => registrations[k]!),
          teamB: g.teamB.map((k) => registrations[k]!),
          status: "finished",
          winner,
          scoreA: g.scoreA,
          scoreB: g.scoreB,
          startedAt: g.startedAt,
          endedAt: g.endedAt,
        })
        .returning();
      now = g.endedAt;
      // As the board does: the match in the board's transaction, the ratings after its commit.
      if (g.counts) {
        const owed = await db.transaction((tx) =>
          matchFromBoardGame(tx, { ...game!, winner }, userOf, g.endedAt),
        );
        if (owed) await applyBoardResult(db, owed, g.endedAt);
      }
    }
    now = s.endsAt;
    await transition(deps, organizationId, created!.id, "complete");
  }
  await settleResultsQuietly(db, organizationId, now);
  return organizationId;
}

/** Every row the big club is made of, with ids replaced by what they stand for. */
async function clubRows(organizationId: string, ownerId: string) {
  const { db } = t;
  const memberRows = await db
    .select({ id: users.id, name: users.name, email: users.email, verified: users.emailVerified })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .then((rows) => rows.filter((m) => m.id !== ownerId));
  const email = new Map(memberRows.map((m) => [m.id, m.email]));
  email.set(ownerId, "the owner");
  const person = (id: string | null) => (id ? email.get(id) : null);
  const membership = await db
    .select({
      userId: organizationMembers.userId,
      joinedAt: organizationMembers.createdAt,
      role: userRoles.role,
    })
    .from(organizationMembers)
    .innerJoin(
      userRoles,
      and(
        eq(userRoles.organizationId, organizationMembers.organizationId),
        eq(userRoles.userId, organizationMembers.userId),
      ),
    )
    .where(eq(organizationMembers.organizationId, organizationId));
  const names = await db.select({ id: profiles.id, fullName: profiles.fullName }).from(profiles);
  const sessionList = await db
    .select()
    .from(sessions)
    .where(eq(sessions.organizationId, organizationId))
    .orderBy(asc(sessions.startsAt));
  const sessionKey = new Map(sessionList.map((s) => [s.id, s.startsAt.toISOString()]));
  const registrationList = await db
    .select()
    .from(sessionRegistrations)
    .where(eq(sessionRegistrations.organizationId, organizationId));
  const registrationKey = new Map(
    registrationList.map((r) => [r.id, `${sessionKey.get(r.sessionId)}#${r.seq}`]),
  );
  const courtName = new Map(
    (await db.select().from(courtRows).where(eq(courtRows.organizationId, organizationId))).map((c) => [
      c.id,
      c.name,
    ]),
  );
  const gameList = await db.select().from(games).where(eq(games.organizationId, organizationId));
  const gameKey = new Map(
    gameList.map((g) => [g.id, `${g.startedAt.toISOString()}@${courtName.get(g.courtId)}`]),
  );
  const matchList = await db.select().from(matches).where(eq(matches.organizationId, organizationId));
  const matchKey = new Map(matchList.map((m) => [m.id, gameKey.get(m.gameId!)]));
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return {
    members: sorted(
      memberRows.map(({ id, ...m }) => ({ ...m, fullName: names.find((n) => n.id === id)?.fullName })),
    ),
    memberships: sorted(
      membership.filter((m) => m.userId !== ownerId).map((m) => ({ ...m, userId: person(m.userId) })),
    ),
    sessions: sorted(
      // createdAt: creating a session stamps it with the database's clock, which a test clock
      // cannot move; the bulk writer puts two weeks before the start there.
      sessionList.map(
        ({ id, organizationId: _, seriesId, checkInToken, createdBy, createdAt, updatedAt, ...s }) => ({
          ...s,
          createdBy: person(createdBy),
        }),
      ),
    ),
    registrations: sorted(
      registrationList.map(({ id, organizationId: _, sessionId, userId, updatedAt, ...r }) => ({
        ...r,
        session: sessionKey.get(sessionId),
        userId: person(userId),
      })),
    ),
    games: sorted(
      gameList.map(({ id, organizationId: _, sessionId, courtId, teamA, teamB, ...g }) => ({
        ...g,
        court: courtName.get(courtId),
        teamA: teamA.map((r) => registrationKey.get(r)),
        teamB: teamB.map((r) => registrationKey.get(r)),
      })),
    ),
    matches: sorted(
      matchList.map(({ id, organizationId: _, gameId, teamA, teamB, loggedBy, answeredBy, ...m }) => ({
        ...m,
        game: gameKey.get(gameId!),
        teamA: teamA.map(person),
        teamB: teamB.map(person),
      })),
    ),
    ratings: sorted(
      (await db.select().from(playerRatings).where(eq(playerRatings.organizationId, organizationId))).map(
        ({ organizationId: _, userId, ...r }) => ({ ...r, userId: person(userId) }),
      ),
    ),
    history: sorted(
      (await db.select().from(ratingHistory).where(eq(ratingHistory.organizationId, organizationId))).map(
        ({ organizationId: _, userId, matchId, ...h }) => ({
          ...h,
          userId: person(userId),
          match: matchKey.get(matchId),
        }),
      ),
    ),
  };
}

describe("the big club's generator", () => {
  it("writes in bulk exactly the rows the use cases write for the same plan", async () => {
    const plan = planBigClub(SMALL, now);
    expect(plan.sessions.filter((s) => s.past).every((s) => s.games.length === 4)).toBe(true);
    const firstOwner = await makeUser(t, "owner-a@bigclub.test", "Olive Owner");
    const secondOwner = await makeUser(t, "owner-b@bigclub.test", "Olive Owner");
    const planned = new Date(now);
    const bulk = await writeBigClub(t.deps, secondOwner, plan, "lakeside-bulk");
    // The use cases make their own accounts: the bulk writer's addresses are taken, so the
    // use-case side gets the same plan under another domain.
    const renamed = {
      ...plan,
      members: plan.members.map((m) => ({
        ...m,
        email: m.email.replace("@bigclub.example", "@bigclub.test"),
      })),
    };
    const viaUseCases = await writeThroughUseCases(renamed, firstOwner);
    now = planned;

    const fromBulk = await clubRows(bulk.organizationId, secondOwner.id);
    const fromUseCases = await clubRows(viaUseCases, firstOwner.id);
    const sameDomain = (rows: string[]) => rows.map((r) => r.replaceAll("@bigclub.test", "@bigclub.example"));
    for (const part of Object.keys(fromBulk) as (keyof typeof fromBulk)[]) {
      expect(fromBulk[part].length, part).toBeGreaterThan(0);
      expect(fromBulk[part], part).toEqual(sameDomain(fromUseCases[part]).sort());
    }
  });
});
