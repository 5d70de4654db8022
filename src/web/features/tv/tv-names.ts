// Names on the TV, read from across a gym. A name is shown whole wherever it fits; where it
// does not, it takes its short form, the same on a court card, in the line and in a call: the
// first name and as much of the surname as tells it from everyone else's ("Maria G.", "Maria
// Go."). A suffix is not a surname ("Christopher Montgomery III" is "Christopher M.", never
// "Christopher I."), and a name is never cut to "Maximiliana …".
import type { BoardView } from "../../../shared/contracts/board.js";

const words = (name: string) => name.trim().split(/\s+/).filter(Boolean);
const folded = (text: string) => text.toLocaleLowerCase("en");
/** A word as compared: lower case, without the dots and commas around it ("Jr.," is "jr"). */
const bare = (word: string) => folded(word).replace(/^[.,]+|[.,]+$/g, "");

/** Words after a surname that are not one: generational suffixes, degrees, honours. */
const SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv", "v", "vi", "2nd", "3rd", "4th", "phd", "md", "esq"]);
/** Words before a first name that are not one: "Guest Cy Barnes" is Cy's, "Dr Ann Lee" is Ann's. */
const PREFIXES = new Set(["guest", "dr", "mr", "mrs", "ms", "mx", "prof"]);

/**
 * A name's given part and its surname, for the short form: "Christopher Montgomery III" is
 * ["Christopher", "Montgomery"], "Guest Cy Barnes" ["Guest Cy", "Barnes"] (a title stays with the
 * first name it belongs to), "Mary Ann Lee" ["Mary", "Lee"]. Null for a one-word name.
 */
export function nameParts(name: string): { given: string; surname: string } | null {
  const all = words(name);
  let end = all.length;
  // Suffixes come off the end while a first name and a surname remain.
  while (end > 2 && SUFFIXES.has(bare(all[end - 1]!))) end--;
  let start = 0;
  while (start < end - 2 && PREFIXES.has(bare(all[start]!))) start++;
  if (end - start < 2) return null;
  return {
    given: all.slice(0, start + 1).join(" "),
    surname: all[end - 1]!.replace(/[.,]+$/, ""),
  };
}

/**
 * Each name's forms on the TV, longest first. This is the one place the TV shortens a name:
 * every line that shows one (a court card, the line, a call) shows the first of these that fits.
 * 1. The whole name.
 * 2. Its short form: the given name and the shortest start of the surname that no one else on
 *    the board with the same given name shares ("Maria Gu." beside "Maria Go.").
 * 3. Where even that is too long for the line (a twelve-letter given name), the given name
 *    alone, if no one else on the board has it.
 * The TV plans every line for about 8.5 name-sizes (tv-grid.ts), so a short form of up to 14
 * characters fits wherever the name is shown: "Christopher Montgomery III" reads "Christopher
 * M." on court and in line alike. A name with no shorter form that tells it apart (one word, or
 * "Fay Novak" beside "Fay Novakova") has only its whole form; two people with the same whole name
 * read the same in every form, as they do whole.
 */
export function tvNameForms(names: Iterable<string>): Map<string, string[]> {
  const everyone = [...new Set(names)];
  const parts = new Map(everyone.map((name) => [name, nameParts(name)]));
  const forms = new Map<string, string[]>();
  for (const name of everyone) {
    const mine = parts.get(name);
    const list = [name];
    if (mine) {
      const sameGiven = everyone
        .filter((other) => other !== name)
        .map((other) => parts.get(other) ?? { given: other.trim(), surname: "" })
        .filter((other) => folded(other.given) === folded(mine.given))
        .map((other) => folded(other.surname));
      for (let k = 1; k < mine.surname.length; k++) {
        const start = folded(mine.surname.slice(0, k));
        if (sameGiven.some((surname) => surname.startsWith(start))) continue;
        const short = `${mine.given} ${mine.surname.slice(0, k)}.`;
        if (short.length < name.length) list.push(short);
        break;
      }
      if (sameGiven.length === 0) list.push(mine.given);
    }
    forms.set(name, list);
  }
  return forms;
}

/** Everyone the TV may name: on court, called, and in line. */
export function boardNames(board: Pick<BoardView, "courts" | "queue">): string[] {
  return [
    ...board.courts.flatMap((c) => [...(c.game?.teamA ?? []), ...(c.game?.teamB ?? []), ...c.nextUp]),
    ...board.queue,
  ].map((p) => p.name);
}
