// Box ladders: players in boxes of 4 to 6 by rating (or last period's order), a round robin in
// each box per period, then the top of each box moves up a box and the bottom moves down, as
// many as the organizer sets. The top box has nobody to move up to and the bottom box nobody
// to move down to.

export const BOX_MIN = 4;
export const BOX_MAX = 6;

/**
 * `ranked` (best first) cut into the fewest boxes of at most `size` players, as even as can be
 * (sizes differ by at most one, larger boxes first). Fewer than BOX_MIN players make no ladder.
 */
export function intoBoxes(ranked: readonly string[], size = 5): string[][] {
  const per = Math.min(BOX_MAX, Math.max(BOX_MIN, size));
  if (ranked.length < BOX_MIN) return [];
  let count = Math.ceil(ranked.length / per);
  // Even boxes may not fall under the least a box needs: then fewer, fuller boxes.
  while (count > 1 && Math.floor(ranked.length / count) < BOX_MIN) count -= 1;
  const boxes: string[][] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const take = Math.floor(ranked.length / count) + (i < ranked.length % count ? 1 : 0);
    boxes.push(ranked.slice(at, at + take));
    at += take;
  }
  return boxes;
}

/**
 * The next period's boxes from this period's finishing order in each box (best first): the top
 * `moves` of each box but the first go up one box and the bottom `moves` of each box but the last
 * go down one, so every box keeps its size. No more than half the smallest box moves each way,
 * so nobody both rises and falls. Risers join the bottom of the box above, fallers the top of
 * the box below, in their finishing order.
 */
export function moveBoxes(finished: readonly (readonly string[])[], moves: number): string[][] {
  const smallest = Math.min(...finished.map((box) => box.length));
  const k = Math.max(0, Math.min(moves, Math.floor(smallest / 2)));
  return finished.map((box, b) => {
    const above = finished[b - 1];
    const below = finished[b + 1];
    const stays = box.slice(above ? k : 0, below ? box.length - k : box.length);
    const fallingIn = above ? above.slice(above.length - k) : [];
    const risingIn = below ? below.slice(0, k) : [];
    return [...fallingIn, ...stays, ...risingIn];
  });
}

/**
 * This week's boxes from last week's finishing order in each box (people as stable keys): the
 * moves applied, those absent this week left out, newcomers (in `present`'s order, best first)
 * at the bottom, and the whole order cut again into even boxes, so a missing player never
 * leaves a box short.
 */
export function nextBoxes(
  lastFinished: readonly (readonly string[])[],
  moves: number,
  present: readonly string[],
  size: number,
): string[][] {
  const here = new Set(present);
  const moved = lastFinished.length > 0 ? moveBoxes(lastFinished, moves).flat() : [];
  const kept = moved.filter((id) => here.has(id));
  const known = new Set(kept);
  return intoBoxes([...kept, ...present.filter((id) => !known.has(id))], size);
}
