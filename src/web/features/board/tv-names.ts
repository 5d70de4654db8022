// Names on the TV, read from across a gym at a size that fits about twelve bold characters on
// a court card: a long name cut to "Maximiliana …" leaves its owner guessing. A name that does
// not fit whole takes a shorter form that still tells the people on the board apart.
import type { BoardView } from "../../../shared/contracts/board.js";

const words = (name: string) => name.trim().split(/\s+/).filter(Boolean);
const folded = (text: string) => text.toLocaleLowerCase("en");

/**
 * Each name's forms on the TV, longest first: the whole name; the first name and as much of the
 * last as tells it from everyone else's ("Maria G.", "Maria Go."); the first name alone where
 * nobody else on the board has it. A shorter form is offered only where no other name on the
 * board could read the same. (Two people with the same whole name read the same in every form,
 * as they do whole.)
 */
export function tvNameForms(names: Iterable<string>): Map<string, string[]> {
  const everyone = [...new Set(names)];
  const forms = new Map<string, string[]>();
  for (const name of everyone) {
    const mine = words(name);
    const others = everyone.filter((other) => other !== name).map(words);
    const list = [name];
    if (mine.length >= 2) {
      const first = mine[0]!;
      const last = mine[mine.length - 1]!;
      const sameFirst = others.filter((o) => folded(o[0] ?? "") === folded(first));
      // The shortest start of the last name nobody with the same first name shares.
      for (let k = 1; k < last.length; k++) {
        const start = folded(last.slice(0, k));
        const clash = sameFirst.some((o) => o.length >= 2 && folded(o[o.length - 1]!).startsWith(start));
        if (!clash) {
          list.push(`${first} ${last.slice(0, k)}.`);
          break;
        }
      }
      if (sameFirst.length === 0) list.push(first);
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
