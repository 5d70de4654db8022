// How the TV lays out its courts: rows of cells that fill the whole court area, never an
// empty row or a hole. Each row shares the area's width among its courts, so a short row
// has wider cells (5 courts: 3 above, 2 wider ones below). courtRows arranges tiles sized by
// their cell (a call's, an event's game); boardPlan below plans the board's court cards and
// the line beside them, names and all.

/**
 * A tile's text, in units of the player-name size: about 9 name-sizes across (a 12-character
 * name in bold) and 7 down (court and time, four names, "vs", padding). Mirrors the sizes of a
 * call (tv-court.tsx) and of an event's game (tv-event.tsx).
 */
const NAME_WIDTHS_ACROSS = 9;
const NAME_LINES_DOWN = 7;

/** The court area beside the queue on a 16:9 screen, width over height. */
export const TV_COURT_AREA_ASPECT = 1.5;

/** `count` items in `rows` rows as evenly as they go, the longer rows first: 5 in 2 -> [3, 2]. */
export function spread(count: number, rows: number): number[] {
  const base = Math.floor(count / rows);
  const longer = count % rows;
  return Array.from({ length: rows }, (_, row) => base + (row < longer ? 1 : 0));
}

/** The name size a layout allows, in units of the area's height: limited by the smallest cell. */
function nameSizeFor(rowCounts: number[], aspect: number): number {
  const rowHeight = 1 / rowCounts.length;
  return Math.min(
    ...rowCounts.map((inRow) => Math.min(aspect / inRow / NAME_WIDTHS_ACROSS, rowHeight / NAME_LINES_DOWN)),
  );
}

/**
 * How many courts sit in each row, top to bottom: the arrangement whose smallest cell
 * allows the largest names (the fewer rows on a tie). Every row holds at least one court
 * and the counts add up to `count`.
 */
export function courtRows(count: number, aspect = TV_COURT_AREA_ASPECT): number[] {
  if (count <= 0) return [];
  let best = [count];
  let bestSize = nameSizeFor(best, aspect);
  for (let rows = 2; rows <= count; rows++) {
    const candidate = spread(count, rows);
    const size = nameSizeFor(candidate, aspect);
    // A hair's difference is no reason for another row of smaller cells.
    if (size > bestSize * 1.001) {
      best = candidate;
      bestSize = size;
    }
  }
  return best;
}

/**
 * The board's court card (tv-court.tsx draws it with these), in units of its name size S and
 * the TV's unit u: names bold, each 1.15 S tall; the court's name 0.8 S (1.15 of that tall, on
 * one line with the time, and 0.1 S below it); a rule between the teams 0.4 S tall; padding 0.45
 * u above and below, 0.6 u at the sides. About 8.5 S across for a name: "Christopher M." in a
 * wide bold face (DejaVu Sans) is 8.4 S, so most names' short form fits on every court.
 */
export const CARD = {
  nameLine: 1.15,
  title: 0.8,
  titleGap: 0.1,
  rule: 0.4,
  padYU: 0.45,
  padXU: 0.6,
  namesAcross: 8.5,
} as const;
/** A doubles card's height over its name size: the court's name, four names and the rule. */
export const CARD_LINES = CARD.title * CARD.nameLine + CARD.titleGap + 4 * CARD.nameLine + CARD.rule;

/** The line beside the courts (tv-board.tsx): its width and its names' largest size, in u. */
export const ASIDE = { minU: 16, maxU: 24, padXU: 0.8, nameU: 2.6 } as const;

/**
 * Sizes of the names on court that come before the line's, in u: 48 px on a 1920x1080 screen
 * (30 mm on a 55-inch one, read across a gym) where the courts can have it, as up to 9 courts
 * can; else 40 px, as 10 to 12 courts can. Past that size the line's names grow first.
 */
export const ENOUGH_U = [2.5, 2.1] as const;

/** The room the courts and the line beside them share, in CSS pixels, and the TV's unit in px. */
export type TvArea = { width: number; height: number; unit: number };

