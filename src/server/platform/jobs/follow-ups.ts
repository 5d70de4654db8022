// Work a transaction owes once it commits, done by this instance at once rather than inside it:
// a board score's ladder append held the board's lock (and the organizer's tap) for a dozen
// statements that nobody at the board waits for. The owing transaction also queues a job that
// does the same work a little later, so a process that dies between the commit and the
// follow-up loses nothing; the work is written to find itself already done and stop.
//
// The follow-ups of one owner (a database handle) are kept until they settle, so that closing
// the app waits for them before it ends the pool, and a test can wait for them before it reads
// what they wrote.
import { onePerOwner } from "../memo/one-per-owner.js";

export type FollowUps = {
  /**
   * Starts `work` once the answers of this turn are written, without waiting for it; a failure
   * is logged by `onFailure`, the job retries it.
   */
  start(work: () => Promise<void>): void;
  /** Resolves once every follow-up started so far has finished, however it ended. */
  settled(): Promise<void>;
};

export const followUps = onePerOwner(
  (_owner: object): FollowUps & { onFailure: (error: unknown) => void } => {
    const running = new Set<Promise<void>>();
    const self = {
      onFailure: (_error: unknown) => {},
      start(work: () => Promise<void>) {
        // After this turn of the event loop: the request that owes the work answers first,
        // rather than beside the work's first statements (a board score waited for the
        // ladder's replay to start).
        const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((error) => self.onFailure(error))
          .finally(() => running.delete(done));
        running.add(done);
      },
      async settled() {
        while (running.size > 0) await Promise.allSettled([...running]);
      },
    };
    return self;
  },
);
