import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { boardSettingsBody, courtAvailabilityBody, ScoreBody } from "../../../shared/contracts/board.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export type PlayerAction = "break" | "return" | "skip" | "front" | "remove" | "bye" | "cancel-bye";

type Version = { version: number };

// The organizer's board actions. Each answers the board's new version, which the socket also
// announces to every viewer, this one included, and that refetches the board: so they
// invalidate nothing themselves.

export const useFillCourts = (orgId: string) =>
  useAction({ run: () => api<Version>(`/api/orgs/${orgId}/board/fill`, { method: "POST" }) });

type Score = { gameId: string } & ScoreBody;

export const useRecordScore = (orgId: string, feedback?: ActionFeedback<Version, Score>) =>
  useAction({
    run: ({ gameId, ...result }: Score) =>
      api<Version>(`/api/orgs/${orgId}/board/games/${gameId}/score`, { body: result }),
    ...feedback,
  });

/** Takes back a score recorded moments ago (the server refuses once the board has moved on). */
export const useUndoScore = (orgId: string, feedback?: ActionFeedback<Version, string>) =>
  useAction({
    run: (gameId: string) =>
      api<Version>(`/api/orgs/${orgId}/board/games/${gameId}/undo`, { method: "POST" }),
    ...feedback,
  });

export const useCancelGame = (orgId: string, feedback?: ActionFeedback<Version, string>) =>
  useAction({
    run: (gameId: string) =>
      api<Version>(`/api/orgs/${orgId}/board/games/${gameId}/cancel`, { method: "POST" }),
    ...feedback,
  });

/** A called group not all there: those who did not answer go on a break, the court takes the next group. */
export const useCallNextGroup = (orgId: string, feedback?: ActionFeedback<Version, string>) =>
  useAction({
    run: (gameId: string) =>
      api<Version>(`/api/orgs/${orgId}/board/games/${gameId}/next-group`, { method: "POST" }),
    ...feedback,
  });

export const useMovePlayer = (orgId: string) =>
  useAction({
    run: ({ registrationId, action }: { registrationId: string; action: PlayerAction }) =>
      api<Version>(`/api/orgs/${orgId}/board/players/${registrationId}`, { body: { action } }),
  });

type MyAction = "break" | "return" | "on-my-way" | "skip";
const myActionSaid: Record<MyAction, string> = {
  break: "Enjoy your break",
  return: "Welcome back: you're in line",
  "on-my-way": "The organizer sees you're on your way",
  skip: "The next group goes ahead: you're at the back of the line",
};

/** The player's own actions from their phone; the live board's notice brings the change back. */
export const useMyAction = (orgId: string) =>
  useAction({
    run: (action: MyAction) => api<Version>(`/api/orgs/${orgId}/board/me`, { body: { action } }),
    success: (_, action) => myActionSaid[action],
  });

/** The player's own "leaving at" time (an instant), or null to clear it. */
export const useMyLeaving = (orgId: string) =>
  useAction({
    run: (leavesAt: string | null) =>
      api<Version>(`/api/orgs/${orgId}/board/me/leaving`, { method: "PUT", body: { leavesAt } }),
    success: (_, leavesAt) =>
      leavesAt ? "Saved: the rotation will fit you in before you go" : "Leaving time cleared",
  });

type CourtAvailability = { courtId: string } & z.input<typeof courtAvailabilityBody>;

export const useSetCourtAvailable = (orgId: string, feedback?: ActionFeedback<Version, CourtAvailability>) =>
  useAction({
    run: ({ courtId, ...body }: CourtAvailability) =>
      api<Version>(`/api/orgs/${orgId}/board/courts/${courtId}`, { method: "PUT", body }),
    ...feedback,
  });

export const useBoardSettings = (orgId: string) =>
  useAction({
    run: (settings: z.input<typeof boardSettingsBody>) =>
      api<Version>(`/api/orgs/${orgId}/board/settings`, { method: "PUT", body: settings }),
  });

type DisplayToken = { token: string; url: string; createdAt: string };

const displayTokensKey = (orgId: string) => ["display-tokens", orgId] as const;

/** The links a TV at the club opens to show the board. */
export const useDisplayTokens = (orgId: string) =>
  useQuery({
    queryKey: displayTokensKey(orgId),
    queryFn: async () => (await api<{ tokens: DisplayToken[] }>(`/api/orgs/${orgId}/display-tokens`)).tokens,
  });

export const useCreateDisplayToken = (orgId: string, feedback?: ActionFeedback<unknown, void>) =>
  useAction({
    run: () => api(`/api/orgs/${orgId}/display-tokens`, { method: "POST" }),
    invalidates: [displayTokensKey(orgId)],
    ...feedback,
  });

export const useRevokeDisplayToken = (orgId: string, feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (token: string) => api(`/api/orgs/${orgId}/display-tokens/${token}`, { method: "DELETE" }),
    invalidates: [displayTokensKey(orgId)],
    ...feedback,
  });
