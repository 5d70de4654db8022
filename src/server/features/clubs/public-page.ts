// The public club page (/club/{slug}): only the organizations_public fields (SPEC §3), the
// next five sessions, and, for a signed-in viewer, the member count and where they stand.
import { and, asc, count, eq, gte } from "drizzle-orm";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { longDate, timeRange } from "../../../shared/domain/session-time.js";
import type { Db } from "../../db/database.js";
import { organizations } from "../../db/schema/clubs.js";
import { organizationJoinRequests, organizationMembers } from "../../db/schema/members.js";
import { sessions } from "../../db/schema/sessions.js";
import { notFound } from "../../platform/errors/app-error.js";

export const UPCOMING_ON_CLUB_PAGE = 5;

export async function findPublicClub(db: Db, slug: string) {
  const [club] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      logoUrl: organizations.logoUrl,
      location: organizations.location,
      description: organizations.description,
      timeZone: organizations.timeZone,
    })
    .from(organizations)
    .where(eq(organizations.slug, slug.toLowerCase()))
    .limit(1);
  if (!club) throw notFound("Club Not Found");
  return club;
}

export async function publicClubPage(
  db: Db,
  slug: string,
  viewerId: string | null,
  now: Date,
): Promise<PublicClubPage> {
  const club = await findPublicClub(db, slug);
  const upcoming = await db
    .select({
      id: sessions.id,
      name: sessions.name,
      startsAt: sessions.startsAt,
      endsAt: sessions.endsAt,
      paymentRequired: sessions.paymentRequired,
      paymentAmount: sessions.paymentAmount,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, club.id),
        eq(sessions.status, "scheduled"),
        gte(sessions.startsAt, now),
      ),
    )
    .orderBy(asc(sessions.startsAt))
    .limit(UPCOMING_ON_CLUB_PAGE);
  const upcomingSessions = upcoming.map((s) => ({
    ...s,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    dateLabel: longDate(s.startsAt.toISOString(), club.timeZone),
    timeLabel: timeRange(s.startsAt.toISOString(), s.endsAt.toISOString(), club.timeZone),
  }));
  const { timeZone: _zone, ...publicFields } = club;
  if (!viewerId) return { club: publicFields, upcomingSessions, memberCount: null, viewer: "anonymous" };

  const [members] = await db
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, club.id));
  return {
    club,
    upcomingSessions,
    memberCount: members?.n ?? 0,
    viewer: await viewerStanding(db, club.id, viewerId),
  };
}

export async function viewerStanding(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<PublicClubPage["viewer"]> {
  const [member] = await db
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    )
    .limit(1);
  if (member) return "member";
  const [request] = await db
    .select({ id: organizationJoinRequests.id })
    .from(organizationJoinRequests)
    .where(
      and(
        eq(organizationJoinRequests.organizationId, organizationId),
        eq(organizationJoinRequests.userId, userId),
        eq(organizationJoinRequests.status, "pending"),
      ),
    )
    .limit(1);
  return request ? "pending" : "none";
}
