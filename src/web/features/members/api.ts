import { useQuery } from "@tanstack/react-query";
import type {
  Invitation,
  InvitationPreview,
  InviteBody,
  JoinRequest,
  Member,
} from "../../../shared/contracts/members.js";
import type { Role } from "../../../shared/domain/roles.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const keys = {
  members: (orgId: string) => ["members", orgId] as const,
  invitations: (orgId: string) => ["invitations", orgId] as const,
  joinRequests: (orgId: string) => ["join-requests", orgId] as const,
};

export function useMembers(orgId: string) {
  return useQuery({
    queryKey: keys.members(orgId),
    queryFn: async () => (await api<{ members: Member[] }>(`/api/orgs/${orgId}/members`)).members,
  });
}

export function useInvitations(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(orgId),
    enabled,
    queryFn: async () =>
      (await api<{ invitations: Invitation[] }>(`/api/orgs/${orgId}/invitations`)).invitations,
  });
}

export function useJoinRequests(orgId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.joinRequests(orgId ?? ""),
    enabled: enabled && Boolean(orgId),
    queryFn: async () =>
      (await api<{ requests: JoinRequest[] }>(`/api/orgs/${orgId}/join-requests`)).requests,
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

export const useInvite = (orgId: string, feedback?: ActionFeedback<unknown, InviteBody>) =>
  useMembersAction(orgId, (body: InviteBody) => api(`/api/orgs/${orgId}/invitations`, { body }), feedback);
export const useResendInvitation = (orgId: string, feedback?: ActionFeedback<unknown, string>) =>
  useMembersAction(
    orgId,
    (id: string) => api(`/api/orgs/${orgId}/invitations/${id}/resend`, { method: "POST" }),
    feedback,
  );
export const useRevokeInvitation = (orgId: string) =>
  useMembersAction(orgId, (id: string) => api(`/api/orgs/${orgId}/invitations/${id}`, { method: "DELETE" }));
export const useRemoveMember = (orgId: string, feedback?: ActionFeedback<unknown, Member>) =>
  useMembersAction(
    orgId,
    (member: Member) => api(`/api/orgs/${orgId}/members/${member.userId}`, { method: "DELETE" }),
    feedback,
  );

type RoleChange = { member: Member; role: Role };

export const useChangeRole = (orgId: string, feedback?: ActionFeedback<unknown, RoleChange>) =>
  useMembersAction(
    orgId,
    ({ member, role }: RoleChange) =>
      api(`/api/orgs/${orgId}/members/${member.userId}`, { method: "PATCH", body: { role } }),
    feedback,
  );

type Decision = { request: JoinRequest; decision: "approve" | "reject" };

export const useDecideJoinRequest = (orgId: string, feedback?: ActionFeedback<unknown, Decision>) =>
  useMembersAction(
    orgId,
    ({ request, decision }: Decision) =>
      api(`/api/orgs/${orgId}/join-requests/${request.id}/${decision}`, { method: "POST" }),
    feedback,
  );

/** Leaving changes the clubs the person belongs to, which /api/me lists. */
export const useLeaveClub = (orgId: string, feedback?: ActionFeedback<null, void>) =>
  useAction({
    run: () => api<null>(`/api/orgs/${orgId}/leave`, { method: "POST" }),
    invalidates: [meQueryKey],
    ...feedback,
  });

/** The person's own role (in /api/me) and the new owner's (in the list) change. */
export const useTransferOwnership = (orgId: string, feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (userId: string) => api(`/api/orgs/${orgId}/transfer-ownership`, { body: { userId } }),
    invalidates: [meQueryKey, keys.members(orgId)],
    ...feedback,
  });

export const invitationsApi = {
  preview: (token: string) => api<InvitationPreview>(`/api/invitations/${token}`),
};

/** Joining adds the club to the person's clubs, which /api/me lists. */
export const useAcceptInvitation = (
  token: string,
  feedback?: ActionFeedback<{ organizationId: string }, void>,
) =>
  useAction({
    run: () => api<{ organizationId: string }>(`/api/invitations/${token}/accept`, { method: "POST" }),
    invalidates: [meQueryKey],
    ...feedback,
  });
