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
   * Sockets opened without sign-in (TV links) from one address (an IPv6 /64), shared fairly
   * among the links it holds (FairCap). 10: a club's one or two TVs, each with a socket or two
   * still half-open after a network blip, fit with room.
   * Signed-in sockets are not counted here: members at a club share its Wi-Fi's one public
   * address, and a stranger on that Wi-Fi must not shut their boards; they are counted per person.
   */
  perAddress: number;
  /** Sockets of one signed-in person. 10: a phone, a laptop and a few tabs, with reconnects. */
  perPerson: number;
  /**
   * Sockets on one TV link, from every address, shared fairly among the addresses (FairCap). 20: a club shows one link on one or two
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

/**
 * A cap shared fairly (decision 033): a TV link's places are shared among the addresses that
 * hold them, and an address's TV places among the links it holds. When the group is full, a
 * newcomer whose share would not be larger than another's takes the place of that other
 * share's oldest socket; a newcomer whose own share is the largest is refused. So strangers
 * with a club's link (ten sockets from each of two addresses filled it) cannot keep the club's
 * real TV out, and behind a proxy that hides addresses every club's TV gets a place; while
 * one client still holds at most the cap, and is refused past it.
 */
type FairCap = { group: string; cap: number; share: string };

type Held = { fair: FairCap[]; end: () => void };

export function socketLimiter(limits: SocketLimits) {
  const open = new Map<string, number>();
  /** The sockets in each fair group, oldest first. */
  const members = new Map<string, Held[]>();

  /** Counters with a plain cap (one past is refused), and the fairly shared ones. */
  const capsOf = (
    request: FastifyRequest,
    holder: SocketHolder,
  ): { plain: Array<[string, number]>; fair: FairCap[] } => {
    if ("person" in holder)
      return {
        plain: [
          [`club:${holder.club}`, limits.perClub],
          [`person:${holder.person}`, limits.perPerson],
        ],
        fair: [],
      };
    const address = addressKey(request.ip);
    return {
      plain: [[`club:${holder.club}`, limits.perClub]],
      fair: [
        { group: `link:${holder.displayLink}`, cap: limits.perDisplayLink, share: address },
        { group: `address:${address}`, cap: limits.perAddress, share: holder.displayLink },
      ],
    };
  };

  const shareSize = (group: string, share: string) =>
    (members.get(group) ?? []).filter((held) => held.fair.some((f) => f.group === group && f.share === share))
      .length;

  /**
   * In a full group: the socket to end for the newcomer, the oldest of the largest other share
   * if that share holds at least as many as the newcomer's will; `refuse` when there is none.
   */
  const victimIn = (fair: FairCap): Held | "refuse" | undefined => {
    const held = members.get(fair.group) ?? [];
    if (held.length < fair.cap) return undefined;
    const newcomerWillHold = shareSize(fair.group, fair.share) + 1;
    let victim: Held | undefined;
    let victimShareSize = 0;
    // Oldest first: among shares of equal size, the one whose oldest socket is oldest gives way.
    for (const socket of held) {
      const share = socket.fair.find((f) => f.group === fair.group)!.share;
      if (share === fair.share) continue;
      const size = shareSize(fair.group, share);
      if (size >= newcomerWillHold && size > victimShareSize) {
        victim = socket;
        victimShareSize = size;
      }
    }
    return victim ?? "refuse";
  };

  const refuse = () =>
    new AppError("RATE_LIMITED", "Too many live connections. Close some and try again.", {
      headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
    });

  return {
    /**
     * Counts the socket being opened by `request` until its connection closes, or throws a 429
     * (counting nothing) when a cap is reached; in a fairly shared group, may end another
     * holder's oldest socket instead (FairCap). Counts only upgrades: a plain GET of the
     * address holds nothing, so requests on one kept-alive connection cannot pile up places.
     */
    admit(request: FastifyRequest, holder: SocketHolder): void {
      if (!request.ws) return;
      const { plain, fair } = capsOf(request, holder);
      if (plain.some(([key, cap]) => (open.get(key) ?? 0) >= cap)) throw refuse();
      if (fair.some((f) => victimIn(f) === "refuse")) throw refuse();
      for (const f of fair) {
        const victim = victimIn(f);
        if (victim && victim !== "refuse") victim.end();
      }

      const counters = [...plain.map(([key]) => key), ...fair.map((f) => f.group)];
      let released = false;
      const connection = request.raw.socket;
      const release = () => {
        if (released) return;
        released = true;
        for (const key of counters) {
          const left = (open.get(key) ?? 1) - 1;
          if (left > 0) open.set(key, left);
          else open.delete(key);
        }
        for (const f of fair) {
          const rest = (members.get(f.group) ?? []).filter((other) => other !== held);
          if (rest.length > 0) members.set(f.group, rest);
          else members.delete(f.group);
        }
      };
      const held: Held = {
        fair,
        // Its place is free at once; the client (a stranger's, or a TV's half-open socket) sees
        // its connection end and may come back under the same rule.
        end: () => {
          release();
          connection.destroy();
        },
      };
      for (const key of counters) open.set(key, (open.get(key) ?? 0) + 1);
      for (const f of fair) members.set(f.group, [...(members.get(f.group) ?? []), held]);
      // The connection's own end covers every way a socket ends (a close, an error, the
      // server stopping, an upgrade that never completed); a connection already gone gives
      // its place back now.
      connection.once("close", release);
      if (connection.destroyed) release();
    },
  };
}

export type SocketLimiter = ReturnType<typeof socketLimiter>;
