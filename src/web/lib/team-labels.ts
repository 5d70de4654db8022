import type { TeamRule } from "../../shared/rotation/types.js";

/** Who may make a team, as the session form, the session's page and the board's settings name it. */
export const teamLabels: Record<TeamRule, string> = {
  open: "Anyone",
  mixed: "Mixed doubles",
  separate: "Women's and men's games",
};

export const teamRules = Object.keys(teamLabels) as TeamRule[];
