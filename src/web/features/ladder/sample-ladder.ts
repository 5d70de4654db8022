import type { LadderRow } from "../../../shared/contracts/ladder.js";

// Sample rankings while examples show and the club has no matches yet.
export const sampleLadder: LadderRow[] = [
  ["Maya Chen", 1684, 24, 5, 42],
  ["Jordan Price", 1651, 12, 3, 38],
  ["Sam Rivera", 1622, -8, -1, 51],
  ["Priya Shah", 1598, 16, 2, 29],
  ["Alex Kim", 1574, -14, -2, 33],
  ["Tom Walsh", 1552, 6, 1, 47],
  ["Lena Moretti", 1533, -19, -3, 26],
  ["Chris Duval", 1510, 9, 4, 35],
].map(([name, rating, change, streak, games], index) => ({
  rank: index + 1,
  userId: `sample-${index}`,
  name: name as string,
  rating: rating as number,
  change: change as number,
  streak: streak as number,
  games: games as number,
  wins: Math.round((games as number) / 2),
  provisional: false,
}));
