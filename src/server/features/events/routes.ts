// The events' endpoints, served from their shared definitions (shared/contracts/events-endpoints.ts).
// Every write answers the event as the writer now sees it, so a phone shows its own change at once.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { eventsEndpoints as endpoints } from "../../../shared/contracts/events-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { organizationOfDisplay } from "../courts/service.js";
import type { ClubAccess } from "../members/service.js";
import { activeSession } from "../sessions/service.js";
import { createLeague, leagueView, readLeague } from "./leagues.js";
import { acceptPartner, joinLeague, leaveLeague } from "./roster.js";
import { finishEvent, nextRound, startPlayoff } from "./running.js";
import { confirmEventGame, type Scorer, scoreEventGame } from "./scoring.js";
import { startEvent } from "./start-event.js";
import { findEventOfSession } from "./store.js";
import { askSubstitutes } from "./substitutes.js";
import { eventView, readEvent, readEventIfAny } from "./view.js";

/** How long the TV keeps a finished event's standings before the board comes back. */
const FINISHED_ON_TV_MS = 30 * 60_000;

/** Who reads the event: their account, and whether they run sessions (they score as a referee). */
const viewerOf = (club: ClubAccess) => ({ userId: club.userId, manager: can(club.role, "sessions.manage") });

export function eventRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    /** Every write answers the event as its writer now sees it. */
    const answer = (club: ClubAccess, sessionId: string) =>
      readEvent(db, club.organizationId, sessionId, viewerOf(club));
    const scorerOf = (club: ClubAccess): Scorer => ({ access: club, manager: viewerOf(club).manager });

    serve(app, endpoints.read, async (request) => {
      const { club } = request;
      return readEventIfAny(db, club.organizationId, request.params.sessionId, viewerOf(club));
    });

    serve(app, endpoints.start, async (request) => {
      const { club } = request;
      await startEvent(deps, club, request.params.sessionId, request.body);
      return answer(club, request.params.sessionId);
    });

    serve(app, endpoints.score, async (request) => {
      const { club } = request;
      const { sessionId, gameId } = request.params;
      await db.transaction((tx) =>
        scoreEventGame(tx, scorerOf(club), sessionId, gameId, request.body, deps.now()),
      );
      return answer(club, sessionId);
    });

    serve(app, endpoints.confirm, async (request) => {
      const { club } = request;
      const { sessionId, gameId } = request.params;
      await db.transaction((tx) => confirmEventGame(tx, scorerOf(club), sessionId, gameId, deps.now()));
      return answer(club, sessionId);
    });

    serve(app, endpoints.nextRound, async (request) => {
      const { club } = request;
      await nextRound(db, club.organizationId, request.params.sessionId, deps.now());
      return answer(club, request.params.sessionId);
    });

    serve(app, endpoints.playoff, async (request) => {
      const { club } = request;
      await startPlayoff(db, club.organizationId, request.params.sessionId, request.body.teams, deps.now());
      return answer(club, request.params.sessionId);
    });

    serve(app, endpoints.finish, async (request) => {
      const { club } = request;
      await finishEvent(deps, club.organizationId, request.params.sessionId);
      return answer(club, request.params.sessionId);
    });

    serve(app, endpoints.league, async (request) => {
      const { club } = request;
      return readLeague(db, club.organizationId, request.params.sessionId, viewerOf(club), deps.now());
    });

    serve(app, endpoints.createLeague, async (request) => {
      const { club } = request;
      const league = await createLeague(db, club, request.params.sessionId, request.body, deps.now());
      return leagueView(db, league, viewerOf(club), deps.now());
    });

    serve(app, endpoints.joinLeague, async (request) => {
      const { club } = request;
      const league = await joinLeague(deps, club, request.params.sessionId, request.body);
      return leagueView(db, league, viewerOf(club), deps.now());
    });

    serve(app, endpoints.acceptPartner, async (request) => {
      const { club } = request;
      const league = await acceptPartner(deps, club, request.params.sessionId);
      return leagueView(db, league, viewerOf(club), deps.now());
    });

    serve(app, endpoints.leaveLeague, async (request) => {
      const { club } = request;
      const { sessionId, userId } = request.params;
      const league = await leaveLeague(db, club, sessionId, userId, deps.now());
      return leagueView(db, league, viewerOf(club), deps.now());
    });

    serve(app, endpoints.askSubstitutes, async (request) => {
      const { club } = request;
      return { asked: await askSubstitutes(deps, club, request.params.sessionId) };
    });

    // The TV shows the event of the session on now, when that session is run as one.
    serve(app, endpoints.display, async (request) => {
      const organizationId = await organizationOfDisplay(db, request.params.token);
      const session = await activeSession(db, organizationId);
      if (!session) return { event: null };
      const event = await findEventOfSession(db, organizationId, session.id);
      // A finished event's standings stay up a while, then the board is back for open play.
      if (event?.phase === "finished" && deps.now().getTime() - event.updatedAt.getTime() > FINISHED_ON_TV_MS)
        return { event: null };
      return { event: event ? await eventView(db, event, { userId: null, manager: false }) : null };
    });
  };
}
