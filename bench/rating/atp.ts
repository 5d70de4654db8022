// ATP doubles 2000-2020 (Jeff Sackmann's tennis_atp, CC BY-NC-SA): real results to judge the
// ratings on. The licence forbids shipping the data, so it is read at run time, never
// committed: from ATP_DOUBLES_DIR, or else from a local git mirror of the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { MatchInput } from "../../src/shared/rating/index.js";
import { seededRandom } from "../../src/shared/rotation/prng.js";

const MIRROR = "/work/.mirror/JeffSackmann+tennis_atp/repo";
const YEARS = Array.from({ length: 21 }, (_, i) => 2000 + i);

function readYear(year: number): string | undefined {
  const file = `atp_matches_doubles_${year}.csv`;
  const dir = process.env.ATP_DOUBLES_DIR;
  if (dir) {
    const full = path.join(dir, file);
    return existsSync(full) ? readFileSync(full, "utf8") : undefined;
  }
  if (!existsSync(MIRROR)) return undefined;
  try {
    return execFileSync("git", ["-C", MIRROR, "show", `HEAD:${file}`], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return undefined;
  }
}

/**
 * Games won by each side from a score like "7-6(5) 3-6 [10-8]"; a match tie-break counts as
 * one game to its winner (as the sets table records it), written "[10-8]" or "(10-8)". Undefined for walkovers,
 * retirements, defaults and anything else that is not a finished match.
 */
export function parseScore(score: string): { winner: number; loser: number } | undefined {
  const sets = score.trim().split(/\s+/);
  if (sets.length < 2) return undefined;
  let winner = 0;
  let loser = 0;
  let setsWon = 0;
  let setsLost = 0;
  for (const set of sets) {
    const m = /^[[(]?(\d+)-(\d+)(?:\(\d+\))?[\])]?$/.exec(set);
    if (!m) return undefined;
    const w = Number(m[1]);
    const l = Number(m[2]);
    if (w === l) return undefined;
    const tieBreak = /^[[(]/.test(set) || w >= 10 || l >= 10;
    winner += tieBreak ? (w > l ? 1 : 0) : w;
    loser += tieBreak ? (l > w ? 1 : 0) : l;
    if (w > l) setsWon++;
    else setsLost++;
  }
  // A finished match: the winner took more sets (a retirement can leave it otherwise).
  return setsWon > setsLost ? { winner, loser } : undefined;
}

// A small CSV reader: the files quote nothing but names, which never hold commas here;
// handle quotes anyway so that one odd line does not shift the columns.
function splitLine(line: string): string[] {
  if (!line.includes('"')) return line.split(",");
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === "," && !quoted) {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out;
}

/** The usable matches in time order, or undefined (with the reason) when no data is there. */
export function loadAtpDoubles(seed = 2024): { matches: MatchInput[] } | { missing: string } {
  const rows: { date: string; num: number; match: MatchInput }[] = [];
  const next = seededRandom(seed);
  let found = 0;
  for (const year of YEARS) {
    const text = readYear(year);
    if (text === undefined) continue;
    found++;
    const [header, ...lines] = text.split(/\r?\n/);
    const columns = splitLine(header!);
    const at = (name: string) => columns.indexOf(name);
    const [date, num, w1, w2, l1, l2, score] = [
      "tourney_date",
      "match_num",
      "winner1_id",
      "winner2_id",
      "loser1_id",
      "loser2_id",
      "score",
    ].map(at);
    for (const line of lines) {
      if (!line) continue;
      const f = splitLine(line);
      const games = parseScore(f[score!] ?? "");
      const ids = [f[w1!], f[w2!], f[l1!], f[l2!]];
      if (!games || ids.some((id) => !id) || new Set(ids).size < 4) continue;
      const winners = [ids[0]!, ids[1]!];
      const losers = [ids[2]!, ids[3]!];
      // Which side is A is a coin toss, so that "A wins" is not a constant to learn.
      const winnerIsA = next() < 0.5;
      const d = f[date!]!;
      rows.push({
        date: d,
        num: Number(f[num!]),
        match: {
          id: `${d}-${f[num!]}-${rows.length}`,
          teamA: winnerIsA ? winners : losers,
          teamB: winnerIsA ? losers : winners,
          winner: winnerIsA ? "A" : "B",
          scoreA: winnerIsA ? games.winner : games.loser,
          scoreB: winnerIsA ? games.loser : games.winner,
          playedAt: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T00:00:00Z`,
        },
      });
    }
  }
  if (found === 0)
    return { missing: "no ATP doubles files (set ATP_DOUBLES_DIR or add the tennis_atp mirror)" };
  // Stable sort: matches of one tournament keep their file order after date and number.
  rows.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.num - y.num));
  return { matches: rows.map((r) => r.match) };
}
