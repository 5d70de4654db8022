// Games on the board with a walk-in in them never reach the ladder (a guest has no rating to
// move), so the night's results would lose them. They are read here for "Latest results",
// each player under the name the organizer typed or their own.
import { sql } from "drizzle-orm";
import { winnerOf } from "../../../shared/contracts/board.js";
import type { Db } from "../../db/database.js";

export type BoardResult = {
  id: string;
  playedAt: string;
  winners: string[];
  losers: string[];
  score: string;
};

type Row = {
  id: string;
  ended_at: Date | string;
  winner: "A" | "B" | null;
  score_a: number | null;
  score_b: number | null;
  team_a: string[];
  team_b: string[];
};

// The names of one side, in the side's order.
const namesOf = (team: "team_a" | "team_b") =>
  sql.raw(`array(
  select coalesce(r.guest_name, p.full_name, 'Player')
  from unnest(g.${team}) with ordinality as t(registration_id, n)
  join session_registrations r on r.id::text = t.registration_id
  left join profiles p on p.id = r.user_id
  order by t.n)`);

/** The club's latest finished board games that had a walk-in on court, newest first. */
export async function latestGuestGames(
  db: Db,
  organizationId: string,
  limit: number,
): Promise<BoardResult[]> {
  const { rows } = await db.execute<Row>(sql`
    select g.id, g.ended_at, g.winner, g.score_a, g.score_b,
           ${namesOf("team_a")} as team_a, ${namesOf("team_b")} as team_b
    from games g
    where g.organization_id = ${organizationId} and g.status = 'finished' and g.ended_at is not null
      and exists (
        select 1 from session_registrations r
        where r.id::text = any(g.team_a || g.team_b) and r.user_id is null)
    order by g.ended_at desc
    limit ${limit}`);
  return rows.map((row) => {
    const winner = winnerOf({ winner: row.winner, scoreA: row.score_a, scoreB: row.score_b }) ?? "A";
    const [won, lost] = winner === "A" ? [row.team_a, row.team_b] : [row.team_b, row.team_a];
    const points =
      row.score_a !== null && row.score_b !== null
        ? winner === "A"
          ? `${row.score_a}-${row.score_b}`
          : `${row.score_b}-${row.score_a}`
        : "";
    return {
      id: row.id,
      playedAt: new Date(row.ended_at).toISOString(),
      winners: won,
      losers: lost,
      score: points,
    };
  });
}
