// What the session's team rule does with tonight's numbers, said to the organizer when the
// players present do not allow every team or game to follow it (null when they do).
import type { TeamRule } from "./types.js";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function teamsNote(rule: TeamRule, women: number, men: number, undeclared: number): string | null {
  const counts = `${plural(women, "woman", "women")} and ${plural(men, "man", "men")}`;
  const unsaid =
    undeclared > 0
      ? ` ${plural(undeclared, "player has", "players have")} not said a gender and ${undeclared === 1 ? "fits" : "fit"} any team.`
      : "";
  if (rule === "mixed") {
    if (women === 0 || men === 0)
      return `Mixed doubles needs women and men: with ${counts} checked in, teams are made as in open play.${unsaid}`;
    if (women === men) return unsaid ? unsaid.trim() : null;
    const more = women > men ? "women" : "men";
    return `Mixed doubles with ${counts}: teams are a woman and a man wherever they can be; the rest are two ${more}. Games stay level.${unsaid}`;
  }
  if (rule === "separate") {
    const short = [...(women > 0 && women < 4 ? ["women"] : []), ...(men > 0 && men < 4 ? ["men"] : [])];
    if (short.length === 0) return unsaid ? unsaid.trim() : null;
    return `Separate games with ${counts}: too few ${short.join(" and ")} for a game of their own, so they play in mixed games until a fourth is here.${unsaid}`;
  }
  return null;
}
