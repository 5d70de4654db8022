// Scores entered while the gym's Wi-Fi was away: kept on this phone and sent once the network is
// back. Exactly once: a game is scored once by its id, so a score the server already has (sent
// twice, or entered on another phone) is refused, as is one for a game cancelled or moved on,
// and the organizer is told which court's score did not count. One kept a game: entered again,
// the latest stands.
import { useEffect, useSyncExternalStore } from "react";
import { toast } from "sonner";
import type { ScoreBody } from "../../../shared/contracts/board.js";
import { boardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { ApiError, call } from "../../lib/api.js";
import { readStored, storageKeys, writeStored } from "../../lib/storage.js";

export type HeldScore = {
  orgId: string;
  gameId: string;
  courtName: string;
  /** "Court 3: Ann & Ben won 11-7": what the organizer entered, in words. */
  summary: string;
  body: ScoreBody;
  heldAt: number;
};

const listeners = new Set<() => void>();
let snapshot: HeldScore[] | null = null;

function all(): HeldScore[] {
  if (snapshot) return snapshot;
  try {
    snapshot = JSON.parse(readStored(storageKeys.heldScores) ?? "[]") as HeldScore[];
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function save(next: HeldScore[]) {
  snapshot = next;
  writeStored(storageKeys.heldScores, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** Keeps `score` on this phone to send later, in place of one kept for the same game. */
export function holdScore(score: HeldScore): void {
  save([...all().filter((s) => s.gameId !== score.gameId), score]);
}

const release = (gameId: string) => save(all().filter((s) => s.gameId !== gameId));

/** The club's scores kept on this phone, oldest first. */
export function useHeldScores(orgId: string): HeldScore[] {
  const scores = useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, all);
  return scores.filter((s) => s.orgId === orgId);
}

/** No answer from the server at all: the network, not a refusal. */
export const isOffline = (error: unknown) => !(error instanceof ApiError);

let sending = false;

/**
 * Sends the club's kept scores, one at a time in the order entered. Each is sent once: sent,
 * it is let go whatever the answer; a refusal tells the organizer which court's score did not
 * count and why. Without a network it stops, keeping the rest for the next time.
 */
export async function sendHeldScores(orgId: string): Promise<void> {
  if (sending) return;
  sending = true;
  try {
    for (const score of all().filter((s) => s.orgId === orgId)) {
      try {
        await call(boardEndpoints.score, { params: { orgId, gameId: score.gameId }, body: score.body });
        release(score.gameId);
        toast.success("A score kept on this phone is in", { description: score.summary });
      } catch (error) {
        if (isOffline(error)) return;
        release(score.gameId);
        toast.error("A score kept on this phone did not count", {
          description:
            error instanceof ApiError && error.status === 404
              ? `${score.summary}. That game had already left ${score.courtName} (scored or cancelled on another phone): check the court.`
              : `${score.summary}. ${(error as Error).message}`,
          duration: 15_000,
        });
      }
    }
  } finally {
    sending = false;
  }
}

/** Sends the club's kept scores now if online, and each time the network comes back. */
export function useSendHeldScores(orgId: string): void {
  useEffect(() => {
    const send = () => void sendHeldScores(orgId);
    if (navigator.onLine) send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [orgId]);
}
