// WebSockets for live boards. A viewer subscribes to one club; the server sends
// {"type":"changed","version":N} on every change (and "hello" with the current version on
// connect, so a reconnecting client knows whether it missed something), and the client
// refetches through the normal, permission-checked API. A "resync" says notices may have
// been missed (the bus was away): the client refetches whatever it shows.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { messages } from "../../../shared/domain/messages.js";
import type { AppDeps } from "../../app-deps.js";
import { boards } from "../../db/schema/courts.js";
import { AppError } from "../../platform/errors/app-error.js";
import {
  SOCKET_LIMITS,
  type SocketHolder,
  type SocketLimits,
  socketLimiter,
} from "../../platform/realtime/socket-limits.js";
import { isSameOrigin } from "../../platform/web/same-origin.js";
import { clubAccess, memberRole } from "../members/service.js";
import { activeSession } from "./board-store.js";
import { organizationOfDisplay } from "./display-routes.js";

const HEARTBEAT_MS = 25_000;

export function registerLiveRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  limits: SocketLimits = SOCKET_LIMITS,
): void {
  const access = clubAccess(deps);
  const { db } = deps.database;
  const limiter = socketLimiter(limits);

  // The checks happen before the upgrade, so a refused viewer gets a plain 401, 404 or 429.
  const holders = new WeakMap<FastifyRequest, SocketHolder>();
  const guard =
    (find: (request: FastifyRequest) => Promise<SocketHolder>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        // A browser always names the page that opens a socket: another site's page may not
        // ride on this person's cookie (cross-site WebSocket hijacking).
        if (!isSameOrigin(request, deps.config)) throw new AppError("CROSS_SITE", messages.crossSite);
        const holder = await find(request);
        limiter.admit(request, holder);
        holders.set(request, holder);
      } catch (error) {
        if (error instanceof AppError)
          return reply
            .status(error.statusCode)
            .headers(error.headers)
            .send({ error: { code: error.code, message: error.message } });
        return reply
          .status(400)
          .send({ error: { code: "REFUSED", message: error instanceof Error ? error.message : "Refused" } });
      }
    };

  /**
   * `stillAllowed` is asked before each notice: a revoked TV link, or a member removed from the
   * club, stops receiving at once (closed with 4404 and `goneReason`).
   */
  const serve =
    (stillAllowed: (request: FastifyRequest) => Promise<boolean>, goneReason: string) =>
    async (socket: WebSocket, request: FastifyRequest) => {
      const organizationId = holders.get(request)!.club;
      const send = (message: object) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const unsubscribe = deps.realtime.subscribe(organizationId, async (event) => {
        if (!(await stillAllowed(request).catch(() => true))) {
          socket.close(4404, goneReason);
          return;
        }
        send(event.type === "changed" ? { type: "changed", version: event.version } : { type: "resync" });
      });
      socket.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      // Pings keep idle connections open through proxies; one left unanswered for a whole beat
      // means the other end is gone (a TV whose network blinked), and its socket is dropped so
      // it stops holding a place under the socket caps while the TV reconnects.
      let answered = true;
      socket.on("pong", () => {
        answered = true;
      });
      const heartbeat = setInterval(() => {
        if (!answered) {
          socket.terminate();
          return;
        }
        answered = false;
        socket.ping();
      }, HEARTBEAT_MS);
      try {
        const session = await activeSession(db, organizationId);
        const [board] = session
          ? await db.select({ version: boards.version }).from(boards).where(eq(boards.sessionId, session.id))
          : [];
        send({ type: "hello", version: board?.version ?? 0 });
      } catch {
        // The database is away: the client reconnects later and gets its hello then.
        socket.close(1013, "Try again later");
      }
    };

  app.get(
    "/api/orgs/:orgId/board/ws",
    {
      websocket: true,
      schema: { hide: true },
      preValidation: guard(async (request) => {
        const { orgId } = z.object({ orgId: z.uuid() }).parse(request.params);
        const viewer = await access(request, orgId, "club.view");
        return { club: viewer.organizationId, person: viewer.userId };
      }),
    },
    // A member removed from the club (or who left it) hears nothing more: their socket is
    // closed at the next notice. The role is the one every request reads (kept per instance for
    // a short while, forgotten at once on the instance that removed them), so this costs a
    // lookup in memory per notice, not a query.
    serve(async (request) => {
      const holder = holders.get(request)!;
      return "person" in holder && (await memberRole(db, holder.club, holder.person)) !== null;
    }, "You are not a member of this club any more."),
  );

  app.get(
    "/api/display/:token/ws",
    {
      websocket: true,
      schema: { hide: true },
      preValidation: guard(async (request) => {
        const { token } = z.object({ token: z.string().max(100) }).parse(request.params);
        return { club: await organizationOfDisplay(db, token), displayLink: token };
      }),
    },
    serve(async (request) => {
      const { token } = request.params as { token: string };
      return organizationOfDisplay(db, token).then(
        () => true,
        (error) => !(error instanceof AppError),
      );
    }, "This display link is not valid."),
  );
}
