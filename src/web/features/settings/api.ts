import { useQuery } from "@tanstack/react-query";
import type { Court, Organization, UpdateOrganizationBody } from "../../../shared/contracts/clubs.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const courtsKey = (orgId: string) => ["courts", orgId] as const;

export function useCourts(orgId: string) {
  return useQuery({
    queryKey: courtsKey(orgId),
    queryFn: async () => (await api<{ courts: Court[] }>(`/api/orgs/${orgId}/courts`)).courts,
  });
}

type CourtChange = {
  courtId: string;
  change: { name?: string; isActive?: boolean; endRunningGame?: boolean };
};

export const useUpdateCourt = (orgId: string, feedback?: ActionFeedback<Court, CourtChange>) =>
  useAction({
    run: ({ courtId, change }: CourtChange) =>
      api<Court>(`/api/orgs/${orgId}/courts/${courtId}`, { method: "PATCH", body: change }),
    invalidates: [courtsKey(orgId)],
    ...feedback,
  });

export const useAddCourt = (orgId: string, feedback?: ActionFeedback<Court, string>) =>
  useAction({
    run: (name: string) => api<Court>(`/api/orgs/${orgId}/courts`, { body: { name } }),
    invalidates: [courtsKey(orgId)],
    ...feedback,
  });

export const useUpdateClub = (
  orgId: string,
  feedback?: ActionFeedback<Organization, UpdateOrganizationBody>,
) =>
  useAction({
    run: (body: UpdateOrganizationBody) => api<Organization>(`/api/orgs/${orgId}`, { method: "PUT", body }),
    // The club's name and logo show in the navigation, which reads them from /api/me.
    invalidates: [meQueryKey],
    ...feedback,
  });
