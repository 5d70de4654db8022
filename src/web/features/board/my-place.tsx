import { Check, Clock, Coffee, Footprints, Play, SkipForward } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { MyPlace } from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { Input } from "../../components/ui/input.js";
import { cn } from "../../lib/cn.js";
import { useMyAction, useMyLeaving } from "./board-api.js";
import { clockText, inputValue, nextAtClock } from "./leaving-time.js";
import { myPlaceText } from "./my-place-text.js";

/**
 * A player's own line on their phone: where they stand, in one sentence, and what they may do
 * themselves: answer a call to a court ("on my way"), let the next group go ahead this time,
 * step away for a while (off court or after this game) and come back, and say when they leave
 * tonight (on the club's clock).
 */
export function MyPlaceBanner({
  me,
  orgId,
  timeZone,
  calledAt,
  sessionId,
}: {
  me: MyPlace;
  orgId: string;
  timeZone: string;
  /** The session on now: a player in its event is pointed to the event's page. */
  sessionId: string;
  /** When their game started, for "You're on Court 1 now" (my-place-text.ts). */
  calledAt?: number;
}) {
  const myAction = useMyAction(orgId);
  if (me.state === "not-checked-in") return null;
  const text = myPlaceText(me, Date.now(), calledAt);
  // In the event, the event's page is theirs: breaks and skips are open play's.
  if (me.state === "in-event")
    return (
      <div
        data-testid="my-place"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white px-5 py-4 text-ink shadow-sm"
      >
        <p role="status" className="text-lg font-bold">
          {text}
        </p>
        <Button asChild size="touch">
          <Link to={`/sessions/${sessionId}/event`}>Open the Event</Link>
        </Button>
      </div>
    );
  const onBreak = me.state === "on-break";
  const called = me.state === "playing" || me.state === "up-next";
  return (
    <div
      data-testid="my-place"
      className={cn(
        "flex flex-wrap items-center justify-between gap-3 rounded-2xl px-5 py-4",
        me.state === "up-next"
          ? "bg-ball text-ink"
          : me.state === "playing"
            ? "bg-brand-700 text-white"
            : "bg-white text-ink shadow-sm",
      )}
    >
      <p role="status" className="text-lg font-bold">
        {text}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* Called to a court: the organizer sees the answer on the court's card. */}
        {called && !me.answered ? (
          <Button
            size="touch"
            // The card's own colour would hide it: green on the yellow of "up next", yellow on
            // the green of "playing".
            variant={me.state === "up-next" ? "primary" : "ball"}
            disabled={myAction.busy}
            onClick={() => void myAction.run("on-my-way")}
          >
            <Footprints className="h-4 w-4" /> On My Way
          </Button>
        ) : null}
        {called && me.answered ? (
          <span className="inline-flex min-h-11 items-center gap-1 font-semibold" data-testid="answered">
            <Check className="h-4 w-4" /> On your way
          </span>
        ) : null}
        {me.state === "up-next" ? (
          <Button
            size="touch"
            variant="secondary"
            disabled={myAction.busy}
            onClick={() => void myAction.run("skip")}
          >
            <SkipForward className="h-4 w-4" /> Skip Me This Time
          </Button>
        ) : null}
        <Button
          size="touch"
          variant={onBreak ? "primary" : "secondary"}
          disabled={myAction.busy}
          onClick={() => void myAction.run(onBreak ? "return" : "break")}
        >
          {onBreak ? <Play className="h-4 w-4" /> : <Coffee className="h-4 w-4" />}
          {onBreak ? "I'm Back" : me.state === "playing" ? "Break After This Game" : "Take a Break"}
        </Button>
      </div>
      {me.leavesAt ? (
        <p className="w-full text-sm font-semibold" data-testid="my-leaving">
          Leaving at {clockText(me.leavesAt, timeZone)}
        </p>
      ) : null}
      <LeavingAt key={me.leavesAt ?? "none"} leavesAt={me.leavesAt} orgId={orgId} timeZone={timeZone} />
    </div>
  );
}

/** "Leaving at…": a time on the club's clock, tonight (or after midnight), saved or cleared. */
function LeavingAt({
  leavesAt,
  orgId,
  timeZone,
}: {
  leavesAt: string | null;
  orgId: string;
  timeZone: string;
}) {
  const leaving = useMyLeaving(orgId);
  const id = useId();
  const [value, setValue] = useState(leavesAt ? inputValue(leavesAt, timeZone) : "");
  const [problem, setProblem] = useState<string | null>(null);
  // Most players stay to the end: the time box waits behind a question until it is wanted, and
  // stays open once a time is set (to change or clear it).
  const [asked, setAsked] = useState(false);
  if (!leavesAt && !asked)
    return (
      <Button type="button" size="touch" variant="secondary" onClick={() => setAsked(true)}>
        Leaving Early?
      </Button>
    );
  const save = (event: FormEvent) => {
    event.preventDefault();
    const at = nextAtClock(value, new Date(), timeZone);
    if (!at) {
      setProblem("Choose the time you will leave");
      return;
    }
    setProblem(null);
    void leaving.run(at.toISOString());
  };
  return (
    <form onSubmit={save} className="flex w-full flex-wrap items-center gap-2" aria-label="Leaving time">
      <label htmlFor={id} className="text-sm font-medium">
        Leaving at
      </label>
      <Input
        id={id}
        type="time"
        className="w-36 text-ink"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <Button type="submit" size="touch" variant="secondary" disabled={leaving.busy}>
        <Clock className="h-4 w-4" />
        Save
      </Button>
      {leavesAt ? (
        <Button
          type="button"
          size="touch"
          variant="secondary"
          disabled={leaving.busy}
          onClick={() => void leaving.run(null)}
        >
          Clear
        </Button>
      ) : null}
      {leavesAt ? null : (
        <p className="w-full text-sm">You come off the line at that time, so nobody waits for you.</p>
      )}
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
