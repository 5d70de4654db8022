// On a session's page: the event it is run as, with the way to it, or (for an organizer, once
// the session is on) the form that starts one from the players checked in.
import { Trophy } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type CreateEventBody, createEventBody, EVENT_LIMITS } from "../../../shared/contracts/events.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Field, Input } from "../../components/ui/input.js";
import { useEvent, useStartEvent } from "./event-api.js";
import { formatName, stageTitle } from "./event-words.js";

const select = "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base";

export function SessionEventCard({
  orgId,
  data,
  manager,
}: {
  orgId: string;
  data: SessionDetails;
  manager: boolean;
}) {
  const { session } = data;
  const live = session.status === "active" || session.status === "completed";
  const event = useEvent(orgId, session.id, live);
  if (!live || event.isPending || event.isError) return null;
  if (event.data)
    return (
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
          <div>
            <p className="font-semibold">
              {formatName[event.data.event.format]}: {stageTitle(event.data)}
            </p>
            <p className="text-sm text-muted">Your court and partner, the scores and the standings.</p>
          </div>
          <Button asChild size="touch">
            <Link to={`/sessions/${session.id}/event`}>
              <Trophy className="h-4 w-4" /> Open the Event
            </Link>
          </Button>
        </CardContent>
      </Card>
    );
  if (!manager || session.status !== "active") return null;
  const present = data.registrations.filter((r) => r.checkedIn && r.status === "registered").length;
  return <StartEventForm orgId={orgId} sessionId={session.id} present={present} />;
}

function StartEventForm({
  orgId,
  sessionId,
  present,
}: {
  orgId: string;
  sessionId: string;
  present: number;
}) {
  const navigate = useNavigate();
  const [form, setForm] = useState({
    format: "americano",
    rounds: "6",
    courts: String(Math.max(1, Math.min(EVENT_LIMITS.courts.max, Math.floor(present / 4)))),
    ending: "points",
    playTo: "11",
    roundMinutes: "12",
  });
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartEvent(orgId, sessionId, {
    success: "Event started",
    onSuccess: () => navigate(`/sessions/${sessionId}/event`),
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      format: form.format,
      rounds: form.rounds,
      courts: form.courts,
      ending: form.ending,
      ...(form.ending === "points" ? { playTo: form.playTo } : { roundMinutes: form.roundMinutes }),
    };
    const checked = createEventBody.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? "Check the form");
      return;
    }
    setProblem(null);
    await start.run(body as CreateEventBody);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Run as a Round Robin</CardTitle>
        <p className="text-sm text-muted">
          The {present} {present === 1 ? "player" : "players"} checked in play a round robin: new partners
          every round (Americano) or paired by the standings (Mexicano), then a playoff if you like. Every
          game counts on the ladder.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <Field label="Format" htmlFor="event-format">
            <select id="event-format" className={select} value={form.format} onChange={set("format")}>
              <option value="americano">Americano: new partners each round</option>
              <option value="mexicano">Mexicano: paired by the standings</option>
            </select>
          </Field>
          <Field label="Games end" htmlFor="event-ending">
            <select id="event-ending" className={select} value={form.ending} onChange={set("ending")}>
              <option value="points">At a score</option>
              <option value="timed">When the round's time is up</option>
            </select>
          </Field>
          <Field label="Rounds" htmlFor="event-rounds" hint={`1 to ${EVENT_LIMITS.rounds.max}`}>
            <Input
              id="event-rounds"
              type="number"
              inputMode="numeric"
              value={form.rounds}
              onChange={set("rounds")}
            />
          </Field>
          <Field label="Courts" htmlFor="event-courts" hint={`1 to ${EVENT_LIMITS.courts.max}`}>
            <Input
              id="event-courts"
              type="number"
              inputMode="numeric"
              value={form.courts}
              onChange={set("courts")}
            />
          </Field>
          {form.ending === "points" ? (
            <Field label="Play to" htmlFor="event-play-to">
              <Input
                id="event-play-to"
                type="number"
                inputMode="numeric"
                value={form.playTo}
                onChange={set("playTo")}
              />
            </Field>
          ) : (
            <Field label="Minutes a round" htmlFor="event-minutes">
              <Input
                id="event-minutes"
                type="number"
                inputMode="numeric"
                value={form.roundMinutes}
                onChange={set("roundMinutes")}
              />
            </Field>
          )}
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {problem}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" size="touch" disabled={start.busy || present < 4}>
              Start the Event
            </Button>
            {present < 4 ? (
              <p className="mt-2 text-sm text-muted">Check in at least 4 players first.</p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
