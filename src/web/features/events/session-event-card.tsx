// On a session's page: the event it is run as, with the way to it, or (for an organizer, once
// the session is on) the form that starts one from the players checked in.
import { Trophy } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type CreateEventBody, createEventBody, type LeagueView } from "../../../shared/contracts/events.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { plural } from "../../../shared/domain/formatters.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { useGamesOnCourt } from "../../lib/board-read.js";
import { useCourtsInUse, useEvent, useStartEvent } from "./event-api.js";
import { EventSettingsFields, settingsBody, settingsFormFor } from "./event-settings-fields.js";
import { formatName, stageTitle } from "./event-words.js";

export function SessionEventCard({
  orgId,
  data,
  manager,
  league,
}: {
  orgId: string;
  data: SessionDetails;
  manager: boolean;
  /** The league the session's series is run as, if any: its week starts with the league's settings. */
  league: LeagueView | null;
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
  if (league)
    return <StartLeagueWeek orgId={orgId} sessionId={session.id} present={present} league={league} />;
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
  const courts = useCourtsInUse(orgId);
  // The default courts need the club's count; without it (a failed read) players / 4 stands.
  if (courts.isPending) return null;
  return <StartEventFields orgId={orgId} sessionId={sessionId} present={present} courtsInUse={courts.data} />;
}

function StartEventFields({
  orgId,
  sessionId,
  present,
  courtsInUse,
}: {
  orgId: string;
  sessionId: string;
  present: number;
  courtsInUse: number | undefined;
}) {
  const [form, setForm] = useState(() => settingsFormFor(present, courtsInUse));
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartAskingIfPlaying(orgId, sessionId);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = settingsBody(form);
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
          A round robin for everyone here ({present} checked in): new partners every round (Americano), paired
          by the standings (Mexicano), fixed teams (pool play) or boxes by rating, then a playoff if you like.
          Games between members count on the ladder.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <EventSettingsFields id="event" form={form} onChange={setForm} />
          <SubmitRow problem={problem} busy={start.busy} present={present} />
        </form>
        {start.question}
      </CardContent>
    </Card>
  );
}

/** A week of a league: the league's settings, nothing to choose but when to start. */
function StartLeagueWeek({
  orgId,
  sessionId,
  present,
  league,
}: {
  orgId: string;
  sessionId: string;
  present: number;
  league: LeagueView;
}) {
  const start = useStartAskingIfPlaying(orgId, sessionId);
  const { league: settings } = league;
  const week = league.weeks.findIndex((w) => w.sessionId === sessionId) + 1;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // The server plays a league's week by the league's settings; these say the same.
    await start.run({
      format: settings.format,
      rounds: settings.rounds,
      courts: settings.courts,
      boxSize: settings.boxSize,
      ...(settings.playTo !== null
        ? { ending: "points", playTo: settings.playTo }
        : { ending: "timed", roundMinutes: settings.roundMinutes ?? 12 }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Week {week} of {settings.name}
        </CardTitle>
        <p className="text-sm text-muted">
          {formatName[settings.format]}, {settings.rounds} rounds,{" "}
          {settings.playTo !== null
            ? `first to ${settings.playTo}`
            : `${settings.roundMinutes}-minute rounds`}
          , for everyone here ({present} checked in).
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit}>
          <SubmitRow problem={null} busy={start.busy} present={present} />
        </form>
        {start.question}
      </CardContent>
    </Card>
  );
}

/**
 * Starting the event, asking first while open play has games on court: one tap on Start the
 * Event, just above check-in, turned a night of four running games into an Americano.
 */
function useStartAskingIfPlaying(orgId: string, sessionId: string) {
  const navigate = useNavigate();
  const start = useStartEvent(orgId, sessionId, {
    success: "Event started",
    onSuccess: () => navigate(`/sessions/${sessionId}/event`),
  });
  const playing = useGamesOnCourt(orgId, true) ?? 0;
  const [pending, setPending] = useState<CreateEventBody | null>(null);
  const run = async (body: CreateEventBody) => {
    if (playing > 0) setPending(body);
    else await start.run(body);
  };
  const question = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => (open ? undefined : setPending(null))}
      title="Start the event now?"
      description={`Open play has ${plural(playing, "game")} on court. Starting now ends ${playing === 1 ? "it" : "them"} without a score and ${playing === 1 ? "its" : "their"} players go back to the front of the line; to keep ${playing === 1 ? "it" : "them"}, score ${playing === 1 ? "it" : "them"} first. The event takes the courts it needs; the rest stay open play's for those who arrive later.`}
      confirmLabel="End Games and Start"
      dismissLabel="Keep Open Play"
      onConfirm={async () => {
        if (pending) await start.run({ ...pending, endOpenPlay: true });
      }}
    />
  );
  return { run, busy: start.busy, question };
}

function SubmitRow({ problem, busy, present }: { problem: string | null; busy: boolean; present: number }) {
  return (
    <>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {problem}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" size="touch" disabled={busy || present < 4}>
          Start the Event
        </Button>
        {present < 4 ? <p className="mt-2 text-sm text-muted">Check in at least 4 players first.</p> : null}
      </div>
    </>
  );
}
