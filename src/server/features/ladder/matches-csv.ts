// The ladder's confirmed matches of one format as CSV, oldest first: who played, the score,
// and for each player the rating change with why it moved (their side's expected chance, and
// the change's parts), so a club can check or keep its ratings outside Courtside.
import { and, asc, eq } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import { toCsv } from "../../../shared/domain/csv.js";
import { explainChange } from "../../../shared/rating/explain.js";
import { formatGames } from "../../../shared/rating/scores.js";
import type { Db } from "../../db/database.js";
import { matches, ratingHistory } from "../../db/schema/ladder.js";
import { changeColumns } from "./matches-view.js";
import { memberNames, nameIn } from "./member-names.js";
import { inReplayOrder } from "./replay-rows.js";

const header = [
  "played_on",
  "format",
  "side_a",
  "side_b",
  "score",
  "winner",
  "player",
  "side",
  "expected_percent",
  "change",
  "surprise",
  "margin",
  "certainty",
];

/** One line per player of each confirmed match (two or four a match). */
export async function ladderMatchesCsv(db: Db, organizationId: string, format: MatchFormat): Promise<string> {
  const [rows, names] = await Promise.all([
    db
      .select({
        id: matches.id,
        playedAt: matches.playedAt,
        teamA: matches.teamA,
        teamB: matches.teamB,
        games: matches.games,
        winner: matches.winner,
        userId: ratingHistory.userId,
        ...changeColumns,
      })
      .from(matches)
      .innerJoin(
        ratingHistory,
        and(eq(ratingHistory.organizationId, matches.organizationId), eq(ratingHistory.matchId, matches.id)),
      )
      .where(
        and(
          eq(matches.organizationId, organizationId),
          eq(matches.format, format),
          eq(matches.status, "confirmed"),
        ),
      )
      .orderBy(...inReplayOrder, asc(ratingHistory.userId)),
    memberNames(db, organizationId),
  ]);
  const side = (ids: string[]) => ids.map((id) => nameIn(names, id)).join(" & ");
  return toCsv(
    header,
    rows.map((row) => {
      const why = explainChange(row);
      return [
        row.playedAt.toISOString().slice(0, 10),
        format,
        side(row.teamA),
        side(row.teamB),
        row.games.length > 0 ? formatGames(row.games) : null,
        row.winner,
        nameIn(names, row.userId),
        row.teamA.includes(row.userId) ? "A" : "B",
        why.expectedPercent,
        Math.round(row.delta),
        why.surprise,
        why.margin,
        why.certainty,
      ];
    }),
  );
}
