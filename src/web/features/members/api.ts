import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Invitation,
  InvitationPreview,
  InviteBody,
  JoinRequest,
  Member,
} from "../../../shared/contracts/members.js";
import { api } from "../../lib/api.js";

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

/** Every members mutation refreshes the three lists it can change. */
function useMembersMutation<T>(orgId: string, run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await Promise.all(
        [keys.members(orgId), keys.invitations(orgId), keys.joinRequests(orgId)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export const useInvite = (orgId: string) =>
  useMembersMutation(orgId, (body: InviteBody) => api(`/api/orgs/${orgId}/invitations`, { body }));
export const useResendInvitation = (orgId: string) =>
  useMembersMutation(orgId, (id: string) =>
    api(`/api/orgs/${orgId}/invitations/${id}/resend`, { method: "POST" }),
  );
export const useRevokeInvitation = (orgId: string) =>
  useMembersMutation(orgId, (id: string) =>
    api(`/api/orgs/${orgId}/invitations/${id}`, { method: "DELETE" }),
  );
export const useRemoveMember = (orgId: string) =>
  useMembersMutation(orgId, (userId: string) =>
    api(`/api/orgs/${orgId}/members/${userId}`, { method: "DELETE" }),
  );
export const useChangeRole = (orgId: string) =>
  useMembersMutation(orgId, ({ userId, role }: { userId: string; role: string }) =>
    api(`/api/orgs/${orgId}/members/${userId}`, { method: "PATCH", body: { role } }),
  );
export const useDecideJoinRequest = (orgId: string) =>
  useMembersMutation(orgId, ({ id, decision }: { id: string; decision: "approve" | "reject" }) =>
    api(`/api/orgs/${orgId}/join-requests/${id}/${decision}`, { method: "POST" }),
  );

export const invitationsApi = {
  preview: (token: string) => api<InvitationPreview>(`/api/invitations/${token}`),
  accept: (token: string) =>
    api<{ organizationId: string }>(`/api/invitations/${token}/accept`, { method: "POST" }),
};
