// The dashboard's one read: the club's next sessions, its live board, its latest results and
// ladder movers, and (for managers) the join requests waiting. Each part comes from its own
// feature's service, so the dashboard shows exactly what those pages show.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dashboardEndpoints as endpoints } from "../../../shared/contracts/board-endpoints.js";
import type { DashboardView } from "../../../shared/contracts/dashboard.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { getOrganization } from "../clubs/service.js";
import { boardView, latestGuestGames } from "../courts/service.js";
import { ladderMovers, listMatches } from "../ladder/service.js";
import { listPendingJoinRequests } from "../members/service.js";
import { sessionPage } from "../sessions/service.js";

const UPCOMING = 3;
const RESULTS = 5;
const MOVERS = 3;
const NAMES_AT_A_GLANCE = 8;

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    serve(app, endpoints.dashboard, async (request): Promise<DashboardView> => {
      const { club } = request;
      const now = deps.now();
      const [org, sessions, board, matches, movers, guestGames] = await Promise.all([
        getOrganization(db, club.organizationId),
        sessionPage(db, "upcoming", club.organizationId, now).then((page) => page.sessions),
        boardView(
          db,
          club.organizationId,
          { userId: club.userId, canManage: false },
          deps.config.appUrl,
          () => now.getTime(),
        ),
        listMatches(db, club.organizationId, { status: "all", limit: 20 }, club.userId, now).then(
          (page) => page.matches,
        ),
        ladderMovers(db, club.organizationId, "doubles", MOVERS),
        latestGuestGames(db, club.organizationId, RESULTS),
      ]);
      const manager = can(club.role, "joinRequests.review");
      const pending = manager ? (await listPendingJoinRequests(db, club.organizationId)).length : null;
      const people = [
        ...board.courts.flatMap((c) => (c.game ? [...c.game.teamA, ...c.game.teamB] : [])),
        ...board.queue,
      ];
      return {
        timeZone: org.timeZone,
        upcoming: sessions
          .filter((s) => s.status === "scheduled")
          .slice(0, UPCOMING)
          .map((s) => ({
            id: s.id,
            name: s.name,
            startsAt: s.startsAt,
            endsAt: s.endsAt,
            placesLeft: s.capacity === null ? null : Math.max(0, s.capacity - s.registeredCount),
            registeredCount: s.registeredCount,
            paymentAmount: s.paymentRequired ? s.paymentAmount : null,
            opensAt:
              s.registrationOpensAt && Date.parse(s.registrationOpensAt) > now.getTime()
                ? s.registrationOpensAt
                : null,
            drawAt: s.lotteryDrawnAt === null ? s.lotteryDrawAt : null,
            teams: s.teams,
          })),
        live: board.session
          ? {
              sessionId: board.session.id,
              name: board.session.name,
              checkedIn: board.stats.activePlayers,
              checkedInNames: people.slice(0, NAMES_AT_A_GLANCE).map((p) => p.name),
              courtsPlaying: board.courts.filter((c) => c.status === "playing").length,
              courtsTotal: board.courts.filter((c) => c.status !== "unavailable").length,
              waiting: board.stats.waiting,
              joiningWait: board.stats.joiningWait,
            }
          : null,
        // Counted matches, and the board's games with a walk-in (which the ladder never
        // sees), newest first.
        results: [
          ...matches
            .filter((m) => m.counts)
            .slice(0, RESULTS)
            .map((m) => {
              const [winners, losers] = m.winner === "A" ? [m.teamA, m.teamB] : [m.teamB, m.teamA];
              return {
                id: m.id,
                playedAt: m.playedAt,
                winners: winners.map((p) => p.name),
                losers: losers.map((p) => p.name),
                score: m.games.map((g) => (m.winner === "A" ? `${g.a}-${g.b}` : `${g.b}-${g.a}`)).join(", "),
              };
            }),
          ...guestGames,
        ]
          .sort((a, b) => Date.parse(b.playedAt) - Date.parse(a.playedAt))
          .slice(0, RESULTS),
        movers,
        pendingJoinRequests: pending,
      };
    });
  };
}
