// A person's account at a club, served from its shared definitions
// (shared/contracts/ledger-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ledgerEndpoints as endpoints } from "../../../shared/contracts/ledger-endpoints.js";
import type { AppDeps } from "../../app-deps.js";
import { notFound } from "../../platform/errors/app-error.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { isMember } from "../members/service.js";
import { readAccount, recordEntry } from "./service.js";

export function ledgerRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps.database;

    serve(app, endpoints.mine, async (request) =>
      readAccount(db, request.club.organizationId, request.club.userId),
    );

    serve(app, endpoints.member, async (request) => {
      const { organizationId } = request.club;
      if (!(await isMember(db, organizationId, request.params.userId))) throw notFound("Member not found");
      return readAccount(db, organizationId, request.params.userId);
    });

    serve(app, endpoints.adjust, async (request) => {
      const { organizationId, userId: admin } = request.club;
      const { userId, amount, note } = request.body;
      await db.transaction(async (tx) => {
        if (!(await isMember(tx, organizationId, userId))) throw notFound("Member not found");
        await recordEntry(tx, {
          organizationId,
          userId,
          amount,
          reason: "adjustment",
          note,
          createdBy: admin,
        });
      });
      return readAccount(db, organizationId, userId);
    });
  };
}
