// How an event's facts read, the same on the phone, the TV and paper.
import type { EventGame, EventView } from "../../../shared/contracts/events.js";

export const formatName = {
  americano: "Americano",
  mexicano: "Mexicano",
  boxes: "Box ladder",
  teams: "Pool play",
} as const;

/** "Ana Alvarez & Ben Brooks". */
export const teamName = (team: EventGame["teamA"]) => team.map((p) => p.name).join(" & ");

/** "Round 2 of 5", "Semi-finals", "Final and bronze match", "Finished". */
export function stageTitle(view: EventView): string {
  const { event, games } = view;
  if (event.phase === "finished") return "Finished";
  if (event.phase === "rounds") return `Round ${event.round} of ${event.rounds}`;
  const playing = games.filter((g) => g.stage === "playoff" && g.round === event.round).length;
  const bronze = games.some((g) => g.stage === "bronze" && g.round === event.round);
  if (playing === 1) return bronze ? "Final and bronze match" : "Final";
  if (playing === 2) return "Semi-finals";
  if (playing === 4) return "Quarter-finals";
  return `Playoff round ${event.round}`;
}

/** "First to 11" or "12-minute rounds". */
export function endingName(event: EventView["event"]): string {
  return event.playTo !== null ? `First to ${event.playTo}` : `${event.roundMinutes}-minute rounds`;
}

/** The games of the round on now (the bracket's, with its bronze match, in the playoff). */
export function gamesNow(view: EventView): EventGame[] {
  const { event, games } = view;
  if (event.phase === "rounds") return games.filter((g) => g.stage === "round" && g.round === event.round);
  if (event.phase === "playoff")
    return games.filter((g) => g.stage !== "round" && g.round === event.round && g.teamB.length > 0);
  return [];
}

/** "8:05 left", or "Time is up" once the round's time has passed. */
export function timeLeft(endsAt: string, now: number): string {
  const seconds = Math.ceil((Date.parse(endsAt) - now) / 1000);
  if (seconds <= 0) return "Time is up";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} left`;
}

/** "Court 2"; on a box ladder's night "Box 2 · Court 2" (a box a court); "Bronze match · Court 2". */
export function gameLabel(game: EventGame, format?: EventView["event"]["format"]): string {
  if (game.stage === "bronze") return `Bronze match · ${game.courtName}`;
  if (format === "boxes" && game.stage === "round") return `Box ${game.court} · ${game.courtName}`;
  return game.courtName;
}

/** The playoff's winners, once the final counts: "Gus Grant & Cal Chen". */
export function champions(view: EventView): string | null {
  const playoff = view.games.filter((g) => g.stage === "playoff");
  const lastRound = Math.max(0, ...playoff.map((g) => g.round));
  const final = playoff.filter((g) => g.round === lastRound);
  if (final.length !== 1 || final[0]!.status !== "confirmed" || final[0]!.teamB.length === 0) return null;
  const game = final[0]!;
  return teamName((game.scoreA ?? 0) > (game.scoreB ?? 0) ? game.teamA : game.teamB);
}
