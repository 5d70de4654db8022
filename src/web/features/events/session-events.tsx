// A session's part in events and leagues, on its page: the league its weekly series is run as
// (or, for an organizer, the form that makes one), and tonight's event or the form that starts it.
import { CalendarRange } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  type CreateLeagueBody,
  createLeagueBody,
  type LeagueView,
} from "../../../shared/contracts/events.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Field, Input } from "../../components/ui/input.js";
import { useCourtsInUse, useCreateLeague, useLeague } from "./event-api.js";
import { EventSettingsFields, settingsBody, settingsFormFor } from "./event-settings-fields.js";
import { formatName } from "./event-words.js";
import { SessionEventCard } from "./session-event-card.js";

export function SessionEvents({
  orgId,
  data,
  manager,
}: {
  orgId: string;
  data: SessionDetails;
  manager: boolean;
}) {
  const { session } = data;
  const inSeries = session.seriesId !== null && session.status !== "cancelled";
  const league = useLeague(orgId, session.id, inSeries);
  if (inSeries && league.isPending) return null;
  const found = league.data ?? null;
  return (
    <>
      {found ? <LeagueCard league={found} sessionId={session.id} /> : null}
      {inSeries && !found && manager ? <NewLeague orgId={orgId} sessionId={session.id} /> : null}
      <SessionEventCard orgId={orgId} data={data} manager={manager} league={found} />
    </>
  );
}

function LeagueCard({ league, sessionId }: { league: LeagueView; sessionId: string }) {
  const week = league.weeks.findIndex((w) => w.sessionId === sessionId) + 1;
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
        <div>
          <p className="font-semibold">{league.league.name}</p>
          <p className="text-sm text-muted">
            {formatName[league.league.format]} league · week {week} of {league.weeks.length}
          </p>
          <p className="text-sm text-muted">
            {league.me.role === "player"
              ? "You play the season: register for the weeks you can come."
              : league.me.role === "substitute"
                ? "You're a substitute: you'll be asked when a week is short."
                : "Sign up for the season, or as a substitute, on the league's page."}
          </p>
        </div>
        <Button asChild size="touch" variant="secondary">
          <Link to={`/sessions/${sessionId}/league`}>
            <CalendarRange className="h-4 w-4" /> Season Standings
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** An organizer makes the weekly series a league: its name and how every week is played. */
function NewLeague({ orgId, sessionId }: { orgId: string; sessionId: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [moves, setMoves] = useState("1");
  const [form, setForm] = useState(() => settingsFormFor(8));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateLeague(orgId, sessionId, { success: "League made" });
  // A week's default courts stay within the club's: two at a one-court club asked for a court it
  // does not have. The offer shows once the count is known (or its read failed: players / 4).
  const courtsInUse = useCourtsInUse(orgId);
  if (courtsInUse.isPending) return null;
  if (!open)
    return (
      <div>
        <Button
          variant="secondary"
          size="touch"
          onClick={() => {
            setForm(settingsFormFor(8, courtsInUse.data));
            setOpen(true);
          }}
        >
          <CalendarRange className="h-4 w-4" /> Run This Series as a League
        </Button>
      </div>
    );
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { ...settingsBody(form), name, boxMoves: moves };
    const checked = createLeagueBody.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? "Check the form");
      return;
    }
    setProblem(null);
    await create.run(body as CreateLeagueBody);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Run This Series as a League</CardTitle>
        <p className="text-sm text-muted">
          Every week of the series is an event with these settings. Players sign up for the season (in a
          league of fixed teams, in pairs) and register for each week they come; substitutes are asked when a
          week is short. The standings add up over the season.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field label="League name" htmlFor="league-name">
              <Input id="league-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
            </Field>
          </div>
          <EventSettingsFields id="league" form={form} onChange={setForm} />
          {form.format === "boxes" ? (
            <Field label="Moving up and down each week" htmlFor="league-moves" hint="1 to 3 a box">
              <Input
                id="league-moves"
                type="number"
                inputMode="numeric"
                value={moves}
                onChange={(e) => setMoves(e.target.value)}
              />
            </Field>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" size="touch" disabled={create.busy}>
              Make the League
            </Button>
            <Button type="button" variant="ghost" size="touch" onClick={() => setOpen(false)}>
              Not Now
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
