// The last answers of what the person opened, kept on the device: first the reads a night runs
// on (who is signed in, the court board, the TV's board and event, the event's page), then, as
// room allows, everything else they read (their sessions, the ladder...). Reloaded offline, a
// page opens on them (the board with its age: board-age.tsx) instead of a spinner waiting for a
// network that is not there; once the network is back, each is fetched again.
//
// Kept in localStorage under one key, written a second after the reads settle (at once if the
// page goes away or the network does first), and dropped on
// signing out (or a 401), so the next person on a shared phone never opens on someone's night.
import { dehydrate, hydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { readStored, removeStored, storageKeys, writeStored } from "../lib/storage.js";

/** The reads a night runs on, by their key's first part: kept whatever else there is room for. */
const CORE = new Set(["me", "board", "display-event", "event"]);
/** Characters of localStorage the rest may take (browsers give an origin about five million). */
const ROOM = 1_000_000;
/** Older than this, a kept answer is not worth showing: the night is over. */
const KEPT_FOR_MS = 12 * 3_600_000;
const WRITE_AFTER_MS = 1000;

type Kept = { savedAt: number; state: ReturnType<typeof dehydrate> };

/** The TV's reads (by its display link): kept with nobody signed in, as a TV is. */
const ofTheTv = (key: readonly unknown[]) =>
  key[0] === "display-event" || (key[0] === "board" && key[1] === "display");

const worthKeeping = (signedIn: boolean, coreOnly: boolean) => (query: Query) =>
  query.state.status === "success" &&
  (signedIn ? !coreOnly || CORE.has(String(query.queryKey[0])) : ofTheTv(query.queryKey));

/**
 * Puts the kept answers back into the cache, before the first render reads it: offline only.
 * Online the app reads what is true now, as it always did, with no moment of the old on screen.
 */
export function restoreKeptQueries(
  queryClient: QueryClient,
  now = Date.now(),
  online = navigator.onLine,
): void {
  if (online) return;
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
    const kept = (coreOnly: boolean): Kept => ({
      savedAt: Date.now(),
      state: dehydrate(queryClient, { shouldDehydrateQuery: worthKeeping(signedIn, coreOnly) }),
    });
    const everything = kept(false);
    if (everything.state.queries.length === 0) {
      forgetKeptQueries();
      return;
    }
    const text = JSON.stringify(everything);
    writeStored(storageKeys.keptQueries, text.length <= ROOM ? text : JSON.stringify(kept(true)));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated") return;
    if (timer === undefined) timer = setTimeout(write, WRITE_AFTER_MS);
  });
  // A write still waiting its second is done at once when the page goes away or the network
  // does: an organizer who opened the board, lost the Wi-Fi and reloaded within that second
  // otherwise reopened on nothing kept (offline-night's test did, every time it ran fast).
  const writeNow = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    write();
  };
  window.addEventListener("pagehide", writeNow);
  window.addEventListener("offline", writeNow);
  return () => {
    clearTimeout(timer);
    window.removeEventListener("pagehide", writeNow);
    window.removeEventListener("offline", writeNow);
    unsubscribe();
  };
}

export function forgetKeptQueries(): void {
  removeStored(storageKeys.keptQueries);
}
