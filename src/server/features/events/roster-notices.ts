// The emails a change to someone's place on a league's roster sends them: put on it by an
// organizer, their team accepted by their partner, or asked to be a partner. Apart from the
// sign-ups (roster.ts), which only say whom to tell.
import type { UseCaseDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { emailEffect } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { getOrganization } from "../clubs/service.js";
import type { LeagueRow } from "./leagues.js";

/**
 * Tells a person of a change to their place on the roster that someone else made: an organizer
 * put them on it, or their partner accepted their team.
 */
export async function rosterNotice(
  tx: Tx,
  deps: UseCaseDeps,
  notice: {
    league: LeagueRow;
    sessionId: string;
    to: { id: string; name: string; email: string };
    by: string;
    what: string;
    accepted?: boolean;
  },
) {
  const { league, sessionId, to, by, what, accepted } = notice;
  const club = await getOrganization(tx, league.organizationId);
  const subject = accepted
    ? `${by} accepted: you play ${league.name} together`
    : `${by} put you on ${league.name}`;
  const line = accepted
    ? `${by} accepted your team for ${league.name} at ${club.name}: you're on the season ${what}. Register for each week you can come.`
    : `${by} put you on the roster of ${league.name} at ${club.name} ${what}. Register for each week you can come; if that's not right, leave the league from its page.`;
  return emailEffect(
    actionEmail(
      to.email,
      subject,
      accepted ? "Your team is in" : "You're on the roster",
      [`Hi ${to.name},`, line],
      { label: "See the league", url: `${deps.config.appUrl}/sessions/${sessionId}/league` },
      { club },
    ),
  );
}

/** Asks a partner: who asks, the team, and where to answer. */
export async function partnerNotice(
  tx: Tx,
  deps: UseCaseDeps,
  notice: {
    league: LeagueRow;
    sessionId: string;
    team: string;
    by: string;
    partner: { id: string; name: string; email: string };
  },
) {
  const { league, sessionId, team, by, partner } = notice;
  const club = await getOrganization(tx, league.organizationId);
  return emailEffect(
    actionEmail(
      partner.email,
      `${by} asks you to play ${league.name} together`,
      "Will you be partners?",
      [
        `Hi ${partner.name},`,
        `${by} wants to play ${league.name} at ${club.name} with you, as ${team}. The team is on the season once you accept.`,
        "Accept or decline on the league's page.",
      ],
      { label: "Answer on the League Page", url: `${deps.config.appUrl}/sessions/${sessionId}/league` },
      { club },
    ),
  );
}
