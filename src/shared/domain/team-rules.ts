import type { TeamRule } from "../rotation/types.js";

/**
 * Who may make a team, as the session form, the session's page, the board's settings, the
 * dashboard, the calendar and the weekly email name it: one wording wherever a player meets it.
 */
export const teamLabels: Record<TeamRule, string> = {
  open: "Anyone",
  mixed: "Mixed doubles",
  separate: "Women's and men's games",
};

export const teamRules = Object.keys(teamLabels) as TeamRule[];

/** What a session's listing says of its teams: nothing when anyone may play with anyone. */
export function teamsListed(teams: TeamRule): string | null {
  return teams === "open" ? null : teamLabels[teams];
}
