import { keepPreviousData, skipToken, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  changeRoleBody,
  Invitation,
  InviteBody,
  JoinRequest,
  Member,
} from "../../../shared/contracts/members.js";
import { membersEndpoints as endpoints } from "../../../shared/contracts/members-endpoints.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const keys = {
  members: (orgId: string) => ["members", orgId] as const,
  invitations: (orgId: string) => ["invitations", orgId] as const,
  joinRequests: (orgId: string) => ["join-requests", orgId] as const,
};

/**
 * The members a page at a time, those whose name (or, for admins, address) holds `search`;
 * `limit` a page (the list's own size by default), and nothing read until `enabled`.
 */
export function useMemberPages(
  orgId: string,
  search: string,
  { enabled = true, limit }: { enabled?: boolean; limit?: number } = {},
) {
  return useInfiniteQuery({
    queryKey: [...keys.members(orgId), "pages", search, limit ?? null] as const,
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(endpoints.members, {
        params: { orgId },
        query: {
          ...(search ? { q: search } : {}),
          ...(limit ? { limit } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
    // While a new search loads, the list shows the last one's, not an empty "0 found".
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(orgId),
    enabled,
    queryFn: async () => (await call(endpoints.invitations, { params: { orgId } })).invitations,
  });
}

export function useJoinRequests(orgId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.joinRequests(orgId ?? ""),
    enabled: enabled && Boolean(orgId),
    // Without a club there is nothing to ask for.
    queryFn: orgId
      ? async () => (await call(endpoints.joinRequests, { params: { orgId } })).requests
      : skipToken,
    refetchInterval: 60_000,
  });
}

/** Every members action refetches the three lists it can change. */
function useMembersAction<T, V>(
  orgId: string,
  run: (vars: V) => Promise<T>,
  feedback?: ActionFeedback<T, V>,
) {
  return useAction({
    run,
    invalidates: [keys.members(orgId), keys.invitations(orgId), keys.joinRequests(orgId)],
    ...feedback,
  });
}

export const useInvite = (orgId: string, feedback?: ActionFeedback<Invitation, InviteBody>) =>
  useMembersAction(
    orgId,
    (body: InviteBody) => call(endpoints.invite, { params: { orgId }, body }),
    feedback,
  );
export const useResendInvitation = (orgId: string, feedback?: ActionFeedback<Invitation, string>) =>
  useMembersAction(
    orgId,
    (invitationId: string) => call(endpoints.resendInvitation, { params: { orgId, invitationId } }),
    feedback,
  );
export const useRevokeInvitation = (orgId: string) =>
  useMembersAction(orgId, (invitationId: string) =>
    call(endpoints.revokeInvitation, { params: { orgId, invitationId } }),
  );
export const useRemoveMember = (orgId: string, feedback?: ActionFeedback<null, Member>) =>
  useMembersAction(
    orgId,
    (member: Member) => call(endpoints.removeMember, { params: { orgId, userId: member.userId } }),
    feedback,
  );

/** Only the roles a change can give (the owner changes only by a transfer). */
export type RoleChange = { member: Member; role: z.input<typeof changeRoleBody>["role"] };

export const useChangeRole = (orgId: string, feedback?: ActionFeedback<null, RoleChange>) =>
  useMembersAction(
    orgId,
    ({ member, role }: RoleChange) =>
      call(endpoints.changeRole, { params: { orgId, userId: member.userId }, body: { role } }),
    feedback,
  );

type Decision = { request: JoinRequest; decision: "approve" | "reject" };

export const useDecideJoinRequest = (orgId: string, feedback?: ActionFeedback<null, Decision>) =>
  useMembersAction(
    orgId,
    ({ request, decision }: Decision) =>
      call(decision === "approve" ? endpoints.approveJoinRequest : endpoints.rejectJoinRequest, {
        params: { orgId, requestId: request.id },
      }),
    feedback,
  );

/** Leaving changes the clubs the person belongs to, which /api/me lists. */
export const useLeaveClub = (orgId: string, feedback?: ActionFeedback<null, void>) =>
  useAction({
    run: () => call(endpoints.leave, { params: { orgId } }),
    invalidates: [meQueryKey],
    ...feedback,
  });

/** The person's own role (in /api/me) and the new owner's (in the list) change. */
export const useTransferOwnership = (orgId: string, feedback?: ActionFeedback<null, string>) =>
  useAction({
    run: (userId: string) => call(endpoints.transferOwnership, { params: { orgId }, body: { userId } }),
    invalidates: [meQueryKey, keys.members(orgId)],
    ...feedback,
  });

export const invitationsApi = {
  preview: (token: string) => call(endpoints.previewInvitation, { params: { token } }),
};

/** Joining adds the club to the person's clubs, which /api/me lists. */
export const useAcceptInvitation = (
  token: string,
  feedback?: ActionFeedback<{ organizationId: string }, void>,
) =>
  useAction({
    run: () => call(endpoints.acceptInvitation, { params: { token } }),
    invalidates: [meQueryKey],
    ...feedback,
  });
