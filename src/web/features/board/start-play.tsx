// What an organizer sees on the board when nothing is running: tonight's sessions (started or
// about to start) with a Start button each, and "Start open play now" for a club that just
// turns up and plays.
import { Zap } from "lucide-react";
import { useState } from "react";
import type { Session } from "../../../shared/contracts/sessions.js";
import { isHappeningNow, timeRange } from "../../../shared/domain/session-time.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent } from "../../components/ui/dialog.js";
import { useStartOpenPlayNow, useTransitionSession, useUpcomingSessions } from "../sessions/api.js";
import { StartSessionButton } from "../sessions/start-session-button.js";

/** Scheduled sessions that have started, or start within the next few hours. */
const STARTING_SOON_MS = 4 * 3_600_000;

export function StartPlay({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  // The soonest sessions come first: tonight's are on the first page.
  const sessions = useUpcomingSessions(orgId);
  const openPlay = useStartOpenPlayNow(orgId, { success: "Open Play started" });
  const now = Date.now();
  const tonight = (sessions.data?.pages[0]?.sessions ?? []).filter(
    (s) => s.status === "scheduled" && Date.parse(s.startsAt) - now < STARTING_SOON_MS,
  );
  // Open play beside a session on now would leave its sign-ups checked in to nothing: ask first.
  const onNow = tonight.find((s) => isHappeningNow(s, now)) ?? null;
  const [asking, setAsking] = useState(false);
  return (
    <section className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 className="text-lg font-bold">Start playing</h2>
      {tonight.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {tonight.map((session) => (
            <TonightSession key={session.id} orgId={orgId} session={session} timeZone={timeZone} now={now} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No session is scheduled for the next few hours.</p>
      )}
      <Button
        size="lg"
        // When a session is on now, starting it is the main thing: open play is the other way.
        variant={tonight.some((s) => isHappeningNow(s, now)) ? "secondary" : "primary"}
        className="min-h-11 self-start"
        disabled={openPlay.busy}
        onClick={() => (onNow ? setAsking(true) : void openPlay.run({ anyway: false }))}
      >
        <Zap className="h-4 w-4" />
        {openPlay.busy ? "Starting..." : "Start Open Play Now"}
      </Button>
      {onNow ? (
        <OnNowQuestion
          open={asking}
          onOpenChange={setAsking}
          orgId={orgId}
          session={onNow}
          openPlayAnyway={async () => {
            await openPlay.run({ anyway: true });
            setAsking(false);
          }}
        />
      ) : null}
    </section>
  );
}

function TonightSession({
  orgId,
  session,
  timeZone,
  now,
}: {
  orgId: string;
  session: Session;
  timeZone: string;
  now: number;
}) {
  const start = useTransitionSession(orgId, session.id, { success: "Session started" });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3">
      <span className="flex min-w-0 flex-col">
        <span className="flex items-center gap-2 font-semibold">
          <span className="min-w-0 [overflow-wrap:anywhere]">{session.name}</span>
          {isHappeningNow(session, now) ? <Badge tone="ball">Now</Badge> : null}
        </span>
        <span className="text-sm text-muted">{timeRange(session.startsAt, session.endsAt, timeZone)}</span>
      </span>
      <StartSessionButton
        session={session}
        timeZone={timeZone}
        start={() => start.run("start")}
        busy={start.busy}
      />
    </li>
  );
}

/** "Tuesday Ladder is on now": start it (its sign-ups are tonight's), or open play anyway. */
function OnNowQuestion({
  open,
  onOpenChange,
  orgId,
  session,
  openPlayAnyway,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orgId: string;
  session: Session;
  openPlayAnyway: () => Promise<void>;
}) {
  const start = useTransitionSession(orgId, session.id, { success: "Session started" });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`${session.name} is on now`}
        description={`Start ${session.name} instead: its sign-ups check in to it and the board follows it. Open play now would be a second session beside it.`}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="lg" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button size="lg" variant="secondary" onClick={() => void openPlayAnyway()}>
            Open Play Anyway
          </Button>
          <Button
            size="lg"
            disabled={start.busy}
            onClick={async () => {
              await start.run("start");
              onOpenChange(false);
            }}
          >
            Start {session.name}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
