// A league's week short of players: who of the roster is in for it, how many places the
// substitutes are needed for, and asking them to play. Apart from the sign-ups (roster.ts):
// it reads the roster and the week's registrations, and changes neither.
import type { LeagueView } from "../../../shared/contracts/events.js";
import { shortTime } from "../../../shared/domain/session-time.js";
import type { UseCaseDeps } from "../../app-deps.js";
import type { Queryable } from "../../db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { emailEffect, withEffects } from "../../platform/jobs/outbox.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import type { ClubAccess } from "../members/service.js";
import {
  claimNotification,
  pushEffects,
  reachableByPush,
  unsubscribeFor,
  wantEmail,
} from "../notifications/service.js";
import { signUpsOf } from "../sessions/service.js";
import type { LeagueRow } from "./leagues.js";
import { lockedLeagueOfSession, type Roster, rosterOf } from "./roster.js";

/**
 * Who of the roster is in for a week (a place, a place waiting for payment, or an entry in a
 * lottery not drawn yet), and how many places the substitutes are needed for.
 */
export async function weekNeeds(
  db: Queryable,
  league: LeagueRow,
  roster: Roster,
  week: { id: string; startsAt: Date },
  signUps?: Awaited<ReturnType<typeof signUpsOf>>,
): Promise<NonNullable<LeagueView["nextWeek"]>> {
  const registered = (signUps ?? (await signUpsOf(db, week.id))).filter(
    // Holds a place (the SQL rule's answer), or is in a draw not made yet.
    (r) => r.holdsPlace || r.status === "entered",
  );
  const isIn = new Set(registered.flatMap((r) => (r.userId ? [r.userId] : [])));
  const players = roster.entries.filter((e) => e.role === "player");
  const onRoster = new Set(players.map((p) => p.userId));
  const out = players.filter((p) => !isIn.has(p.userId));
  // Substitutes, walk-ins who registered, guests: anyone in that week who is not a player.
  const others = registered.filter((r) => !r.userId || !onRoster.has(r.userId));
  const short =
    league.format === "teams"
      ? roster.teams.filter((team) => team.players.filter((p) => isIn.has(p.userId)).length === 1).length
      : out.length;
  return {
    sessionId: week.id,
    startsAt: week.startsAt.toISOString(),
    playersIn: players.length - out.length,
    playersOut: out.map((p) => p.name),
    substitutesIn: others.map((r) => r.name),
    substitutesNeeded: Math.max(0, short - others.length),
  };
}

/**
 * Asks the substitutes not yet in for a week to play it: a push and an email each, once a week
 * a person however often an organizer asks. Answers how many were told now.
 */
export async function askSubstitutes(
  deps: UseCaseDeps,
  access: ClubAccess,
  sessionId: string,
): Promise<number> {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const { session, league } = await lockedLeagueOfSession(tx, access.organizationId, sessionId);
    if (session.status === "completed" || session.status === "cancelled" || session.endsAt < deps.now())
      throw new AppError(
        "SESSION_CLOSED",
        "This week is over: ask the substitutes for a week still to play.",
      );
    const roster = await rosterOf(tx, league);
    const signUps = await signUpsOf(tx, sessionId);
    const needs = await weekNeeds(tx, league, roster, session, signUps);
    // Asked for nothing, they would not answer the next time: the once a week is kept for a need.
    if (needs.substitutesNeeded === 0)
      throw new AppError("NO_SUBSTITUTE_NEEDED", "This week needs no substitute: every place is taken.");
    // Anyone already signed up for the week, the waitlist too, has answered already.
    const signedUp = new Set(signUps.map((r) => r.userId));
    const subs = roster.entries.filter((e) => e.role === "substitute" && !signedUp.has(e.userId));
    // Only those who can hear it are asked (a push device, or the email wanted), each once a week.
    const subIds = subs.map((sub) => sub.userId);
    const [byPush, byEmail] = await Promise.all([
      reachableByPush(tx, subIds),
      wantEmail(tx, subIds, "sessionReminders"),
    ]);
    const asked: string[] = [];
    for (const userId of subIds)
      if (
        (byPush.has(userId) || byEmail.has(userId)) &&
        (await claimNotification(tx, `league-subs:${sessionId}:${userId}`, userId))
      )
        asked.push(userId);
    if (asked.length === 0) return 0;
    const club = await getOrganization(tx, access.organizationId);
    const when = shortTime(session.startsAt.toISOString(), club.timeZone);
    const short = needs.substitutesNeeded > 1 ? `${needs.substitutesNeeded} players` : "a player";
    const line = `${league.name} is short ${short} on ${when}. You're on its substitutes' list: register for the week if you can play.`;
    const url = `/sessions/${sessionId}`;
    effects.push(
      ...(await pushEffects(
        tx,
        asked.map((userId) => ({
          userId,
          key: `league-subs:${sessionId}:${userId}`,
          payload: {
            title: `Can you play? ${league.name}`,
            body: line,
            url,
            tag: `league-subs-${sessionId}`,
            organizationId: access.organizationId,
            actions: [],
          },
        })),
      )),
    );
    const emailed = asked.filter((userId) => byEmail.has(userId));
    const byId = await people(tx, emailed);
    for (const userId of emailed) {
      const person = byId.get(userId);
      if (!person) continue;
      effects.push(
        emailEffect(
          actionEmail(
            person.email,
            `Can you play? ${league.name}, ${when}`,
            "A substitute is needed",
            [`Hi ${person.name},`, line],
            { label: "See the week", url: `${deps.config.appUrl}${url}` },
            { ...unsubscribeFor(deps, userId, "sessionReminders"), club },
          ),
        ),
      );
    }
    return asked.length;
  });
  return result;
}
