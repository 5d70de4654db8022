import { winnerOf } from "../../../shared/contracts/board.js";
import type { MyNight } from "../../../shared/contracts/session-record.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../platform/errors/app-error.js";
import { listCourts } from "../clubs/service.js";
import { getSession } from "../sessions/service.js";
import { toMinutes } from "./measured-waits.js";
import { fairnessOf, nightRows, nightWaits } from "./report.js";

/** Names with how often, most often first. */
function tally(names: string[]) {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts.entries()]
    .map(([name, count]) => ({ name, games: count }))
    .sort((a, b) => b.games - a.games || a.name.localeCompare(b.name));
}

export async function myNight(
  db: Db,
  organizationId: string,
  sessionId: string,
  userId: string,
): Promise<MyNight> {
  await getSession(db, organizationId, sessionId);
  const [rows, courts] = await Promise.all([
    nightRows(db, organizationId, sessionId),
    listCourts(db, organizationId),
  ]);
  const { players, finished } = rows;
  const me = players.find((p) => p.userId === userId);
  if (!me) throw notFound("You did not play in this session");
  const report = fairnessOf(rows);
  const name = new Map(players.map((p) => [p.registrationId, p.name]));
  const names = (ids: string[]) => ids.map((id) => name.get(id) ?? "Player");
  const courtName = new Map(courts.map((c) => [c.id, c.name]));
  const mine = finished.flatMap((game) => {
    const side = game.teamA.includes(me.registrationId)
      ? "A"
      : game.teamB.includes(me.registrationId)
        ? "B"
        : null;
    if (!side) return [];
    const [ours, theirs] = side === "A" ? [game.teamA, game.teamB] : [game.teamB, game.teamA];
    const [ourPoints, theirPoints] = side === "A" ? [game.scoreA, game.scoreB] : [game.scoreB, game.scoreA];
    return [
      {
        courtName: courtName.get(game.courtId) ?? "Court",
        startedAt: game.startedAt.toISOString(),
        partners: names(ours.filter((id) => id !== me.registrationId)),
        opponents: names(theirs),
        won: winnerOf(game) === side,
        score: ourPoints !== null && theirPoints !== null ? `${ourPoints}-${theirPoints}` : null,
      },
    ];
  });
  const waits = nightWaits(rows).get(me.registrationId) ?? [];
  return {
    name: me.name,
    gamesPlayed: mine.length,
    wins: mine.filter((g) => g.won).length,
    totalWaitMinutes: toMinutes(waits.reduce((a, b) => a + b, 0)),
    longestWaitMinutes: toMinutes(Math.max(0, ...waits)),
    partners: tally(mine.flatMap((g) => g.partners)),
    opponents: tally(mine.flatMap((g) => g.opponents)),
    games: mine,
    session: {
      players: players.length,
      gamesFinished: report.gamesFinished,
      gamesPlayedSpread: report.gamesPlayedSpread,
      averageWaitMinutes: report.averageWaitMinutes,
    },
  };
}