export type BoardPlan = {
  /** Courts in each row, top to bottom. */
  rows: number[];
  /** The names on court, in px: the same on every court. */
  name: number;
  /** The courts' own names, in px: CARD.title of the names', more (up to theirs) in a taller card. */
  title: number;
  /** The width of the line beside the courts, in px. */
  aside: number;
  /** The names in line, in px: never larger than those on court. */
  queueName: number;
};

/** Rounded down to a tenth of a pixel: a size a hair too large would push the last name out. */
const floor = (px: number) => Math.floor(px * 10) / 10;

/**
 * How the TV shows `count` courts and the line in `area`: the rows of courts (every row full,
 * as courtRows), the names' size (the same on every court) and the width of the line beside
 * them (16 to 24 u). The courts come first until their names are ENOUGH_U; then the line, whose
 * names grow to the size of those on court (2.6 u at most); then the courts again. The numbers
 * for a 1920x1080 screen are in tv-grid.test.ts.
 */
export function boardPlan(count: number, area: TvArea): BoardPlan {
  const u = area.unit;
  const gap = u;
  const [minAside, maxAside] = [ASIDE.minU * u, ASIDE.maxU * u];
  const lineCap = ASIDE.nameU * u;
  /** The size the courts' names have first: the largest of ENOUGH_U they can reach, else all they can. */
  const enoughFor = (most: number) => ENOUGH_U.map((e) => e * u).find((e) => most >= e) ?? most;
  /** The names' size a line of this width allows. */
  const inLine = (aside: number) => (aside - 2 * ASIDE.padXU * u) / CARD.namesAcross;
  if (count <= 0)
    return { rows: [], name: lineCap, title: lineCap, aside: maxAside, queueName: floor(lineCap) };

  const planned = (rows: number[]) => {
    const widest = Math.max(...rows);
    const cellHeight = (area.height - (rows.length - 1) * gap) / rows.length;
    const byHeight = (cellHeight - 2 * CARD.padYU * u) / CARD_LINES;
    const onCourt = (aside: number) => {
      const cellWidth = (area.width - gap - aside - (widest - 1) * gap) / widest;
      return Math.max(0, Math.min(byHeight, (cellWidth - 2 * CARD.padXU * u) / CARD.namesAcross));
    };
    const target = enoughFor(onCourt(minAside));
    // The widest line that leaves the courts their target and whose names are not yet as large
    // as they may be: wider costs the courts and gives the line nothing.
    const fits = (aside: number) =>
      onCourt(aside) >= target * 0.9999 && inLine(aside) <= Math.min(lineCap, onCourt(aside));
    let [narrow, wide] = [minAside, maxAside];
    if (fits(wide)) narrow = wide;
    else
      for (let i = 0; i < 40; i++) {
        const middle = (narrow + wide) / 2;
        if (fits(middle)) narrow = middle;
        else wide = middle;
      }
    const aside = narrow;
    const name = onCourt(aside);
    // A card taller than its names need gives the room to the court's name.
    const spare = cellHeight - 2 * CARD.padYU * u - CARD_LINES * name;
    const title = Math.min(name, CARD.title * name + spare / CARD.nameLine);
    return { rows, aside, name, title, target, queueName: Math.min(lineCap, name, inLine(aside)) };
  };
  // The courts' names up to ENOUGH_U, then the line's, then the courts' beyond.
  const score = (plan: ReturnType<typeof planned>) => [plan.target, plan.queueName, plan.name];
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) {
      // A hair's difference is no reason for another row of smaller cells.
      if (a[i]! > b[i]! * 1.001) return true;
      if (a[i]! < b[i]! * 0.999) return false;
    }
    return false;
  };
  let best = planned([count]);
  for (let rows = 2; rows <= count; rows++) {
    const candidate = planned(spread(count, rows));
    if (better(score(candidate), score(best))) best = candidate;
  }
  return {
    rows: best.rows,
    name: floor(best.name),
    title: floor(best.title),
    aside: floor(best.aside),
    queueName: floor(best.queueName),
  };
}
