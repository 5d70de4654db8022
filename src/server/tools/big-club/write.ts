// Writes a planned big club (plan.ts) in bulk: a few hundred multi-row INSERTs instead of a
// quarter of a million use-case calls, with the rows those use cases would write (checked on a
// small club by big-club.test.ts). It lives beside db/, not in a feature, because like a
// migration it writes every feature's tables; the club itself, its owner's membership and
// the ladder's replay still go through the features' services.
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { connectDatabase, type Tx } from "../../db/database.js";
import { profiles } from "../../db/schema/account.js";
import { users } from "../../db/schema/auth.js";
import { games } from "../../db/schema/courts.js";
import { matches } from "../../db/schema/ladder.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { setClubCreatedAt, setClubSlug, updateClubBilling } from "../../features/clubs/service.js";
import { refreshQueue, startFilling } from "../../features/courts/service.js";
import { recomputeLadder, settleResultsQuietly } from "../../features/ladder/service.js";
import { createOrganization } from "../../features/members/service.js";
import { addWalkIn, createSessions, transition } from "../../features/sessions/service.js";
import { BIG_CLUB_TIME_ZONE, type BigClubPlan } from "./plan.js";

const CHUNK = 2000;
const BULK_TIMEOUTS = { statement_timeout: 0, query_timeout: 10 * 60_000 };
const DAY = 86_400_000;

