// The last answers of the reads a night runs on, kept on the device: who is signed in, the
// court board, the TV's board and event, the event's page. Reloaded offline, the app opens on
// them (with their age: stale-notice.tsx) instead of a spinner waiting for a network that is
// not there; online, each is fetched again at once, as any stale read is. Nothing else is kept:
// the rest of the app says it is offline and waits.
//
// Kept in localStorage under one key, written a second after the reads settle, and dropped on
// signing out (or a 401), so the next person on a shared phone never opens on someone's night.
import { dehydrate, hydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { readStored, removeStored, storageKeys, writeStored } from "../lib/storage.js";

/** The reads worth opening on offline, by their key's first part. */
const KEPT = new Set(["me", "board", "display-event", "event"]);
/** Older than this, a kept answer is not worth showing: the night is over. */
const KEPT_FOR_MS = 12 * 3_600_000;
const WRITE_AFTER_MS = 1000;

type Kept = { savedAt: number; state: ReturnType<typeof dehydrate> };

/** The TV's reads (by its display link): kept with nobody signed in, as a TV is. */
const ofTheTv = (key: readonly unknown[]) =>
  key[0] === "display-event" || (key[0] === "board" && key[1] === "display");

const worthKeeping = (signedIn: boolean) => (query: Query) =>
  query.state.status === "success" &&
  (signedIn ? KEPT.has(String(query.queryKey[0])) : ofTheTv(query.queryKey));

/** Puts the kept answers back into the cache, before the first render reads it. */
export function restoreKeptQueries(queryClient: QueryClient, now = Date.now()): void {
  const text = readStored(storageKeys.keptQueries);
  if (!text) return;
  try {
    const kept = JSON.parse(text) as Kept;
    if (now - kept.savedAt > KEPT_FOR_MS) {
      forgetKeptQueries();
      return;
    }
    hydrate(queryClient, kept.state);
    // Shown at once, but never taken as fresh: each is fetched again as soon as it is read
    // online. (Kept a moment ago, "me" was still inside its minute of freshness, and a member
    // who had just joined a club opened on their account from before they joined.)
    for (const { queryKey } of kept.state.queries)
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: "none" });
  } catch {
    forgetKeptQueries();
  }
}

/** Keeps the answers worth keeping as they change; answers a function that stops it. */
export function keepQueries(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    // Signed out, nothing of anyone is kept but a TV's board.
    const signedIn = Boolean(queryClient.getQueryData(["me"]));
    const state = dehydrate(queryClient, { shouldDehydrateQuery: worthKeeping(signedIn) });
    if (state.queries.length === 0) {
      forgetKeptQueries();
      return;
    }
    writeStored(storageKeys.keptQueries, JSON.stringify({ savedAt: Date.now(), state } satisfies Kept));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || !KEPT.has(String(event.query.queryKey[0]))) return;
    if (timer === undefined) timer = setTimeout(write, WRITE_AFTER_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

export function forgetKeptQueries(): void {
  removeStored(storageKeys.keptQueries);
}
