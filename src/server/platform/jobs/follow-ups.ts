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
  /** Starts `work` now, without waiting for it; a failure is logged by `onFailure`, the job retries it. */
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
        const done: Promise<void> = work()
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
