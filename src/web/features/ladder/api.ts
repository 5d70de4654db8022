import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  LadderView,
  MatchBody,
  MatchFormat,
  MatchView,
  PlayerView,
} from "../../../shared/contracts/ladder.js";
import { api } from "../../lib/api.js";

export const ladderKeys = {
  all: (orgId: string) => ["ladder", orgId] as const,
  table: (orgId: string, format: MatchFormat) => ["ladder", orgId, "table", format] as const,
  matches: (orgId: string, status: string) => ["ladder", orgId, "matches", status] as const,
  player: (orgId: string, userId: string) => ["ladder", orgId, "player", userId] as const,
};

export const useLadder = (orgId: string, format: MatchFormat) =>
  useQuery({
    queryKey: ladderKeys.table(orgId, format),
    queryFn: () => api<LadderView>(`/api/orgs/${orgId}/ladder?format=${format}`),
  });

export const useMatches = (orgId: string, status: "pending" | "disputed" | "all") =>
  useQuery({
    queryKey: ladderKeys.matches(orgId, status),
    queryFn: async () =>
      (await api<{ matches: MatchView[] }>(`/api/orgs/${orgId}/matches?status=${status}`)).matches,
  });

export const usePlayer = (orgId: string, userId: string) =>
  useQuery({
    queryKey: ladderKeys.player(orgId, userId),
    queryFn: () => api<PlayerView>(`/api/orgs/${orgId}/players/${userId}`),
  });

/** Any change to a match moves the whole ladder: refetch everything of this club's ladder. */
function useLadderMutation<T, R>(orgId: string, run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ladderKeys.all(orgId) }),
  });
}

export const useLogMatch = (orgId: string) =>
  useLadderMutation(orgId, (body: MatchBody) => api<MatchView>(`/api/orgs/${orgId}/matches`, { body }));

export const useEditMatch = (orgId: string) =>
  useLadderMutation(orgId, ({ matchId, body }: { matchId: string; body: MatchBody }) =>
    api<MatchView>(`/api/orgs/${orgId}/matches/${matchId}`, { method: "PUT", body }),
  );

export const useAnswerMatch = (orgId: string) =>
  useLadderMutation(orgId, ({ matchId, answer }: { matchId: string; answer: "confirm" | "dispute" }) =>
    api<MatchView>(`/api/orgs/${orgId}/matches/${matchId}/${answer}`, { method: "POST" }),
  );

export const useDecideMatch = (orgId: string) =>
  useLadderMutation(orgId, ({ matchId, outcome }: { matchId: string; outcome: "count" | "void" }) =>
    api<MatchView>(`/api/orgs/${orgId}/matches/${matchId}/decide`, { body: { outcome } }),
  );

export const useDeleteMatch = (orgId: string) =>
  useLadderMutation(orgId, (matchId: string) =>
    api<void>(`/api/orgs/${orgId}/matches/${matchId}`, { method: "DELETE" }),
  );
