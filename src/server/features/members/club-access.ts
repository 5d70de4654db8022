import type { FastifyRequest } from "fastify";
import type { Capability } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { requireUser } from "../../platform/auth/current-user.js";
import { type ClubAccess, requireCapability } from "./policy.js";

/** The first step of every club-scoped route: who is asking, and may they do this here. */
export function clubAccess(deps: AppDeps) {
  return async (
    request: FastifyRequest,
    organizationId: string,
    capability: Capability,
  ): Promise<ClubAccess> => {
    const user = await requireUser(deps.auth, request);
    return requireCapability(deps.database.db, organizationId, user.id, capability);
  };
}
