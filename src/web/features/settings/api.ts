import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Court, Organization, UpdateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { api } from "../../lib/api.js";

const courtsKey = (orgId: string) => ["courts", orgId] as const;

export function useCourts(orgId: string) {
  return useQuery({
    queryKey: courtsKey(orgId),
    queryFn: async () => (await api<{ courts: Court[] }>(`/api/orgs/${orgId}/courts`)).courts,
  });
}

export function useUpdateCourt(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courtId, change }: { courtId: string; change: { name?: string; isActive?: boolean } }) =>
      api<Court>(`/api/orgs/${orgId}/courts/${courtId}`, { method: "PATCH", body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courtsKey(orgId) }),
  });
}

export function useAddCourt(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<Court>(`/api/orgs/${orgId}/courts`, { body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courtsKey(orgId) }),
  });
}

export function useUpdateClub(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) =>
      api<Organization>(`/api/orgs/${orgId}`, { method: "PUT", body }),
    // The club's name and logo show in the navigation, which reads them from /api/me.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
