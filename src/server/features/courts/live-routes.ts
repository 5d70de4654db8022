// WebSockets for live boards. A viewer subscribes to one club; the server sends
// {"type":"changed","version":N} on every change (and "hello" with the current version on
// connect, so a reconnecting client knows whether it missed something), and the client
// refetches through the normal, permission-checked API.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.js";
import { boards } from "../../db/schema.js";
import { AppError } from "../../platform/errors/app-error.js";
import { clubAccess } from "../members/club-access.js";
import { activeSession } from "./board-store.js";
import { organizationOfDisplay } from "./display-routes.js";

const HEARTBEAT_MS = 25_000;

export function registerLiveRoutes(app: FastifyInstance, deps: AppDeps): void {
  const access = clubAccess(deps);
  const { db } = deps.database;

  // The check happens before the upgrade, so a refused viewer gets a plain 401 or 404.
  const resolveOrg = new WeakMap<FastifyRequest, string>();
  const guard =
    (find: (request: FastifyRequest) => Promise<string>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        resolveOrg.set(request, await find(request));
      } catch (error) {
        const status = error instanceof AppError ? error.statusCode : 400;
        return reply
          .status(status)
          .send({ error: { code: "REFUSED", message: error instanceof Error ? error.message : "Refused" } });
      }
    };

  const serve = async (socket: WebSocket, request: FastifyRequest) => {
    const organizationId = resolveOrg.get(request)!;
    const send = (message: object) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const unsubscribe = deps.realtime.subscribe(organizationId, (notice) =>
      send({ type: "changed", version: notice.version }),
    );
    const session = await activeSession(db, organizationId);
    const [board] = session
      ? await db.select({ version: boards.version }).from(boards).where(eq(boards.sessionId, session.id))
      : [];
    send({ type: "hello", version: board?.version ?? 0 });
    // Pings keep idle connections open through proxies and reveal dead ones.
    const heartbeat = setInterval(() => socket.ping(), HEARTBEAT_MS);
    socket.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  };

  app.get(
    "/api/orgs/:orgId/board/ws",
    {
      websocket: true,
      schema: { hide: true },
      preValidation: guard(async (request) => {
        const { orgId } = z.object({ orgId: z.uuid() }).parse(request.params);
        return (await access(request, orgId, "club.view")).organizationId;
      }),
    },
    serve,
  );

  app.get(
    "/api/display/:token/ws",
    {
      websocket: true,
      schema: { hide: true },
      preValidation: guard(async (request) => {
        const { token } = z.object({ token: z.string().max(100) }).parse(request.params);
        return organizationOfDisplay(db, token);
      }),
    },
    serve,
  );
}
