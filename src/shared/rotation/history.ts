// Who has partnered and faced whom, counted once so scoring a candidate is cheap.
import type { PlayerState, Team } from "./types.js";

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export class History {
  private readonly partners = new Map<string, number>();
  private readonly opponents = new Map<string, number>();

  constructor(players: PlayerState[]) {
    for (const p of players) {
      // Each pair is listed by both players; count it from the smaller id's side only.
      for (const q of p.recentPartners) if (p.id < q) this.bump(this.partners, key(p.id, q));
      for (const q of p.recentOpponents) if (p.id < q) this.bump(this.opponents, key(p.id, q));
    }
  }

  private bump(map: Map<string, number>, k: string, by = 1) {
    map.set(k, (map.get(k) ?? 0) + by);
  }

  partnered(a: string, b: string): number {
    return this.partners.get(key(a, b)) ?? 0;
  }

  faced(a: string, b: string): number {
    return this.opponents.get(key(a, b)) ?? 0;
  }

  /** Records a game as decided, so later courts in the same decision see it. */
  add([t1, t2]: [Team, Team]) {
    this.bump(this.partners, key(t1[0], t1[1]));
    this.bump(this.partners, key(t2[0], t2[1]));
    for (const a of t1) for (const b of t2) this.bump(this.opponents, key(a, b));
  }

  remove([t1, t2]: [Team, Team]) {
    this.bump(this.partners, key(t1[0], t1[1]), -1);
    this.bump(this.partners, key(t2[0], t2[1]), -1);
    for (const a of t1) for (const b of t2) this.bump(this.opponents, key(a, b), -1);
  }
}
