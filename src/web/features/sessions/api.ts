import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { AccessRules, AccessRulesBody, BringGuestBody } from "../../../shared/contracts/access-rules.js";
import { recordEndpoints } from "../../../shared/contracts/board-endpoints.js";
import type { EndpointAnswer } from "../../../shared/contracts/endpoint.js";
import { membershipsEndpoints } from "../../../shared/contracts/memberships-endpoints.js";
import type { CreateSessionBody } from "../../../shared/contracts/session-form.js";
import type {
  BulkCheckInBody,
  BulkCheckInResponse,
  CancelRegistrationResponse,
  Registration,
} from "../../../shared/contracts/session-registrations.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { sessionsEndpoints as endpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const keys = {
  list: (orgId: string) => ["sessions", orgId] as const,
  upcoming: (orgId: string) => ["sessions", orgId, "upcoming"] as const,
  past: (orgId: string) => ["sessions", orgId, "past"] as const,
  details: (orgId: string, sessionId: string) => ["sessions", orgId, sessionId] as const,
  record: (orgId: string, sessionId: string) => ["sessions", orgId, sessionId, "record"] as const,
  draw: (orgId: string, sessionId: string) => ["sessions", orgId, sessionId, "draw"] as const,
};

/** A drawn lottery as published: seed, weights, order (only asked for once it is drawn). */
export function useSessionDraw(orgId: string, sessionId: string, drawn: boolean) {
  return useQuery({
    queryKey: keys.draw(orgId, sessionId),
    enabled: drawn,
    queryFn: () => call(endpoints.draw, { params: { orgId, sessionId } }),
  });
}

