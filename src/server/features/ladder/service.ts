// The ladder feature's surface for other features: they reach it only through this file
// (scripts/check-boundaries.mjs).

export {
  applyBoardResult,
  applyBoardResultIn,
  applyBoardResultsSoon,
  type BoardResult,
  boardResultJob,
} from "./board-results.js";
export {
  matchFromBoardGame,
  matchFromEventGame,
  withdrawBoardGameMatch,
  withdrawEventGameMatch,
} from "./game-matches.js";
export { logMatch } from "./matches.js";
export { listMatches } from "./matches-view.js";
export { currentRatings, currentSkills } from "./ratings.js";
export { recomputeLadder } from "./replay-store.js";
export { settleResultsQuietly } from "./result-emails.js";
export { ladderMovers } from "./standings-view.js";
export { type WeekOfPlay, weekOfPlay } from "./week-of-play.js";
