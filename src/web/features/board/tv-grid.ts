// How the TV lays out its courts: rows of cells that fill the whole court area, never an
// empty row or a hole. Each row shares the area's width among its courts, so a short row
// has wider cells (5 courts: 3 above, 2 wider ones below).

/**
 * A court card's text, in units of the player-name size: about 9 name-sizes across (a
 * 12-character name in bold) and 7 down (court and time, four names, "vs", padding).
 * Mirrors the sizes in tv-court.tsx.
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
