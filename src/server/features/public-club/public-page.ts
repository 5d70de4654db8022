// The public club page (/club/{slug}): only the club's public fields (the publicClub contract), the
// next five sessions, and, for a signed-in viewer, the member count and where they stand.
import { sql } from "drizzle-orm";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { longDate, timeRange } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { qualified } from "../../db/qualified.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { openClubAtSlug, publicClubQuery } from "../clubs/service.js";
import { leagueNameColumn } from "../events/service.js";
import { hasPendingJoinRequest, memberCountOf, memberRole, requestToJoin } from "../members/service.js";
import { publicPlans } from "../memberships/service.js";
import { nextScheduledSessionsJson } from "../sessions/service.js";

export const UPCOMING_ON_CLUB_PAGE = 5;

// The club's public fields with its member count and next sessions, in one statement: clubs
// reads its row, members and sessions give their columns.
const publicClubById = preparedStatement("public_club_by_id", (db) =>
  publicClubQuery(db, (clubId) => ({
    memberCount: memberCountOf(clubId),
    upcoming: nextScheduledSessionsJson(
      qualified(clubId),
      { league: leagueNameColumn(sql`s.series_id`, sql`s.organization_id`) },
      { running: true },
    ),
  })),
);

/**
 * The club of `slug` and its next sessions from `now`, with their labels in the club's time:
 * kept by this instance until the club's data changes (platform/club-reads) or the first of
 * those sessions starts. Shared between requests: callers must not change it.
 */
export async function findPublicClub(db: Db, slug: string, now: Date) {
  const found = await openClubAtSlug(db, slug.toLowerCase());
  if (!found) throw notFound("Club Not Found");
  const build = async () => {
    const [row] = await publicClubById(db, {
      organizationId: found.id,
      now: now.toISOString(),
      limit: UPCOMING_ON_CLUB_PAGE,
    });
    if (!row) throw notFound("Club Not Found");
    const { upcoming, ...club } = row;
    const upcomingSessions = upcoming.map((s) => ({
      ...s,
      league: s.league ?? null,
      dateLabel: longDate(s.startsAt, club.timeZone),
      timeLabel: timeRange(s.startsAt, s.endsAt, club.timeZone),
    }));
    // Kept until the next session starts; a session starting or ending early is a write to it,
    // which moves the club's stamp (platform/club-reads).
    const next = upcoming.find((s) => !s.live);
    const plans = await publicPlans(db, found.id);
    return { value: { club, upcomingSessions, plans }, until: next ? new Date(next.startsAt) : null };
  };
  return clubReads(db).readAt(found.id, Number(found.stamp), "public-page", build, now);
}

export async function publicClubPage(
  db: Db,
  slug: string,
  viewerId: string | null,
  now: Date,
): Promise<PublicClubPage> {
  const {
    club: { memberCount, ...club },
    upcomingSessions,
    plans,
  } = await findPublicClub(db, slug, now);
  const viewer = viewerId ? await viewerStanding(db, club.id, viewerId) : ("anonymous" as const);
  const { timeZone: _zone, ...publicFields } = club;
  // A visitor sees neither the member count nor the time zone (neither is a public field).
  if (!viewerId) return { club: publicFields, upcomingSessions, plans, memberCount: null, viewer };
  return { club, upcomingSessions, plans, memberCount, viewer };
}

export async function viewerStanding(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<PublicClubPage["viewer"]> {
  if (await memberRole(db, organizationId, userId)) return "member";
  return (await hasPendingJoinRequest(db, organizationId, userId)) ? "pending" : "none";
}

/**
 * A signed-in visitor asks to join the club at `slug`: once, and not when already a member.
 * The club's owner and admins are mailed about a new request (members/join-requests.ts).
 */
export async function askToJoin(
  deps: UseCaseDeps,
  slug: string,
  userId: string,
  message: string | undefined,
) {
  const { db } = deps.database;
  const { club } = await findPublicClub(db, slug, deps.now());
  if ((await viewerStanding(db, club.id, userId)) === "member")
    throw new AppError("ALREADY_MEMBER", "You are already a member of this club.");
  if (!(await requestToJoin(deps, club.id, userId, message)))
    throw new AppError("REQUEST_PENDING", "Your join request is being reviewed by the club admins.");
}
