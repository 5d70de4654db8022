// The public club page (/club/{slug}): only the organizations_public fields (SPEC §3), the
// next five sessions, and, for a signed-in viewer, the member count and where they stand.
import { eq, sql } from "drizzle-orm";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { longDate, timeRange } from "../../../shared/domain/session-time.js";
import type { Db } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { organizations } from "../../db/schema/clubs.js";
import { notFound } from "../../platform/errors/app-error.js";
import { hasPendingJoinRequest, memberCountOf, memberRole } from "../members/service.js";
import { nextScheduledSessionsJson } from "../sessions/service.js";

export const UPCOMING_ON_CLUB_PAGE = 5;

const publicClubBySlug = preparedRead("public_club_by_slug", (db) =>
  db
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      logoUrl: organizations.logoUrl,
      location: organizations.location,
      description: organizations.description,
      timeZone: organizations.timeZone,
      memberCount: memberCountOf(organizations.id),
      upcoming: nextScheduledSessionsJson(qualified(organizations.id)),
    })
    .from(organizations)
    .where(eq(organizations.slug, sql.placeholder("slug")))
    .limit(1),
);

/** The club of `slug` and its next sessions from `now`, in one statement. */
export async function findPublicClub(db: Db, slug: string, now: Date) {
  const [row] = await publicClubBySlug(db, {
    slug: slug.toLowerCase(),
    now: now.toISOString(),
    limit: UPCOMING_ON_CLUB_PAGE,
  });
  if (!row) throw notFound("Club Not Found");
  const { upcoming, ...club } = row;
  return { club, upcoming };
}

export async function publicClubPage(
  db: Db,
  slug: string,
  viewerId: string | null,
  now: Date,
): Promise<PublicClubPage> {
  const {
    club: { memberCount, ...club },
    upcoming,
  } = await findPublicClub(db, slug, now);
  const viewer = viewerId ? await viewerStanding(db, club.id, viewerId) : ("anonymous" as const);
  const upcomingSessions = upcoming.map((s) => ({
    ...s,
    dateLabel: longDate(s.startsAt, club.timeZone),
    timeLabel: timeRange(s.startsAt, s.endsAt, club.timeZone),
  }));
  const { timeZone: _zone, ...publicFields } = club;
  // A visitor sees neither the member count nor the time zone (SPEC §3's public fields).
  if (!viewerId) return { club: publicFields, upcomingSessions, memberCount: null, viewer };
  return { club, upcomingSessions, memberCount, viewer };
}

export async function viewerStanding(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<PublicClubPage["viewer"]> {
  if (await memberRole(db, organizationId, userId)) return "member";
  return (await hasPendingJoinRequest(db, organizationId, userId)) ? "pending" : "none";
}