/** Sessions to come, soonest first (or whose night is over, newest first), a page at a time. */
function useSessionPages(orgId: string, scope: "upcoming" | "past") {
  return useInfiniteQuery({
    queryKey: scope === "past" ? keys.past(orgId) : keys.upcoming(orgId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(endpoints.list, {
        params: { orgId },
        query: { scope, ...(pageParam ? { after: pageParam } : {}) },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

export const useUpcomingSessions = (orgId: string) => useSessionPages(orgId, "upcoming");
export const usePastSessions = (orgId: string) => useSessionPages(orgId, "past");

// The night's record and a player's own night are served by the courts' record routes, not
// yet from shared definitions: they are still called by path.
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
    queryFn: () => call(endpoints.details, { params: { orgId, sessionId } }),
  });
}

export const sessionsApi = {
  selfCheckIn: (orgId: string, sessionId: string, token: string) =>
    call(endpoints.selfCheckIn, { params: { orgId, sessionId }, body: { token } }),
};

type Created = EndpointAnswer<typeof endpoints.create>;

export const useCreateSessions = (orgId: string, feedback?: ActionFeedback<Created, CreateSessionBody>) =>
  useAction({
    run: (body: CreateSessionBody) => call(endpoints.create, { params: { orgId }, body }),
    invalidates: [keys.list(orgId)],
    ...feedback,
  });

type SessionUpdate = { sessionId: string; body: Omit<CreateSessionBody, "repeatWeeks"> };

export const useUpdateSession = (orgId: string, feedback?: ActionFeedback<Session, SessionUpdate>) =>
  useAction({
    run: ({ sessionId, body }: SessionUpdate) =>
      call(endpoints.update, { params: { orgId, sessionId }, body }),
    // A prefix of every query of the club's sessions: the list is refetched with the session.
    invalidates: [keys.list(orgId)],
    ...feedback,
  });

type Registered = EndpointAnswer<typeof endpoints.register>;

/** Registers, joins the waitlist, or (for a held place) opens the payment again. */
export const useRegister = (orgId: string, sessionId: string, feedback?: ActionFeedback<Registered, void>) =>
  useAction({
    run: () => call(endpoints.register, { params: { orgId, sessionId } }),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

/** The household's payer registers several of it at once: one checkout for every held place. */
export const useRegisterHousehold = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<EndpointAnswer<typeof membershipsEndpoints.registerHouseholdTogether>, string[]>,
) =>
  useAction({
    run: (userIds: string[]) =>
      call(membershipsEndpoints.registerHouseholdTogether, {
        params: { orgId, sessionId },
        body: { userIds },
      }),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

type GuestBrought = EndpointAnswer<typeof endpoints.bringGuest>;

/** Brings a guest (or, for a guest's held place, opens the payment again). */
export const useBringGuest = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<GuestBrought, BringGuestBody>,
) =>
  useAction({
    run: (body: BringGuestBody) => call(endpoints.bringGuest, { params: { orgId, sessionId }, body }),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

const accessRulesKey = (orgId: string) => ["access-rules", orgId] as const;

/** The club's fair-access rules: guests, the strike rule, refunds for no-shows. */
export function useAccessRules(orgId: string) {
  return useQuery({
    queryKey: accessRulesKey(orgId),
    queryFn: () => call(endpoints.accessRules, { params: { orgId } }),
  });
}

export const useUpdateAccessRules = (
  orgId: string,
  feedback?: ActionFeedback<AccessRules, AccessRulesBody>,
) =>
  useAction({
    run: (body: AccessRulesBody) => call(endpoints.updateAccessRules, { params: { orgId }, body }),
    // Each session's page carries the guest rules too, and the attendance view the strike rule.
    invalidates: [accessRulesKey(orgId), keys.list(orgId)],
    ...feedback,
  });

export const useCancelRegistration = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<CancelRegistrationResponse, Registration>,
) =>
  useAction({
    run: (registration: Registration) =>
      call(endpoints.cancelRegistration, { params: { orgId, sessionId, registrationId: registration.id } }),
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
    run: (action: Transition) => call(endpoints[action], { params: { orgId, sessionId } }),
    // The list, the session's page and the board all show where a session stands.
    invalidates: [keys.details(orgId, sessionId), keys.list(orgId), ["board"]],
    ...feedback,
  });

type Released = { released: number; promoted: number };

/** Gives the places of players not checked in to the waitlist. */
export const useReleaseNoShows = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<Released, void>,
) =>
  useAction({
    run: () => call(endpoints.releaseNoShows, { params: { orgId, sessionId } }),
    invalidates: [keys.details(orgId, sessionId), keys.list(orgId), ["board"]],
    ...feedback,
  });

export const useSetCheckedIn = (orgId: string, sessionId: string) =>
  useAction({
    run: ({ registrationId, checkedIn }: { registrationId: string; checkedIn: boolean }) =>
      call(checkedIn ? endpoints.checkIn : endpoints.undoCheckIn, {
        params: { orgId, sessionId, registrationId },
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
    run: (body: BulkCheckInBody) => call(endpoints.bulkCheckIn, { params: { orgId, sessionId }, body }),
    invalidates: [keys.details(orgId, sessionId)],
    ...feedback,
  });

type FeedAddress = EndpointAnswer<typeof endpoints.calendarFeed>;

/** Read when its dialog opens, not cached: the address is a secret shown only there. */
export const useCalendarFeed = (orgId: string, feedback?: ActionFeedback<FeedAddress, void>) =>
  useAction({
    run: () => call(endpoints.calendarFeed, { params: { orgId } }),
    ...feedback,
  });

export const useRotateCalendarFeed = (orgId: string, feedback?: ActionFeedback<FeedAddress, void>) =>
  useAction({
    run: () => call(endpoints.rotateCalendarFeed, { params: { orgId } }),
    ...feedback,
  });

/** "Start open play now": a session from this minute, started at once (the board goes live). */
export const useStartOpenPlayNow = (
  orgId: string,
  feedback?: ActionFeedback<EndpointAnswer<typeof endpoints.openPlay>, { anyway: boolean }>,
) =>
  useAction({
    // anyway: though a scheduled session is on now (the server asks otherwise: SESSION_ON_NOW).
    run: (body: { anyway: boolean }) => call(endpoints.openPlay, { params: { orgId }, body }),
    invalidates: [keys.list(orgId), ["board"]],
    ...feedback,
  });
