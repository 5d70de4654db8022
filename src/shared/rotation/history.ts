// Who has partnered and faced whom. Read lazily from the players' own lists, and only for
// the players a decision looks at: a decision late in a long session (200 players, 2,000
// games) must not rebuild every player's history to place four of them.
import type { PlayerState, Team } from "./types.js";

type Counts = Map<string, number>;

/** One key for a pair of players, whichever is named first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function tally(list: readonly string[]): Counts {
  const counts: Counts = new Map();
  for (const id of list) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

export class History {
  private readonly byId: Map<string, PlayerState>;
  private readonly partnerCounts = new Map<string, Counts>();
  private readonly opponentCounts = new Map<string, Counts>();
  // Games decided earlier in this same decision (later courts must see them).
  private readonly added: Array<[Team, Team]> = [];

  constructor(players: readonly PlayerState[]) {
    this.byId = new Map(players.map((p) => [p.id, p]));
  }

  // Asked thousands of times a decision (every pair of every game weighed): no closure per call.
  private counts(cache: Map<string, Counts>, id: string, opponents: boolean): Counts {
    let counts = cache.get(id);
    if (!counts) {
      const p = this.byId.get(id);
      counts = tally((opponents ? p?.recentOpponents : p?.recentPartners) ?? []);
      cache.set(id, counts);
    }
    return counts;
  }

  partnered(a: string, b: string): number {
    let n = this.counts(this.partnerCounts, a, false).get(b) ?? 0;
    for (const game of this.added) for (const t of game) if (t.includes(a) && t.includes(b)) n += 1;
    return n;
  }

  faced(a: string, b: string): number {
    let n = this.counts(this.opponentCounts, a, true).get(b) ?? 0;
    for (const [t1, t2] of this.added)
      if ((t1.includes(a) && t2.includes(b)) || (t2.includes(a) && t1.includes(b))) n += 1;
    return n;
  }

  /** The partner of `id`'s latest game, if any. */
  lastPartner(id: string): string | undefined {
    const list = this.byId.get(id)?.recentPartners ?? [];
    return list[list.length - 1];
  }

  /** The opponents of `id`'s latest game. */
  lastOpponents(id: string): string[] {
    const list = this.byId.get(id)?.recentOpponents ?? [];
    return list.slice(-2);
  }

  /** Records a game as decided, so later courts in the same decision see it. */
  add(game: [Team, Team]) {
    this.added.push(game);
  }

  remove(game: [Team, Team]) {
    const index = this.added.lastIndexOf(game);
    if (index >= 0) this.added.splice(index, 1);
  }
}
