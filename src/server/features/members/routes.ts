import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orgParams } from "../../../shared/contracts/common.js";
import {
  changeRoleBody,
  invitation,
  invitationParams,
  invitationPreview,
  invitationTokenParams,
  inviteBody,
  joinRequest,
  joinRequestParams,
  member,
  memberParams,
  transferOwnershipBody,
} from "../../../shared/contracts/members.js";
import { can } from "../../../shared/domain/capabilities.js";
import type { AppDeps } from "../../app-deps.js";
import { currentUser, requireUser } from "../../platform/auth/current-user.js";
import { consume, type Limit } from "../../platform/auth/rate-limit.js";
import { clubAccess } from "./club-access.js";
import {
  acceptInvitation,
  createInvitation,
  listPendingInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from "./invitations.js";
import { decideJoinRequest, listPendingJoinRequests } from "./join-requests.js";
import { changeRole, leaveClub, listMembers, removeMember, transferOwnership } from "./service.js";

// Each invitation sends a mail in the club's name: a club (or a stolen admin account) may
// not turn Courtside into a mailing cannon. Checked after the role, so strangers cannot use it up.
const invitationsPerClub = (organizationId: string): Limit => ({
  key: `invitations:org:${organizationId}`,
  max: 50,
  windowSeconds: 60 * 60,
});

export function memberRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  const tags = ["members"];
  return async (app) => {
    app.get(
      "/api/orgs/:orgId/members",
      {
        schema: {
          summary: "The club's members (others' email addresses for admins only)",
          tags,
          params: orgParams,
          response: { 200: z.object({ members: z.array(member) }) },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "members.view");
        const members = await listMembers(db, club.organizationId);
        if (can(club.role, "members.viewEmails")) return { members };
        return {
          members: members.map((m) => (m.userId === club.userId ? m : { ...m, email: null })),
        };
      },
    );

    app.patch(
      "/api/orgs/:orgId/members/:userId",
      { schema: { tags, summary: "Change a member's role", params: memberParams, body: changeRoleBody } },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "members.changeRole");
        await changeRole(db, club, request.params.userId, request.body.role);
        return reply.status(204).send();
      },
    );

    app.delete(
      "/api/orgs/:orgId/members/:userId",
      { schema: { tags, summary: "Remove a member from the club", params: memberParams } },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "members.remove");
        await removeMember(db, club, request.params.userId);
        return reply.status(204).send();
      },
    );

    app.post(
      "/api/orgs/:orgId/leave",
      { schema: { errors: ["OWNER_CANNOT_LEAVE"], tags, summary: "Leave the club", params: orgParams } },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "club.view");
        await leaveClub(db, club);
        return reply.status(204).send();
      },
    );

    app.post(
      "/api/orgs/:orgId/transfer-ownership",
      {
        schema: {
          summary: "Hand the club to another member",
          tags,
          params: orgParams,
          body: transferOwnershipBody,
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "ownership.transfer");
        await transferOwnership(db, club, request.body.userId);
        return reply.status(204).send();
      },
    );

    app.get(
      "/api/orgs/:orgId/invitations",
      {
        schema: {
          summary: "Pending invitations",
          tags,
          params: orgParams,
          response: { 200: z.object({ invitations: z.array(invitation) }) },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "members.invite");
        return { invitations: await listPendingInvitations(db, club.organizationId, deps.now()) };
      },
    );

    app.post(
      "/api/orgs/:orgId/invitations",
      {
        schema: {
          summary: "Invite someone by email",
          errors: ["ALREADY_MEMBER", "RATE_LIMITED"],
          tags,
          params: orgParams,
          body: inviteBody,
          response: { 201: invitation },
        },
      },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "members.invite");
        await consume(db, [invitationsPerClub(club.organizationId)]);
        const sent = await createInvitation(deps, club, request.body, deps.config.appUrl, deps.now());
        return reply.status(201).send(sent);
      },
    );

    app.post(
      "/api/orgs/:orgId/invitations/:invitationId/resend",
      {
        schema: {
          summary: "Send an invitation again",
          errors: ["RATE_LIMITED"],
          tags,
          params: invitationParams,
          response: { 200: invitation },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "members.invite");
        await consume(db, [invitationsPerClub(club.organizationId)]);
        return resendInvitation(deps, club, request.params.invitationId, deps.config.appUrl, deps.now());
      },
    );

    app.delete(
      "/api/orgs/:orgId/invitations/:invitationId",
      { schema: { tags, summary: "Revoke a pending invitation", params: invitationParams } },
      async (request, reply) => {
        const club = await access(request, request.params.orgId, "members.invite");
        await revokeInvitation(db, club, request.params.invitationId, deps.now());
        return reply.status(204).send();
      },
    );

    app.get(
      "/api/orgs/:orgId/join-requests",
      {
        schema: {
          summary: "Pending join requests",
          tags,
          params: orgParams,
          response: { 200: z.object({ requests: z.array(joinRequest) }) },
        },
      },
      async (request) => {
        const club = await access(request, request.params.orgId, "joinRequests.review");
        return { requests: await listPendingJoinRequests(db, club.organizationId) };
      },
    );

    for (const [action, decision] of [
      ["approve", "approved"],
      ["reject", "rejected"],
    ] as const) {
      app.post(
        `/api/orgs/:orgId/join-requests/:requestId/${action}`,
        {
          schema: {
            tags,
            summary: action === "approve" ? "Approve a join request" : "Reject a join request",
            params: joinRequestParams,
          },
        },
        async (request, reply) => {
          const club = await access(request, request.params.orgId, "joinRequests.review");
          await decideJoinRequest(
            deps,
            club,
            request.params.requestId,
            decision,
            deps.config.appUrl,
            deps.now(),
          );
          return reply.status(204).send();
        },
      );
    }

    app.get(
      "/api/invitations/:token",
      {
        schema: {
          tags,
          security: [],
          summary: "What an invitation link leads to",
          params: invitationTokenParams,
          response: { 200: invitationPreview },
        },
      },
      async (request) => {
        const viewer = await currentUser(deps.auth, request);
        return previewInvitation(db, request.params.token, viewer, deps.now());
      },
    );

    app.post(
      "/api/invitations/:token/accept",
      {
        schema: {
          summary: "Join the club through an invitation link",
          errors: ["INVITATION_USED", "INVITATION_FOR_SOMEONE_ELSE", "ALREADY_MEMBER", "PLAN_LIMIT_REACHED"],
          tags,
          params: invitationTokenParams,
          response: { 200: z.object({ organizationId: z.uuid() }) },
        },
      },
      async (request) => {
        const user = await requireUser(deps.auth, request);
        return acceptInvitation(db, request.params.token, user, deps.now());
      },
    );
  };
}
