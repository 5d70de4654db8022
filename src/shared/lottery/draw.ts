// The lottery for a full session: everyone who asked for a place while its window was open
// counts equally, and places go in a random order weighted by how many recent draws at the
// club each person lost (double per loss, back to 1 once they get in), with a place assured
// after `guaranteeAfter` losses in a row if the club sets it. Those who lose become the
// waitlist in draw order.
//
// The draw is reproducible by anyone: each entrant's ticket is a number in (0, 1) made from the
// published seed and their id alone, and their key is ln(ticket) / weight. Ordering by key, the
// largest first, draws without replacement in proportion to the weights (the first place goes to
// entrant i with probability weight_i / sum of weights, the next among the rest likewise). The
// session page shows the seed, every weight and the order, and recomputes it in the browser.
import { fnv1a, seededRandom } from "../rotation/prng.js";

/** A weight doubles per draw lost, up to this many losses: 1,024 times a fresh entrant's. */
export const MAX_COUNTED_LOSSES = 10;

export type Entrant = { id: string; losses: number };
export type DrawRules = {
  /** After this many losses in a row a place is assured (null: never). */
  guaranteeAfter: number | null;
};
export type Drawn = Entrant & { weight: number; ticket: number; assured: boolean; position: number };

export function weightOf(losses: number): number {
  return 2 ** Math.min(Math.max(0, losses), MAX_COUNTED_LOSSES);
}

/**
 * An entrant's ticket: a number in (0, 1) from the seed and their id, 53 bits of it, the same
 * on every machine. Two hashes of the text, each stirred by mulberry32, make its high and low bits.
 */
export function ticketOf(seed: string, id: string): number {
  const text = `${seed}:${id}`;
  const high = Math.floor(seededRandom(fnv1a(text, 0x811c9dc5))() * 2 ** 26);
  const low = Math.floor(seededRandom(fnv1a(text, 0x050c5d1f))() * 2 ** 27);
  return (high * 2 ** 27 + low + 0.5) / 2 ** 53;
}

/**
 * The draw's order: assured entrants first, then everyone else, each group by key (ln(ticket) /
 * weight), largest first; an exact tie (never in practice) by id. Positions count from 1.
 */
export function drawOrder(seed: string, entrants: Entrant[], rules: DrawRules): Drawn[] {
  const keyed = entrants.map((e) => {
    const weight = weightOf(e.losses);
    const ticket = ticketOf(seed, e.id);
    const assured = rules.guaranteeAfter !== null && e.losses >= rules.guaranteeAfter;
    return { ...e, weight, ticket, assured, key: Math.log(ticket) / weight };
  });
  keyed.sort(
    (a, b) =>
      Number(b.assured) - Number(a.assured) || b.key - a.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return keyed.map(({ key: _, ...e }, i) => ({ ...e, position: i + 1 }));
}

/** A fresh seed: 16 random bytes as hex, from the platform's secure generator. */
export function newSeed(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