async function insertAll<T>(tx: Tx, rows: T[], write: (tx: Tx, chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(tx, rows.slice(i, i + CHUNK));
}

/** A member's id as better-auth makes them: 32 letters and digits. */
const personId = () => randomBytes(24).toString("base64url").replace(/[-_]/g, "x").slice(0, 32);

export type WrittenBigClub = { organizationId: string; slug: string; memberIds: string[] };

/** Writes `plan` as a new club owned by `owner`, named and found by `slug`. */
export async function writeBigClub(
  deps: AppDeps,
  owner: { id: string; name: string },
  plan: BigClubPlan,
  slug: string,
): Promise<WrittenBigClub> {
  const { db } = deps.database;
  const now = deps.now();
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
  await setClubSlug(db, organizationId, slug);
  await setClubCreatedAt(db, organizationId, plan.foundedAt);
  await updateClubBilling(db, organizationId, {
    subscriptionStatus: "active",
    subscriptionPlan: "pro",
    subscriptionProductId: deps.config.planCatalog.pro.productId,
    subscriptionEndsAt: new Date(now.getTime() + 365 * DAY),
  });
  const courtIds = courts.map((c) => c.id);
  if (courtIds.length < plan.size.courts) throw new Error("the club has fewer courts than planned");

  const memberIds = plan.members.map(() => personId());
  // Five years in one transaction, on a connection of its own: its commit runs the club-data
  // stamps' deferred triggers for every row written (seconds at full size), past the bounds
  // a request's statement and answer are held to.
  const bulk = connectDatabase(deps.database.url, { max: 1, timeouts: BULK_TIMEOUTS });
  const written = bulk.db.transaction(async (tx) => {
    const indexed = plan.members.map((m, i) => ({ ...m, id: memberIds[i]! }));
    await insertAll(tx, indexed, (t, chunk) =>
      t.insert(users).values(
        chunk.map((m) => ({
          id: m.id,
          name: m.name,
          email: m.email,
          emailVerified: true,
          createdAt: m.joinedAt,
          updatedAt: m.joinedAt,
        })),
      ),
    );
    await insertAll(tx, indexed, (t, chunk) =>
      t
        .insert(profiles)
        .values(
          chunk.map((m) => ({ id: m.id, fullName: m.name, createdAt: m.joinedAt, updatedAt: m.joinedAt })),
        ),
    );
    await insertAll(tx, indexed, (t, chunk) =>
      t
        .insert(organizationMembers)
        .values(chunk.map((m) => ({ organizationId, userId: m.id, createdAt: m.joinedAt }))),
    );
    await insertAll(tx, indexed, (t, chunk) =>
      t
        .insert(userRoles)
        .values(chunk.map((m) => ({ organizationId, userId: m.id, role: m.role, createdAt: m.joinedAt }))),
    );

    const sessionRows = plan.sessions.map((s) => ({
      id: randomUUID(),
      organizationId,
      name: s.name,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      capacity: s.capacity,
      status: s.past ? ("completed" as const) : ("scheduled" as const),
      createdBy: owner.id,
      createdAt: s.createdAt,
      updatedAt: s.past ? s.endsAt : s.createdAt,
    }));
    await insertAll(tx, sessionRows, (t, chunk) => t.insert(sessions).values(chunk));

    const registrationRows = plan.sessions.flatMap((s, si) =>
      s.players.map((p, k) => ({
        id: randomUUID(),
        organizationId,
        sessionId: sessionRows[si]!.id,
        userId: memberIds[p.member]!,
        status: "registered" as const,
        seq: k + 1,
        checkedInAt: p.checkedIn ? new Date(s.startsAt.getTime() - 5 * 60_000) : null,
        createdAt: p.registeredAt,
        updatedAt: p.checkedIn ? new Date(s.startsAt.getTime() - 5 * 60_000) : p.registeredAt,
      })),
    );
    await insertAll(tx, registrationRows, (t, chunk) => t.insert(sessionRegistrations).values(chunk));

    // Each session's registrations, in plan order, to name the players of its games.
    const firstOf: number[] = [];
    let offset = 0;
    for (const s of plan.sessions) {
      firstOf.push(offset);
      offset += s.players.length;
    }
    const gameRows: (typeof games.$inferInsert & { id: string })[] = [];
    const matchRows: (typeof matches.$inferInsert)[] = [];
    plan.sessions.forEach((s, si) => {
      const registration = (k: number) => registrationRows[firstOf[si]! + k]!;
      for (const g of s.games) {
        const id = randomUUID();
        const winner = g.scoreA > g.scoreB ? ("A" as const) : ("B" as const);
        gameRows.push({
          id,
          organizationId,
          sessionId: sessionRows[si]!.id,
          courtId: courtIds[g.court]!,
          teamA: g.teamA.map((k) => registration(k).id),
          teamB: g.teamB.map((k) => registration(k).id),
          status: "finished",
          winner,
          scoreA: g.scoreA,
          scoreB: g.scoreB,
          startedAt: g.startedAt,
          endedAt: g.endedAt,
        });
        // As the board records a counted result (ladder matchFromBoardGame): at the score's time.
        if (g.counts)
          matchRows.push({
            organizationId,
            format: "doubles",
            teamA: g.teamA.map((k) => registration(k).userId),
            teamB: g.teamB.map((k) => registration(k).userId),
            games: [{ a: g.scoreA, b: g.scoreB }],
            winner,
            playedAt: g.endedAt,
            status: "confirmed",
            gameId: id,
            createdAt: g.endedAt,
            updatedAt: g.endedAt,
          });
      }
    });
    await insertAll(tx, gameRows, (t, chunk) => t.insert(games).values(chunk));
    await insertAll(tx, matchRows, (t, chunk) => t.insert(matches).values(chunk));
    // The ladder from its matches, replayed once as any change to it would; five years of
    // results are nobody's news, so no result emails go out for them.
    await recomputeLadder(tx, organizationId, "doubles", now);
    await settleResultsQuietly(tx, organizationId, now);
  });
  await written.finally(() => bulk.pool.end());
  // Five years of rows arrived in a minute: the planner learns their sizes now, as it would
  // have over those years, instead of planning for the empty tables it last looked at.
  await db.execute(
    sql.raw(
      "analyze users, profiles, organization_members, user_roles, sessions, session_registrations, games, matches, player_ratings, rating_history",
    ),
  );
  return { organizationId, slug, memberIds };
}

/**
 * Tonight: open play running for the last 40 minutes, every court in play and two players
 * waiting, made as an organizer makes it (created, started, players checked in, courts
 * filled). The benchmark's board reads and actions run on it.
 */
export async function openPlayTonight(deps: AppDeps, club: WrittenBigClub, ownerId: string, courts: number) {
  const { db } = deps.database;
  const now = deps.now();
  const [session] = await createSessions(deps, club.organizationId, ownerId, {
    name: "Drop-in Open Play",
    startsAt: new Date(now.getTime() - 40 * 60_000).toISOString(),
    endsAt: new Date(now.getTime() + 80 * 60_000).toISOString(),
  });
  await transition(deps, club.organizationId, session!.id, "start");
  // The most recent joiners are as likely to come as anyone: every fifth member, up to enough.
  const players = club.memberIds.filter((_, i) => i % 5 === 0).slice(0, courts * 4 + 2);
  for (const userId of players) await addWalkIn(db, club.organizationId, session!.id, { userId }, now);
  await refreshQueue(deps, club.organizationId);
  await startFilling(deps, club.organizationId);
  return session!.id;
}
