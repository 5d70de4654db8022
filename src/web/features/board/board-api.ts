import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { myActionBody, playerActionBody, ScoreBody } from "../../../shared/contracts/board.js";
import { boardEndpoints, displayEndpoints } from "../../../shared/contracts/board-endpoints.js";
import type { EndpointAnswer, EndpointInput } from "../../../shared/contracts/endpoint.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";
import { holdScore, isOffline } from "./held-scores.js";

export type PlayerAction = z.infer<typeof playerActionBody>["action"];

type Version = EndpointAnswer<typeof boardEndpoints.fill>;

// The organizer's board actions. Each answers the board's new version, which the socket also
// announces to every viewer, this one included, and that refetches the board: so they
// invalidate nothing themselves.

export const useFillCourts = (orgId: string) =>
  useAction({ run: () => call(boardEndpoints.fill, { params: { orgId } }) });

type Score = { gameId: string; courtName: string; summary: string } & ScoreBody;

/**
 * Records a score, or, with no network, keeps it on this phone to send when it is back
 * (held-scores.ts): the answer is then "held" rather than the board's new version.
 */
export const useRecordScore = (orgId: string, feedback?: ActionFeedback<Version | "held", Score>) =>
  useAction({
    run: async ({ gameId, courtName, summary, ...body }: Score): Promise<Version | "held"> => {
      try {
        return await call(boardEndpoints.score, { params: { orgId, gameId }, body });
      } catch (error) {
        if (!isOffline(error)) throw error;
        holdScore({ orgId, gameId, courtName, summary, body, heldAt: Date.now() });
        return "held";
      }
    },
    ...feedback,
  });

/** Takes back a score recorded moments ago (the server refuses once the board has moved on). */
export const useUndoScore = (orgId: string, feedback?: ActionFeedback<Version, string>) =>
  useAction({
    run: (gameId: string) => call(boardEndpoints.undoScore, { params: { orgId, gameId } }),
    ...feedback,
  });

export const useCancelGame = (orgId: string, feedback?: ActionFeedback<Version, string>) =>
  useAction({
    run: (gameId: string) => call(boardEndpoints.cancelGame, { params: { orgId, gameId } }),
    ...feedback,
  });

/** A called group not all there: those who did not answer go on a break, the court takes the next group. */
export const useCallNextGroup = (orgId: string, feedback?: ActionFeedback<Version, string>) =>
  useAction({
    run: (gameId: string) => call(boardEndpoints.nextGroup, { params: { orgId, gameId } }),
    ...feedback,
  });

export const useMovePlayer = (orgId: string) =>
  useAction({
    run: ({ registrationId, action }: { registrationId: string; action: PlayerAction }) =>
      call(boardEndpoints.player, { params: { orgId, registrationId }, body: { action } }),
  });

type MyAction = z.infer<typeof myActionBody>["action"];
const myActionSaid: Record<MyAction, string> = {
  break: "Enjoy your break",
  return: "Welcome back: you're in line",
  "on-my-way": "The organizer sees you're on your way",
  skip: "The next group goes ahead: you're at the back of the line",
};

/** The player's own actions from their phone; the live board's notice brings the change back. */
export const useMyAction = (orgId: string) =>
  useAction({
    run: (action: MyAction) => call(boardEndpoints.me, { params: { orgId }, body: { action } }),
    success: (answer, action) =>
      answer.neededNext
        ? "The next group needs you: too few others are ready to play without you"
        : myActionSaid[action],
  });

/** The player's own "leaving at" time (an instant), or null to clear it. */
export const useMyLeaving = (orgId: string) =>
  useAction({
    run: (leavesAt: string | null) =>
      call(boardEndpoints.myLeaving, { params: { orgId }, body: { leavesAt } }),
    success: (_, leavesAt) =>
      leavesAt ? "Saved: the rotation will fit you in before you go" : "Leaving time cleared",
  });

type CourtAvailability = { courtId: string } & EndpointInput<typeof boardEndpoints.court>["body"];

export const useSetCourtAvailable = (orgId: string, feedback?: ActionFeedback<Version, CourtAvailability>) =>
  useAction({
    run: ({ courtId, ...body }: CourtAvailability) =>
      call(boardEndpoints.court, { params: { orgId, courtId }, body }),
    ...feedback,
  });

export const useBoardSettings = (orgId: string) =>
  useAction({
    run: (settings: EndpointInput<typeof boardEndpoints.settings>["body"]) =>
      call(boardEndpoints.settings, { params: { orgId }, body: settings }),
  });

const displayTokensKey = (orgId: string) => ["display-tokens", orgId] as const;

/** The links a TV at the club opens to show the board. */
export const useDisplayTokens = (orgId: string) =>
  useQuery({
    queryKey: displayTokensKey(orgId),
    queryFn: async () => (await call(displayEndpoints.list, { params: { orgId } })).tokens,
  });

export const useCreateDisplayToken = (orgId: string, feedback?: ActionFeedback<unknown, void>) =>
  useAction({
    run: () => call(displayEndpoints.create, { params: { orgId } }),
    invalidates: [displayTokensKey(orgId)],
    ...feedback,
  });

export const useRevokeDisplayToken = (orgId: string, feedback?: ActionFeedback<unknown, string>) =>
  useAction({
    run: (token: string) => call(displayEndpoints.revoke, { params: { orgId, token } }),
    invalidates: [displayTokensKey(orgId)],
    ...feedback,
  });
