import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { boardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import type {
  Court,
  Organization,
  UpdateOrganizationBody,
  updateCourtBody,
} from "../../../shared/contracts/clubs.js";
import { clubsEndpoints as endpoints } from "../../../shared/contracts/clubs-endpoints.js";
import { meQueryKey } from "../../app/auth-provider.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const courtsKey = (orgId: string) => ["courts", orgId] as const;

export function useCourts(orgId: string) {
  return useQuery({
    queryKey: courtsKey(orgId),
    queryFn: async () => (await call(endpoints.courts, { params: { orgId } })).courts,
  });
}

type CourtChange = { courtId: string; change: z.input<typeof updateCourtBody> };

export const useUpdateCourt = (orgId: string, feedback?: ActionFeedback<Court, CourtChange>) =>
  useAction({
    run: ({ courtId, change }: CourtChange) =>
      call(endpoints.updateCourt, { params: { orgId, courtId }, body: change }),
    invalidates: [courtsKey(orgId)],
    ...feedback,
  });

/**
 * How many players are on `courtId` in the live session's game, or null when it has none (or the
 * board cannot be read: the server then still refuses to drop a game without the question).
 */
export async function playersOnCourt(orgId: string, courtId: string): Promise<number | null> {
  try {
    const board = await call(boardEndpoints.board, { params: { orgId } });
    const game = board.courts.find((c) => c.id === courtId)?.game;
    return game ? game.teamA.length + game.teamB.length : null;
  } catch {
    return null;
  }
}

export const useAddCourt = (orgId: string, feedback?: ActionFeedback<Court, string>) =>
  useAction({
    run: (name: string) => call(endpoints.addCourt, { params: { orgId }, body: { name } }),
    invalidates: [courtsKey(orgId)],
    ...feedback,
  });

export const useUpdateClub = (
  orgId: string,
  feedback?: ActionFeedback<Organization, UpdateOrganizationBody>,
) =>
  useAction({
    run: (body: UpdateOrganizationBody) => call(endpoints.updateClub, { params: { orgId }, body }),
    // The club's name and logo show in the navigation, which reads them from /api/me.
    invalidates: [meQueryKey],
    ...feedback,
  });

/** Deletes the club for good: the owner has typed its name (`confirmName`). */
export const useDeleteClub = (orgId: string, feedback?: ActionFeedback<null, string>) =>
  useAction({
    run: (confirmName: string) => call(endpoints.deleteClub, { params: { orgId }, body: { confirmName } }),
    // The club leaves the person's list of clubs, read through /api/me.
    invalidates: [meQueryKey],
    ...feedback,
  });
