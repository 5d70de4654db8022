// The TV display: /display/{token} shows the board full screen with no sign-in. Admins make
// and revoke tokens; a revoked token stops working at once, sockets included. The routes are
// served from their shared definitions (shared/contracts/board-endpoints.ts).
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { displayEndpoints as endpoints } from "../../../shared/contracts/board-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db, Tx } from "../../db/database.js";
import { displayTokens } from "../../db/schema/courts.js";
import { notFound } from "../../platform/errors/app-error.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { boardView } from "./board-view.js";

export async function organizationOfDisplay(db: Db, token: string): Promise<string> {
  const [row] = await db
    .select({ organizationId: displayTokens.organizationId })
    .from(displayTokens)
    .where(and(eq(displayTokens.token, token), isNull(displayTokens.revokedAt)));
  if (!row) throw notFound("This display link is not valid.");
  return row.organizationId;
}

/** Every display link of the club stops working (closing the club). */
export async function revokeDisplayLinks(tx: Tx, organizationId: string, now: Date): Promise<void> {
  await tx
    .update(displayTokens)
    .set({ revokedAt: now })
    .where(and(eq(displayTokens.organizationId, organizationId), isNull(displayTokens.revokedAt)));
}

export function displayRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const toView = (row: typeof displayTokens.$inferSelect) => ({
    token: row.token,
    url: `${deps.config.appUrl}/display/${row.token}`,
    createdAt: row.createdAt.toISOString(),
  });
  return async (app) => {
    serve(app, endpoints.list, async (request) => {
      const admin = request.club;
      const rows = await db
        .select()
        .from(displayTokens)
        .where(and(eq(displayTokens.organizationId, admin.organizationId), isNull(displayTokens.revokedAt)))
        .orderBy(desc(displayTokens.createdAt));
      return { tokens: rows.map(toView) };
    });

    serve(app, endpoints.create, async (request) => {
      const admin = request.club;
      const [row] = await db
        .insert(displayTokens)
        .values({ organizationId: admin.organizationId, token: randomBytes(18).toString("base64url") })
        .returning();
      return toView(row!);
    });

    serve(app, endpoints.revoke, async (request) => {
      const admin = request.club;
      const revoked = await db
        .update(displayTokens)
        .set({ revokedAt: deps.now() })
        .where(
          and(
            eq(displayTokens.organizationId, admin.organizationId),
            eq(displayTokens.token, request.params.token),
          ),
        )
        .returning({ token: displayTokens.token });
      if (revoked.length === 0) throw notFound("Display link not found");
    });

    serve(app, endpoints.board, async (request) => {
      const organizationId = await organizationOfDisplay(db, request.params.token);
      return boardView(db, organizationId, { userId: null, canManage: false }, deps.config.appUrl, () =>
        deps.now().getTime(),
      );
    });
  };
}
