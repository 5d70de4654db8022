// Each instance's copy of what every viewer of a club's board sees alike (board-view.ts).
//
// A copy is dropped the moment its club's board changes: by the action itself on the instance
// that made it, and on every instance by the board notice, before its viewers are told to
// refetch (RealtimeHub.subscribeAll). When the bus was away (a resync) every copy goes. What
// changes a board without a notice (a court renamed, the club's logo) shows within
// BOARD_CACHE_MS. Concurrent requests for one club share one build.
import type { BoardView } from "../../../shared/contracts/board.js";
import type { Db } from "../../db/database.js";
import { KeptPromises } from "../../platform/memo/kept-promises.js";
import { onePerOwner } from "../../platform/memo/one-per-owner.js";
import type { RealtimeHub } from "../../platform/realtime/hub.js";
import type { BoardState } from "./board-store.js";

export const BOARD_CACHE_MS = 2_000;

export type SharedBoard = {
  view: Omit<BoardView, "me" | "canManage" | "organizer">;
  state: BoardState | null;
  /** The players the session's event holds (their place is the event's, not the line's). */
  eventPlayers: ReadonlySet<string>;
};
/** Clubs whose boards are kept at once, the least recently viewed going first. */
const BOARDS_KEPT = 10_000;

class BoardCache {
  private readonly kept = new KeptPromises<SharedBoard>(BOARDS_KEPT);

  /** A failed build (the database away) is not kept: the next request tries again. */
  read(organizationId: string, build: () => Promise<SharedBoard>): Promise<SharedBoard> {
    const now = Date.now();
    return this.kept.read(organizationId, now, now + BOARD_CACHE_MS, build, null);
  }

  forget(organizationId: string): void {
    this.kept.forget(organizationId);
  }

  clear(): void {
    this.kept.clear();
  }
}

/** This instance's board copies for the app whose database handle this is. */
export const boardCache = onePerOwner((_db: Db) => new BoardCache());

/** Keeps this instance's copies in step with the board notices; returns the unsubscribe. */
export function forgetBoardsOnNotice(db: Db, realtime: RealtimeHub): () => void {
  const cache = boardCache(db);
  return realtime.subscribeAll((event) => {
    if (event.type === "changed") cache.forget(event.organizationId);
    else cache.clear();
  });
}
