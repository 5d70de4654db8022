// The club's board as read outside the board page: the dashboard's "your place" line, and the
// session page asking before it ends a night with games on court. Under the board page's own
// key (use-live-board.ts), so whichever reads first, the other opens at once.
import { useQuery } from "@tanstack/react-query";
import { boardEndpoints } from "../../shared/contracts/board-endpoints.js";
import { call } from "./api.js";

export function useClubBoard(orgId: string, enabled: boolean, refetchInterval?: number) {
  return useQuery({
    queryKey: ["board", "club", orgId],
    queryFn: () => call(boardEndpoints.board, { params: { orgId } }),
    enabled,
    refetchInterval,
  });
}

/** How many games are on court now (undefined until the board is read). */
export function useGamesOnCourt(orgId: string, enabled: boolean): number | undefined {
  return useClubBoard(orgId, enabled).data?.courts.filter((c) => c.game !== null).length;
}
