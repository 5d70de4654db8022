// The event's calls. The event is read again every few seconds while it runs, so a phone at
// court 3 sees the score entered at court 1 and the round moving on without a reload; every
// write answers the event as it now stands, shown at once.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clubsEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { EndpointAnswer } from "../../../shared/contracts/endpoint.js";
import type {
  CreateEventBody,
  CreateLeagueBody,
  EventScoreBody,
  EventView,
  JoinLeagueBody,
} from "../../../shared/contracts/events.js";
import { eventsEndpoints as endpoints } from "../../../shared/contracts/events-endpoints.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

/** How often a running event is read again: a score reaches the other phones within this. */
export const EVENT_REFRESH_MS = 4000;

const eventKey = (orgId: string, sessionId: string) => ["event", orgId, sessionId] as const;
const running = (event: EventView | null | undefined) => !!event && event.event.phase !== "finished";

/**
 * How many of the club's courts are in use: an event's default courts stay within them. The
 * query is the club's courts list as the settings page reads it, so the two share one cache.
 */
export function useCourtsInUse(orgId: string) {
  return useQuery({
    queryKey: ["courts", orgId],
    queryFn: async () => (await call(clubsEndpoints.courts, { params: { orgId } })).courts,
    select: (courts) => courts.filter((c) => c.isActive).length,
  });
}

export function useEvent(orgId: string, sessionId: string, enabled = true) {
  return useQuery({
    queryKey: eventKey(orgId, sessionId),
    enabled,
    queryFn: () => call(endpoints.read, { params: { orgId, sessionId } }),
    refetchInterval: (query) => (running(query.state.data) ? EVENT_REFRESH_MS : false),
  });
}

/** The TV's view of the club's running event (null: none; the board shows instead). */
export function useDisplayEvent(token: string) {
  return useQuery({
    queryKey: ["display-event", token] as const,
    queryFn: async () => (await call(endpoints.display, { params: { token } })).event,
    refetchInterval: EVENT_REFRESH_MS,
  });
}

type Step = "nextRound" | "finish";
type EventAnswer = EndpointAnswer<typeof endpoints.nextRound>;

/** An event write whose answer is the event as it now stands: put in place, no refetch. */
function useEventWrite<V>(
  orgId: string,
  sessionId: string,
  run: (vars: V) => Promise<EventAnswer>,
  feedback?: ActionFeedback<EventAnswer, V>,
) {
  const queryClient = useQueryClient();
  return useAction({
    run,
    ...feedback,
    onSuccess: (result, vars) => {
      queryClient.setQueryData(eventKey(orgId, sessionId), result);
      feedback?.onSuccess?.(result, vars);
    },
    // A refusal may mean the event moved on elsewhere: read it again.
    invalidates: [],
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: eventKey(orgId, sessionId) });
      return feedback?.onError?.(error) ?? false;
    },
  });
}

export const useStartEvent = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<EventAnswer, CreateEventBody>,
) =>
  useEventWrite(
    orgId,
    sessionId,
    (body: CreateEventBody) => call(endpoints.start, { params: { orgId, sessionId }, body }),
    feedback,
  );

export const useEventStep = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<EventAnswer, Step>,
) =>
  useEventWrite(
    orgId,
    sessionId,
    (step: Step) => call(endpoints[step], { params: { orgId, sessionId } }),
    feedback,
  );

export const useStartPlayoff = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<EventAnswer, number>,
) =>
  useEventWrite(
    orgId,
    sessionId,
    (teams: number) => call(endpoints.playoff, { params: { orgId, sessionId }, body: { teams } }),
    feedback,
  );

type ScoreVars = { gameId: string } & EventScoreBody;

export const useScoreEventGame = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<EventAnswer, ScoreVars>,
) =>
  useEventWrite(
    orgId,
    sessionId,
    ({ gameId, ...body }: ScoreVars) => call(endpoints.score, { params: { orgId, sessionId, gameId }, body }),
    feedback,
  );

export const useConfirmEventGame = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<EventAnswer, string>,
) =>
  useEventWrite(
    orgId,
    sessionId,
    (gameId: string) => call(endpoints.confirm, { params: { orgId, sessionId, gameId } }),
    feedback,
  );

const leagueKey = (orgId: string, sessionId: string) => ["league", orgId, sessionId] as const;

/** The league the session's weekly series is run as (null: none). */
export function useLeague(orgId: string, sessionId: string, enabled = true) {
  return useQuery({
    queryKey: leagueKey(orgId, sessionId),
    enabled,
    queryFn: () => call(endpoints.league, { params: { orgId, sessionId } }),
  });
}

type LeagueAnswer = EndpointAnswer<typeof endpoints.createLeague>;

export const useCreateLeague = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<LeagueAnswer, CreateLeagueBody>,
) =>
  useAction({
    run: (body: CreateLeagueBody) => call(endpoints.createLeague, { params: { orgId, sessionId }, body }),
    invalidates: [leagueKey(orgId, sessionId)],
    ...feedback,
  });

/** A roster write answers the league as it now stands: shown at once, the session's card too. */
function useLeagueWrite<V>(
  orgId: string,
  sessionId: string,
  run: (vars: V) => Promise<LeagueAnswer>,
  feedback?: ActionFeedback<LeagueAnswer, V>,
) {
  const queryClient = useQueryClient();
  return useAction({
    run,
    ...feedback,
    onSuccess: (league, vars) => {
      queryClient.setQueryData(leagueKey(orgId, sessionId), league);
      feedback?.onSuccess?.(league, vars);
    },
  });
}

export const useJoinLeague = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<LeagueAnswer, JoinLeagueBody>,
) =>
  useLeagueWrite(
    orgId,
    sessionId,
    (body: JoinLeagueBody) => call(endpoints.joinLeague, { params: { orgId, sessionId }, body }),
    feedback,
  );

/** Says yes to the team a member signed the viewer up for. */
export const useAcceptPartner = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<LeagueAnswer, void>,
) =>
  useLeagueWrite(
    orgId,
    sessionId,
    () => call(endpoints.acceptPartner, { params: { orgId, sessionId } }),
    feedback,
  );

export const useLeaveLeague = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<LeagueAnswer, string>,
) =>
  useLeagueWrite(
    orgId,
    sessionId,
    (userId: string) => call(endpoints.leaveLeague, { params: { orgId, sessionId, userId } }),
    feedback,
  );

export const useAskSubstitutes = (
  orgId: string,
  sessionId: string,
  feedback?: ActionFeedback<{ asked: number }, void>,
) => useAction({ run: () => call(endpoints.askSubstitutes, { params: { orgId, sessionId } }), ...feedback });
