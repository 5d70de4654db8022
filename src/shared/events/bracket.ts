// Playoffs: a single-elimination bracket seeded from the standings, the top seeds given the byes
// when the field is not a power of two, seeds placed so the best two can meet only in the final
// (1 v 8, 4 v 5, 2 v 7, 3 v 6 in an eight), and a bronze match between the losing semi-finalists.

export type BracketSlot = { seed: number; entrant: string } | null;
export type FirstRoundMatch = { match: number; top: BracketSlot; bottom: BracketSlot };

/** The order of seeds down a bracket of `size` (a power of two): 1, 8, 4, 5, 2, 7, 3, 6 for 8. */
export function seedOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

/** The smallest power of two that holds `entrants`. */
export function bracketSize(entrants: number): number {
  let size = 1;
  while (size < entrants) size *= 2;
  return size;
}

/**
 * The first round, entrants given in standing order (the first is seed 1). A slot past the field
 * is a bye (null): its match sends the other entrant through. A field of one or none has no bracket.
 */
export function firstRound(entrants: readonly string[]): FirstRoundMatch[] {
  if (entrants.length < 2) return [];
  const order = seedOrder(bracketSize(entrants.length));
  const slot = (seed: number): BracketSlot =>
    seed <= entrants.length ? { seed, entrant: entrants[seed - 1]! } : null;
  const matches: FirstRoundMatch[] = [];
  for (let i = 0; i < order.length; i += 2) {
    matches.push({ match: i / 2 + 1, top: slot(order[i]!), bottom: slot(order[i + 1]!) });
  }
  return matches;
}

/** Who goes through a first-round match without playing it: the entrant facing a bye. */
export function walkover(match: FirstRoundMatch): string | null {
  if (match.top && !match.bottom) return match.top.entrant;
  if (match.bottom && !match.top) return match.bottom.entrant;
  return null;
}

/** The rounds a bracket of this field plays, the final last ("Final", "Semi-finals", ...). */
export function roundNames(entrants: number): string[] {
  const names: string[] = [];
  for (let size = bracketSize(entrants); size >= 2; size /= 2) {
    names.push(
      size === 2 ? "Final" : size === 4 ? "Semi-finals" : size === 8 ? "Quarter-finals" : `Round of ${size}`,
    );
  }
  return names;
}
