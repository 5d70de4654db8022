// Calendars: one session as an .ics download, and the club's feed that calendar apps
// subscribe to by a secret URL (rotating the secret revokes old subscriptions). In the feed
// the weeks of a weekly repeat are one recurring event (platform/calendar/series.ts). The
// files are registered directly (not JSON); the feed's address is served from its shared
// definition (shared/contracts/sessions-endpoints.ts).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionsEndpoints as endpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { addDays } from "../../../shared/domain/dates.js";
import { teamsListed } from "../../../shared/domain/team-rules.js";
import type { AppDeps } from "../../app-deps.js";
import { calendarFeeds, type sessions } from "../../db/schema/sessions.js";
import { buildCalendar, type CalendarEvent } from "../../platform/calendar/ics.js";
import { identityIn } from "../../platform/calendar/series.js";
import { notFound } from "../../platform/errors/app-error.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { getOrganization } from "../clubs/service.js";
import { type SeriesName, upcomingForFeed } from "./schedule-reads.js";
import { getSession } from "./session-reads.js";

const newToken = () => randomBytes(24).toString("base64url");

/**
 * `seriesName`: the name a feature above this one gives a weekly series (a league's, from the
 * events feature, which this one cannot ask itself without a circle); the feed shows it.
 */
export function calendarRoutes(deps: AppDeps, seriesName?: SeriesName): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const tags = ["calendars"];
  const feedUrl = (token: string) => `${deps.config.appUrl}/api/calendar/${token}.ics`;

  const toEvent = (
    club: { location: string | null },
    s: typeof sessions.$inferSelect & { seriesName?: string | null },
  ): CalendarEvent => ({
    uid: `${s.id}@courtside`,
    // A league's weeks say so: "Tuesday League: Tuesday Open Play", or the league's name alone.
    title: s.seriesName && s.seriesName !== s.name ? `${s.seriesName}: ${s.name}` : s.name,
    // A mixed night is one a player chooses to come to: the calendar says so before the notes.
    description: [teamsListed(s.teams), s.description].filter(Boolean).join("\n\n") || undefined,
    location: club.location ?? undefined,
    startsAt: s.startsAt,
    endsAt: s.endsAt,
    cancelled: s.status === "cancelled",
    url: `${deps.config.appUrl}/sessions/${s.id}`,
    // One recurring event for the weeks of a repeat; it links to the list, as no one session is it.
    series: s.seriesId
      ? { uid: `${s.seriesId}@courtside`, url: `${deps.config.appUrl}/sessions` }
      : undefined,
  });

  type Club = Awaited<ReturnType<typeof getOrganization>>;
  /** The club's sessions as its feed writes them: from a month ago on. */
  const feedEvents = async (club: Club) =>
    (await upcomingForFeed(db, club.id, addDays(deps.now(), -30), seriesName)).map((s) => toEvent(club, s));

  return async (app) => {
    serve(app, endpoints.calendarFile, async (request, reply) => {
      const member = request.club;
      const club = await getOrganization(db, member.organizationId);
      const { session } = await getSession(db, member.organizationId, request.params.sessionId);
      const event = toEvent(club, session);
      // Named as the feed names it (a week of a repeat: the series' UID and that week), so a
      // calendar given both the file and the feed holds one event for the session, not two.
      const identity = session.seriesId ? identityIn(await feedEvents(club), club.timeZone, event.uid) : {};
      const ics = buildCalendar({
        name: club.name,
        timeZone: club.timeZone,
        // Only the session asked for, even of a series: it is what the person signed up for.
        events: [{ ...event, ...identity, series: undefined }],
        now: deps.now(),
      });
      reply.header("content-disposition", `attachment; filename="session-${session.id}.ics"`);
      return ics;
    });

    // Issued on first use, so asking for it is a POST: a GET never writes.
    serve(app, endpoints.calendarFeed, async (request) => {
      const member = request.club;
      await db
        .insert(calendarFeeds)
        .values({ organizationId: member.organizationId, token: newToken() })
        .onConflictDoNothing();
      const [feed] = await db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.organizationId, member.organizationId));
      return { url: feedUrl(feed!.token) };
    });

    serve(app, endpoints.rotateCalendarFeed, async (request) => {
      const member = request.club;
      const token = newToken();
      await db
        .insert(calendarFeeds)
        .values({ organizationId: member.organizationId, token })
        .onConflictDoUpdate({
          target: calendarFeeds.organizationId,
          set: { token, createdAt: deps.now() },
        });
      return { url: feedUrl(token) };
    });

    app.get(
      "/api/calendar/:token",
      {
        schema: {
          tags,
          security: [],
          summary: "A club's sessions as a subscribable calendar",
          params: z.object({ token: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const token = request.params.token.replace(/\.ics$/, "");
        const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token));
        if (!feed) throw notFound("Calendar not found");
        const club = await getOrganization(db, feed.organizationId);
        const ics = buildCalendar({
          name: `${club.name} sessions`,
          timeZone: club.timeZone,
          events: await feedEvents(club),
          now: deps.now(),
        });
        return reply
          .type("text/calendar; charset=utf-8")
          .header("cache-control", "private, max-age=300")
          .send(ics);
      },
    );
  };
}
