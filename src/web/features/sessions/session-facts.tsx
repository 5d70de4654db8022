import { BadgeCheck, CalendarDays, Clock, Dices, DoorOpen, Shuffle, Users } from "lucide-react";
import { Link } from "react-router";
import type { Session } from "../../../shared/contracts/sessions.js";
import { longDate, shortOpeningTime, timeRange } from "../../../shared/domain/session-time.js";
import { teamsListed } from "../../../shared/domain/team-rules.js";

/** When a session is (club time) and how full it is: the lines shared by cards and details. */
export function SessionFacts({ session, timeZone }: { session: Session; timeZone: string }) {
  const full = session.capacity !== null && session.registeredCount >= session.capacity;
  return (
    <>
      <p className="flex items-center gap-2">
        <CalendarDays className="h-4 w-4 text-muted" /> {longDate(session.startsAt, timeZone)}
      </p>
      <p className="flex items-center gap-2">
        <Clock className="h-4 w-4 text-muted" /> {timeRange(session.startsAt, session.endsAt, timeZone)}
      </p>
      <p className="flex items-center gap-2">
        <Users className="h-4 w-4 text-muted" />
        {session.capacity === null
          ? `${session.registeredCount} registered`
          : `${session.registeredCount} / ${session.capacity} registered`}
        {session.waitlistCount > 0 ? ` · ${session.waitlistCount} waitlisted` : full ? " · full" : ""}
      </p>
      {/* A mixed night is one a player chooses to come to: said wherever the session is. */}
      {teamsListed(session.teams) === null ? null : (
        <p className="flex items-center gap-2" data-testid="session-teams">
          <Shuffle className="h-4 w-4 text-muted" /> {teamsListed(session.teams)}
        </p>
      )}
      {session.membersOnly ? (
        <p className="flex items-center gap-2" data-testid="members-only">
          <BadgeCheck className="h-4 w-4 text-muted" /> Members only:
          <Link to="/membership" className="text-brand-700 underline">
            see the plans
          </Link>
        </p>
      ) : null}
      <Access session={session} timeZone={timeZone} />
    </>
  );
}

/** A window not open yet, and a lottery not drawn yet: when each happens, in club time. */
function Access({ session, timeZone }: { session: Session; timeZone: string }) {
  const at = (iso: string) => shortOpeningTime(iso, timeZone);
  if (session.status !== "scheduled" && session.status !== "active") return null;
  const opens = session.registrationOpensAt;
  const notYet = opens !== null && Date.parse(opens) > Date.now();
  const draw = session.lotteryDrawnAt === null ? session.lotteryDrawAt : null;
  if (!notYet && !draw) return null;
  return (
    <p className="flex items-center gap-2">
      {draw ? (
        <Dices className="h-4 w-4 shrink-0 text-muted" />
      ) : (
        <DoorOpen className="h-4 w-4 shrink-0 text-muted" />
      )}
      <span>
        {notYet ? `Opens ${at(opens!)}` : ""}
        {notYet && session.earlyOpensAt && Date.parse(session.earlyOpensAt) > Date.now()
          ? ` (early ${at(session.earlyOpensAt)})`
          : ""}
        {notYet && draw ? " · " : ""}
        {draw
          ? Date.parse(draw) > Date.now()
            ? `Lottery: places drawn ${at(draw)}`
            : "Lottery: places being drawn"
          : ""}
      </span>
    </p>
  );
}
