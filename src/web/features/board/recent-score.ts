// The score just recorded on this screen, while it can still be undone: the sheet that recorded
// it closes at once, and the board's undo bar (undo-score-bar.tsx) offers the undo. Only the
// newest score is offered, as the server keeps only the newest undoable.
import { useSyncExternalStore } from "react";

export type RecentScore = {
  gameId: string;
  /** The court it was on: the bar says what the court does next from the board as it now is. */
  courtId: string;
  courtName: string;
  summary: string;
};

/** How long the bar offers Undo; the server allows a little longer (SCORE_UNDO_SECONDS). */
export const UNDO_OFFER_MS = 10_000;

let recent: RecentScore | null = null;
let expiry: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: RecentScore | null) {
  recent = next;
  clearTimeout(expiry);
  if (next) expiry = setTimeout(() => set(null), UNDO_OFFER_MS);
  for (const listener of listeners) listener();
}

export const offerUndo = (score: RecentScore) => set(score);
export const withdrawUndo = () => set(null);

export function useRecentScore(): RecentScore | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => recent,
  );
}
