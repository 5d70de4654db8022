// The members' endpoints, served from their shared definitions (shared/contracts/members-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { membersEndpoints as endpoints } from "../../../shared/contracts/members-endpoints.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { currentUser } from "../../platform/auth/current-user.js";
import { consume, type Limit } from "../../platform/auth/rate-limit.js";
import { invitationsSentBy, invitationsTo } from "../../platform/mail/sending-caps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import {
  acceptInvitation,
  createInvitation,
  listPendingInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from "./invitations.js";
import { decideJoinRequest, listPendingJoinRequests } from "./join-requests.js";
import { memberPage } from "./member-pages.js";
import { changeRole, leaveClub, removeMember, transferOwnership } from "./memberships.js";

// Each invitation sends a mail in the club's name: a club (or a stolen admin account) may
// not turn Courtside into a mailing cannon. Checked after the role, so strangers cannot use it up.
const invitationsPerClub = (organizationId: string): Limit => ({
  key: `invitations:org:${organizationId}`,
  max: 50,
  windowSeconds: 60 * 60,
});

export function memberRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    serve(app, endpoints.members, async (request) => {
      const { club } = request;
      const addresses = can(club.role, "members.viewEmails");
      const page = await memberPage(db, club.organizationId, request.query, addresses);
      if (addresses) return page;
      return {
        ...page,
        members: page.members.map((m) => (m.userId === club.userId ? m : { ...m, email: null })),
      };
    });

    serve(app, endpoints.changeRole, async (request) => {
      const { club } = request;
      await changeRole(db, club, request.params.userId, request.body.role);
    });

    serve(app, endpoints.removeMember, async (request) => {
      const { club } = request;
      await removeMember(db, club, request.params.userId);
    });

    serve(app, endpoints.leave, async (request) => {
      const { club } = request;
      await leaveClub(db, club);
    });

    serve(app, endpoints.transferOwnership, async (request) => {
      const { club } = request;
      await transferOwnership(db, club, request.body.userId);
    });

    serve(app, endpoints.invitations, async (request) => {
      const { club } = request;
      return { invitations: await listPendingInvitations(db, club.organizationId, deps.now()) };
    });

    serve(app, endpoints.invite, async (request) => {
      const { club } = request;
      await consume(db, [
        invitationsPerClub(club.organizationId),
        invitationsSentBy(club.userId),
        invitationsTo(request.body.email),
      ]);
      return createInvitation(deps, club, request.body, deps.config.appUrl, deps.now());
    });

    serve(app, endpoints.resendInvitation, async (request) => {
      const { club } = request;
      await consume(db, [invitationsPerClub(club.organizationId), invitationsSentBy(club.userId)]);
      return resendInvitation(deps, club, request.params.invitationId, deps.config.appUrl, deps.now());
    });

    serve(app, endpoints.revokeInvitation, async (request) => {
      const { club } = request;
      await revokeInvitation(db, club, request.params.invitationId, deps.now());
    });

    serve(app, endpoints.joinRequests, async (request) => {
      const { club } = request;
      return { requests: await listPendingJoinRequests(db, club.organizationId) };
    });

    for (const [definition, decision] of [
      [endpoints.approveJoinRequest, "approved"],
      [endpoints.rejectJoinRequest, "rejected"],
    ] as const) {
      serve(app, definition, async (request) => {
        const { club } = request;
        await decideJoinRequest(
          deps,
          club,
          request.params.requestId,
          decision,
          deps.config.appUrl,
          deps.now(),
        );
      });
    }

    serve(app, endpoints.previewInvitation, async (request) => {
      const viewer = await currentUser(deps.auth, request);
      return previewInvitation(db, request.params.token, viewer, deps.now());
    });

    serve(app, endpoints.acceptInvitation, async (request) => {
      const { user } = request;
      return acceptInvitation(db, request.params.token, user, deps.now());
    });
  };
}
