// Caps on open WebSockets. Every socket holds a file descriptor and a subscription for as long
// as it lives, and the TV link needs no sign-in: one client could open thousands with it and
// slow every request of the process (decision 005). A socket is counted under each holder it has (its club,
// and its person, its TV link or its address) from before the upgrade until its connection
// closes, whatever closes it; one past a cap is answered 429 before the upgrade.
import type { FastifyRequest } from "fastify";
import { addressKey } from "../auth/rate-limit.js";
import { AppError } from "../errors/app-error.js";

export type SocketLimits = {
  /**
   * Sockets opened without sign-in (TV links) from one address (an IPv6 /64). 10: a club's one
   * or two TVs, each with a socket or two still half-open after a network blip, fit with room.
   * Signed-in sockets are not counted here: members at a club share its Wi-Fi's one public
   * address, and a stranger on that Wi-Fi must not shut their boards; they are counted per person.
   */
  perAddress: number;
  /** Sockets of one signed-in person. 10: a phone, a laptop and a few tabs, with reconnects. */
  perPerson: number;
  /**
   * Sockets on one TV link, from every address. 20: a club shows one link on one or two
   * screens; a screen that reconnects while its old socket is still half-open holds two until
   * the heartbeat drops the dead one (within two beats), so 20 leaves room for many blips.
   */
  perDisplayLink: number;
  /**
   * Sockets watching one club, on this instance. 500: a busy club's whole membership watching
   * at once, while one club cannot take every descriptor of the process.
   */
  perClub: number;
};

export const SOCKET_LIMITS: SocketLimits = {
  perAddress: 10,
  perPerson: 10,
  perDisplayLink: 20,
  perClub: 500,
};

/** Whom a socket is counted against: a club, and a person when signed in, else its TV link. */
export type SocketHolder = { club: string } & ({ person: string } | { displayLink: string });

/** Held sockets are released when their connection closes; a new one is the client's to retry. */
const RETRY_AFTER_SECONDS = 30;

export function socketLimiter(limits: SocketLimits) {
  const open = new Map<string, number>();

  /** Each counter the socket takes a place in, with its cap. */
  const countersOf = (request: FastifyRequest, holder: SocketHolder): Array<[string, number]> =>
    "person" in holder
      ? [
          [`club:${holder.club}`, limits.perClub],
          [`person:${holder.person}`, limits.perPerson],
        ]
      : [
          [`club:${holder.club}`, limits.perClub],
          [`link:${holder.displayLink}`, limits.perDisplayLink],
          [`address:${addressKey(request.ip)}`, limits.perAddress],
        ];

  return {
    /**
     * Counts the socket being opened by `request` until its connection closes, or throws a 429
     * (counting nothing) when a cap is reached. Counts only upgrades: a plain GET of the
     * address holds nothing, so requests on one kept-alive connection cannot pile up places.
     */
    admit(request: FastifyRequest, holder: SocketHolder): void {
      if (!request.ws) return;
      const counters = countersOf(request, holder);
      if (counters.some(([key, cap]) => (open.get(key) ?? 0) >= cap))
        throw new AppError("RATE_LIMITED", "Too many live connections. Close some and try again.", {
          headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
        });
      for (const [key] of counters) open.set(key, (open.get(key) ?? 0) + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        for (const [key] of counters) {
          const left = (open.get(key) ?? 1) - 1;
          if (left > 0) open.set(key, left);
          else open.delete(key);
        }
      };
      // The connection's own end covers every way a socket ends (a close, an error, the
      // server stopping, an upgrade that never completed); a connection already gone gives
      // its place back now.
      const connection = request.raw.socket;
      connection.once("close", release);
      if (connection.destroyed) release();
    },
  };
}

export type SocketLimiter = ReturnType<typeof socketLimiter>;
