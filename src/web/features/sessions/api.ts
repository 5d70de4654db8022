import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CancelRegistrationResponse,
  CreateSessionBody,
  Registration,
  Session,
  SessionDetails,
} from "../../../shared/contracts/sessions.js";
import { api } from "../../lib/api.js";

const keys = {
  list: (orgId: string) => ["sessions", orgId] as const,
  details: (orgId: string, sessionId: string) => ["sessions", orgId, sessionId] as const,
};

export function useSessions(orgId: string) {
  return useQuery({
    queryKey: keys.list(orgId),
    queryFn: async () => (await api<{ sessions: Session[] }>(`/api/orgs/${orgId}/sessions`)).sessions,
  });
}

export function useSessionDetails(orgId: string, sessionId: string) {
  return useQuery({
    queryKey: keys.details(orgId, sessionId),
    queryFn: () => api<SessionDetails>(`/api/orgs/${orgId}/sessions/${sessionId}`),
  });
}

export function useCreateSessions(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSessionBody) =>
      api<{ sessions: Session[] }>(`/api/orgs/${orgId}/sessions`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list(orgId) }),
  });
}

export const sessionsApi = {
  update: (orgId: string, sessionId: string, body: Omit<CreateSessionBody, "repeatWeeks">) =>
    api<Session>(`/api/orgs/${orgId}/sessions/${sessionId}`, { method: "PUT", body }),
  register: (orgId: string, sessionId: string) =>
    api<{ registration: Registration; checkoutUrl: string | null }>(
      `/api/orgs/${orgId}/sessions/${sessionId}/registrations`,
      {
        method: "POST",
      },
    ),
  cancelRegistration: (orgId: string, sessionId: string, registrationId: string) =>
    api<CancelRegistrationResponse>(
      `/api/orgs/${orgId}/sessions/${sessionId}/registrations/${registrationId}`,
      {
        method: "DELETE",
      },
    ),
  transition: (orgId: string, sessionId: string, action: "start" | "complete" | "cancel") =>
    api(`/api/orgs/${orgId}/sessions/${sessionId}/${action}`, { method: "POST" }),
  setCheckedIn: (orgId: string, sessionId: string, registrationId: string, checkedIn: boolean) =>
    api(`/api/orgs/${orgId}/sessions/${sessionId}/registrations/${registrationId}/check-in`, {
      method: checkedIn ? "POST" : "DELETE",
    }),
  addWalkIn: (orgId: string, sessionId: string, who: { userId: string } | { guestName: string }) =>
    api(`/api/orgs/${orgId}/sessions/${sessionId}/walk-ins`, { body: who }),
  selfCheckIn: (orgId: string, sessionId: string, token: string) =>
    api(`/api/orgs/${orgId}/sessions/${sessionId}/self-check-in`, { body: { token } }),
  calendarFeed: (orgId: string) => api<{ url: string }>(`/api/orgs/${orgId}/calendar-feed`),
  rotateCalendarFeed: (orgId: string) =>
    api<{ url: string }>(`/api/orgs/${orgId}/calendar-feed/rotate`, { method: "POST" }),
};
