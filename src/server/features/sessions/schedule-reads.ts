// The club's schedule as other pages show it: the next scheduled sessions (the club page, the
// weekly summary) and the sessions of its calendar feed. Apart from the session reads because
// they are read for other features, as a column of their statements or a list of plain rows.
import { and, asc, eq, getTableColumns, gte, type SQL, sql } from "drizzle-orm";
import type { TeamRule } from "../../../shared/rotation/types.js";
import type { Db, Queryable } from "../../db/database.js";
import { isoInstant } from "../../db/json.js";
import { preparedStatement } from "../../db/prepared.js";
import { sessions } from "../../db/schema/sessions.js";

/** A scheduled session as the club page and the weekly summary show it; instants as ISO text. */
type Scheduled = {
  id: string;
  name: string;
  startsAt: string;
  endsAt: string;
  paymentRequired: boolean;
  paymentAmount: number | null;
  /** Who may make a team: a mixed night is one a player decides to come to. */
  teams: TeamRule;
  /** The league the session's weekly series is run as, when the caller asks (public page). */
  league?: string | null;
  /** Running now (started, not yet over): listed first when the caller asks (public page). */
  live: boolean;
};

/**
 * The next scheduled sessions from the placeholder `now` of the club `organizationId` (the
 * outer query's column, qualified), soonest first, at most the placeholder `limit`: one JSON
 * column, so that the club's public page reads the club and its sessions in one statement.
 */
export function nextScheduledSessionsJson(
  organizationId: SQL,
  /** More fields of each session, given by another feature from the session's columns (`s`). */
  extra: Record<string, SQL> = {},
  /** Also the sessions running now, first (their start is past): the public page shows them. */
  options: { running?: boolean } = {},
): SQL<Scheduled[]> {
  // The keys are the code's own names, never input: written into the statement as they are.
  const more = Object.entries(extra).map(([key, value]) => sql`, ${sql.raw(`'${key}'`)}, ${value}`);
  return sql<Scheduled[]>`(select coalesce(json_agg(json_build_object(
      'id', s.id, 'name', s.name,
      'startsAt', ${isoInstant(sql`s.starts_at`)}, 'endsAt', ${isoInstant(sql`s.ends_at`)},
      'paymentRequired', s.payment_required, 'paymentAmount', s.payment_amount,
      'teams', s.teams, 'live', s.status = 'active'${sql.join(more, sql``)}
    ) order by s.starts_at), '[]'::json)
    from (select * from sessions s
      where s.organization_id = ${organizationId}
        and ((s.status = 'scheduled' and s.starts_at >= ${sql.placeholder("now")})
          ${options.running ? sql`or s.status = 'active'` : sql``})
      order by s.starts_at limit ${sql.placeholder("limit")}) s)`;
}

const scheduledSessions = preparedStatement("next_scheduled_sessions", (db) =>
  db
    .select({ list: nextScheduledSessionsJson(sql`${sql.placeholder("organizationId")}::uuid`) })
    // The list is the one column of a one-row statement.
    .from(sql`(values (1)) as one (x)`),
);

/** The club's next scheduled sessions from `now`, soonest first. */
export async function nextScheduledSessions(
  db: Queryable,
  organizationId: string,
  now: Date,
  limit: number,
): Promise<Scheduled[]> {
  const [row] = await scheduledSessions(db, { organizationId, now: now.toISOString(), limit });
  return row?.list ?? [];
}

/** A name a feature above this one gives a weekly series (a league's), as a column of the statement. */
export type SeriesName = (seriesId: SQL, organizationId: SQL) => SQL<string | null>;

/** The club's sessions from `since` for its calendar feed, each with its series' name if given one. */
export async function upcomingForFeed(db: Db, organizationId: string, since: Date, seriesName?: SeriesName) {
  return db
    .select({
      ...getTableColumns(sessions),
      seriesName: seriesName
        ? seriesName(sql`${sessions.seriesId}`, sql`${sessions.organizationId}`)
        : sql<string | null>`null`,
    })
    .from(sessions)
    .where(and(eq(sessions.organizationId, organizationId), gte(sessions.startsAt, since)))
    .orderBy(asc(sessions.startsAt))
    .limit(1000);
}
