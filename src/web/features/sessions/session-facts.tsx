import { CalendarDays, Clock, Users } from "lucide-react";
import type { Session } from "../../../shared/contracts/sessions.js";
import { longDate, timeRange } from "../../../shared/domain/session-time.js";

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
    </>
  );
}
