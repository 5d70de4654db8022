import { useQuery } from "@tanstack/react-query";
import { recordEndpoints } from "../../../shared/contracts/board-endpoints.js";
import type {
  BulkCheckInBody,
  BulkCheckInResponse,
  CancelRegistrationResponse,
  CreateSessionBody,
  Registration,
  Session,
  SessionDetails,
} from "../../../shared/contracts/sessions.js";
import { api, call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const keys = {
  list: (orgId: string) => ["sessions", orgId] as const,
  past: (orgId: string) => ["sessions", orgId, "past"] as const,
  details: (orgId: string, sessionId: string) => ["sessions", orgId, sessionId] as const,
  record: (orgId: string, sessionId: string) => ["sessions", orgId, sessionId, "record"] as const,
};

export function useSessions(orgId: string) {
  return useQuery({
    queryKey: keys.list(orgId),
    queryFn: async () => (await api<{ sessions: Session[] }>(`/api/orgs/${orgId}/sessions`)).sessions,
  });
}

/** Sessions whose night is over, newest first. */
export function usePastSessions(orgId: string) {
  return useQuery({
    queryKey: keys.past(orgId),
    queryFn: async () =>
      (await api<{ sessions: Session[] }>(`/api/orgs/${orgId}/sessions?scope=past`)).sessions,
  });
}

export function useSessionRecord(orgId: string, sessionId: string) {
  return useQuery({
    queryKey: keys.record(orgId, sessionId),
    queryFn: () => call(recordEndpoints.record, { params: { orgId, sessionId } }),
  });
}

/** The signed-in player's own night in a session they played. */
export function useMyNight(orgId: string, sessionId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.details(orgId, sessionId), "my-night"],
    queryFn: () => call(recordEndpoints.myNight, { params: { orgId, sessionId } }),
    enabled,
  });
}

/** Downloads (plain links: the browser saves them with the session's cookie). */
export const recordCsvUrl = (orgId: string, sessionId: string) =>
  `/api/orgs/${orgId}/sessions/${sessionId}/record.csv`;
export const monthCsvUrl = (orgId: string, month: string) =>
  `/api/orgs/${orgId}/sessions/export.csv?month=${month}`;

export function useSessionDetails(orgId: string, sessionId: string) {
  return useQuery({
    queryKey: keys.details(orgId, sessionId),
    queryFn: () => api<SessionDetails>(`/api/orgs/${orgId}/sessions/${sessionId}`),
  });
}

export const sessionsApi = {
  selfCheckIn: (orgId: string, sessionId: string, token: string) =>
    api(`/api/orgs/${orgId}/sessions/${sessionId}/self-check-in`, { body: { token } }),
};

export const useCreateSessions = (
  orgId: string,
  feedback?: ActionFeedback<{ sessions: Session[] }, CreateSessionBody>,
) =>
  useAction({
    run: (body: CreateSessionBody) => api<{ sessions: Session[] }>(`/api/orgs/${orgId}/sessions`, { body }),
    invalidates: [keys.list(orgId)],
    ...feedback,
  });

type SessionUpdate = { sessionId: string; body: Omit<CreateSessionBody, "repeatWeeks"> };

export const useUpdateSession = (orgId: string, feedback?: ActionFeedback<Session, SessionUpdate>) =>
  useAction({
    run: ({ sessionId, body }: SessionUpdate) =>
      api<Session>(`/api/orgs/${orgId}/sessions/${sessionId}`, { method: "PUT", body }),
    // A prefix of every query of the club's sessions: the list is refetched with the session.
    invalidates: [keys.list(orgId)],
    ...feedback,
  });

type Registered = { registration: Registration; checkoutUrl: string | null };

/** Registers, joins the waitlist, or (for a held place) opens the payment again. */
export const useRegister = (orgId: string, sessionId: string, feedback?: ActionFeedback<Registered, void>) =>
  useAction({
    run: () => api<Registered>(`/api/orgs/${orgId}/sessions/${sessionId}/registrations`, { method: "POST" }),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

export const useCancelRegistration = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<CancelRegistrationResponse, Registration>,
) =>
  useAction({
    run: (registration: Registration) =>
      api<CancelRegistrationResponse>(
        `/api/orgs/${orgId}/sessions/${sessionId}/registrations/${registration.id}`,
        { method: "DELETE" },
      ),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

export type Transition = "start" | "complete" | "cancel";

export const useTransitionSession = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<unknown, Transition>,
) =>
  useAction({
    run: (action: Transition) =>
      api(`/api/orgs/${orgId}/sessions/${sessionId}/${action}`, { method: "POST" }),
    // The list, the session's page and the board all show where a session stands.
    invalidates: [keys.details(orgId, sessionId), keys.list(orgId), ["board"]],
    ...feedback,
  });

export const useSetCheckedIn = (orgId: string, sessionId: string) =>
  useAction({
    run: ({ registrationId, checkedIn }: { registrationId: string; checkedIn: boolean }) =>
      api(`/api/orgs/${orgId}/sessions/${sessionId}/registrations/${registrationId}/check-in`, {
        method: checkedIn ? "POST" : "DELETE",
      }),
    invalidates: [keys.details(orgId, sessionId)],
  });

/** Walk-ins checked in at once, guests by name and members by id: all of them or none. */
export const useAddWalkIns = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<BulkCheckInResponse, BulkCheckInBody>,
) =>
  useAction({
    run: (body: BulkCheckInBody) =>
      api<BulkCheckInResponse>(`/api/orgs/${orgId}/sessions/${sessionId}/check-ins/bulk`, { body }),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

type FeedAddress = { url: string };

/** Read when its dialog opens, not cached: the address is a secret shown only there. */
export const useCalendarFeed = (orgId: string, feedback?: ActionFeedback<FeedAddress, void>) =>
  useAction({
    run: () => api<FeedAddress>(`/api/orgs/${orgId}/calendar-feed`, { method: "POST" }),
    ...feedback,
  });

export const useRotateCalendarFeed = (orgId: string, feedback?: ActionFeedback<FeedAddress, void>) =>
  useAction({
    run: () => api<FeedAddress>(`/api/orgs/${orgId}/calendar-feed/rotate`, { method: "POST" }),
    ...feedback,
  });

/** "Start open play now": a session from this minute, started at once (the board goes live). */
export const useStartOpenPlayNow = (orgId: string, feedback?: ActionFeedback<{ session: Session }, void>) =>
  useAction({
    run: () => api<{ session: Session }>(`/api/orgs/${orgId}/sessions/open-play`, { method: "POST" }),
    invalidates: [keys.list(orgId), ["board"]],
    ...feedback,
  });
