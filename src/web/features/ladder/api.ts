import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { MatchBody, MatchFormat, MatchView } from "../../../shared/contracts/ladder.js";
import { ladderEndpoints as endpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const ladderKeys = {
  all: (orgId: string) => ["ladder", orgId] as const,
  table: (orgId: string, format: MatchFormat) => ["ladder", orgId, "table", format] as const,
  matches: (orgId: string, status: string) => ["ladder", orgId, "matches", status] as const,
  player: (orgId: string, userId: string) => ["ladder", orgId, "player", userId] as const,
};

/** The ladder a page at a time from the top; the first page says who tops it and how. */
export const useLadder = (orgId: string, format: MatchFormat) =>
  useInfiniteQuery({
    queryKey: ladderKeys.table(orgId, format),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      call(endpoints.standings, {
        params: { orgId },
        query: { format, ...(pageParam ? { after: pageParam } : {}) },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The first page of the club's matches in one status (the few waiting for an answer, say). */
export const useMatches = (orgId: string, status: "pending" | "disputed" | "all") =>
  useQuery({
    queryKey: ladderKeys.matches(orgId, status),
    queryFn: async () => (await call(endpoints.matches, { params: { orgId }, query: { status } })).matches,
  });

/**
 * The club's matches newest first (or one player's), `size` at a time from `start` (a cursor
 * the server gave, or the top), loading nothing until `enabled`.
 */
export const useMatchPages = (
  orgId: string,
  options: { player?: string; size: number; start?: string | null; enabled?: boolean },
) =>
  useInfiniteQuery({
    queryKey: [
      ...ladderKeys.matches(orgId, "pages"),
      options.player ?? "",
      options.start ?? "",
      options.size,
    ],
    initialPageParam: options.start ?? undefined,
    enabled: options.enabled ?? true,
    queryFn: ({ pageParam }) =>
      call(endpoints.matches, {
        params: { orgId },
        query: {
          limit: options.size,
          ...(options.player ? { player: options.player } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const usePlayer = (orgId: string, userId: string) =>
  useQuery({
    queryKey: ladderKeys.player(orgId, userId),
    queryFn: () => call(endpoints.player, { params: { orgId, userId } }),
  });

/** Any change to a match moves the whole ladder: everything of this club's ladder is refetched. */
function useLadderAction<T, V>(orgId: string, run: (vars: V) => Promise<T>, feedback?: ActionFeedback<T, V>) {
  return useAction({ run, invalidates: [ladderKeys.all(orgId)], ...feedback });
}

type MatchEdit = { matchId: string; body: MatchBody };
type MatchAnswer = { matchId: string; answer: "confirm" | "dispute" };
type MatchDecision = { matchId: string; outcome: "count" | "void" };

export const useLogMatch = (orgId: string, feedback?: ActionFeedback<MatchView, MatchBody>) =>
  useLadderAction(
    orgId,
    (body: MatchBody) => call(endpoints.logMatch, { params: { orgId }, body }),
    feedback,
  );

export const useEditMatch = (orgId: string, feedback?: ActionFeedback<MatchView, MatchEdit>) =>
  useLadderAction(
    orgId,
    ({ matchId, body }: MatchEdit) => call(endpoints.editMatch, { params: { orgId, matchId }, body }),
    feedback,
  );

export const useAnswerMatch = (orgId: string, feedback?: ActionFeedback<MatchView, MatchAnswer>) =>
  useLadderAction(
    orgId,
    ({ matchId, answer }: MatchAnswer) =>
      call(answer === "confirm" ? endpoints.confirmMatch : endpoints.disputeMatch, {
        params: { orgId, matchId },
      }),
    feedback,
  );

export const useDecideMatch = (orgId: string, feedback?: ActionFeedback<MatchView, MatchDecision>) =>
  useLadderAction(
    orgId,
    ({ matchId, outcome }: MatchDecision) =>
      call(endpoints.decideMatch, { params: { orgId, matchId }, body: { outcome } }),
    feedback,
  );

export const useDeleteMatch = (orgId: string, feedback?: ActionFeedback<null, string>) =>
  useLadderAction(
    orgId,
    (matchId: string) => call(endpoints.deleteMatch, { params: { orgId, matchId } }),
    feedback,
  );
