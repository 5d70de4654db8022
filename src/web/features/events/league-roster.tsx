// The league's roster on its page: your place in it (sign up for the season, a team with a
// partner, or the substitutes' list), the coming week (who is in, and how many substitutes it
// needs, with an organizer's button to ask them), and everyone on the roster.
import { UserPlus, Users, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { LeagueView } from "../../../shared/contracts/events.js";
import { plural } from "../../../shared/domain/formatters.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { formatDate } from "../../lib/format.js";
import { useAskSubstitutes, useJoinLeague, useLeaveLeague } from "./event-api.js";
import { RosterAdd } from "./roster-add.js";
import { Invitation, TeamForm } from "./team-sign-up.js";

type Props = { orgId: string; sessionId: string; view: LeagueView; userId: string };

const partnerOf = (view: LeagueView, userId: string) =>
  view.roster.teams.find((team) => team.id === view.me.teamId)?.players.find((p) => p.userId !== userId);

/** The viewer's place: what they are on the roster, and the ways on or off it. */
export function YourPlace({ orgId, sessionId, view, userId }: Props) {
  const teams = view.league.format === "teams";
  const [signingUp, setSigningUp] = useState(false);
  const join = useJoinLeague(orgId, sessionId, {
    success: (_, body) =>
      body.role === "substitute"
        ? "You're on the substitutes' list"
        : teams
          ? "Your team is in the league"
          : "You're in the league",
  });
  const leave = useLeaveLeague(orgId, sessionId, { success: "You've left the league" });
  const team = view.roster.teams.find((t) => t.id === view.me.teamId);
  const partner = partnerOf(view, userId);
  const leaveButton = (
    <ConfirmButton
      trigger={
        <Button variant="ghost" size="touch">
          Leave the League
        </Button>
      }
      title="Leave the league?"
      description={
        team && partner
          ? `${team.name} leaves together: ${partner.name} comes off the roster too. Your registrations for its weeks stay as they are.`
          : "You come off the roster. Your registrations for its weeks stay as they are."
      }
      confirmLabel="Leave"
      dismissLabel="Stay"
      onConfirm={() => leave.run(userId)}
    />
  );
  // To play the season: a team signed up with a partner, or oneself alone.
  const playButton = teams ? (
    <Button size="touch" onClick={() => setSigningUp(true)}>
      <Users className="h-4 w-4" /> Sign Up a Team
    </Button>
  ) : (
    <Button size="touch" disabled={join.busy} onClick={() => join.run({ role: "player" })}>
      <UserPlus className="h-4 w-4" /> Play the Season
    </Button>
  );
  const substituteButton = (
    <Button
      variant="secondary"
      size="touch"
      disabled={join.busy}
      onClick={() => join.run({ role: "substitute" })}
    >
      Be a Substitute
    </Button>
  );
  const invitation = view.roster.invitations.find((i) => i.to.userId === userId || i.from.userId === userId);
  let body: React.ReactNode;
  if (invitation)
    body = <Invitation orgId={orgId} sessionId={sessionId} invitation={invitation} userId={userId} />;
  else if (signingUp)
    body = (
      <TeamForm orgId={orgId} view={view} userId={userId} join={join} onClose={() => setSigningUp(false)} />
    );
  else if (view.me.role === "player")
    body = (
      <>
        <p className="text-sm">
          {team && partner ? (
            <>
              You play the season with <span className="font-semibold">{partner.name}</span> as{" "}
              <span className="font-semibold">{team.name}</span>.
            </>
          ) : (
            "You play the season."
          )}{" "}
          Register for each week you can come; if you can't, a substitute is asked.
        </p>
        <div className="flex flex-wrap gap-2">{leaveButton}</div>
      </>
    );
  else if (view.me.role === "substitute")
    body = (
      <>
        <p className="text-sm">
          You're a substitute: when a week is short of players, you'll be asked to play it.
        </p>
        <div className="flex flex-wrap gap-2">
          {playButton}
          {leaveButton}
        </div>
      </>
    );
  else
    body = (
      <>
        <p className="text-sm">
          {teams
            ? "Teams of two play the whole season together. Sign up with your partner, or be a substitute who is asked when a team is a player short."
            : "Sign up to play the season, or be a substitute who is asked when a week is short."}
        </p>
        <div className="flex flex-wrap gap-2">
          {playButton}
          {substituteButton}
        </div>
      </>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Place</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3" data-testid="your-place">
        {body}
      </CardContent>
    </Card>
  );
}

/** The coming week: who of the roster is in, who stands in, and how many more are needed. */
export function ComingWeek({ orgId, view, timeZone }: { orgId: string; view: LeagueView; timeZone: string }) {
  const week = view.nextWeek;
  const ask = useAskSubstitutes(orgId, week?.sessionId ?? "", {
    success: ({ asked }) =>
      asked === 0
        ? { title: "No one new to ask", description: "Every substitute not yet in was asked for this week." }
        : `Asked ${plural(asked, "substitute")}`,
  });
  if (!week) return null;
  const rostered = view.roster.players.length;
  const onNow = view.weeks.find((w) => w.sessionId === week.sessionId)?.status === "active";
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {onNow ? "This Week" : "The Coming Week"} · {formatDate(week.startsAt, timeZone)}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm" data-testid="coming-week">
        {rostered > 0 ? (
          <p>
            <span className="font-semibold">
              {week.playersIn} of {plural(rostered, "player")}
            </span>{" "}
            registered.
            {week.playersOut.length > 0 ? ` Not in yet: ${week.playersOut.join(", ")}.` : ""}
          </p>
        ) : (
          <p>
            Nobody is on the roster yet: the week is played by whoever registers
            {week.substitutesIn.length > 0 ? ` (${week.substitutesIn.length} so far)` : ""}.
          </p>
        )}
        {rostered > 0 && week.substitutesIn.length > 0 ? (
          <p>Standing in: {week.substitutesIn.join(", ")}.</p>
        ) : null}
        {week.substitutesNeeded > 0 ? (
          <p>
            <Badge tone="ball">{plural(week.substitutesNeeded, "substitute")} needed</Badge>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button asChild size="touch" variant="secondary">
            <Link to={`/sessions/${week.sessionId}`}>Register for the Week</Link>
          </Button>
          {view.canManage && week.substitutesNeeded > 0 && view.roster.substitutes.length > 0 ? (
            <Button size="touch" disabled={ask.busy} onClick={() => ask.run()}>
              Ask the Substitutes
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** Everyone on the roster; an organizer can take anyone off (a team goes together). */
export function RosterList({ orgId, sessionId, view }: Omit<Props, "userId">) {
  const remove = useLeaveLeague(orgId, sessionId, { success: "Taken off the roster" });
  const removeButton = (userId: string, who: string, note: string) =>
    view.canManage ? (
      <ConfirmButton
        trigger={
          <Button variant="ghost" size="icon" aria-label={`Take ${who} off the roster`}>
            <X className="h-4 w-4" />
          </Button>
        }
        title={`Take ${who} off the roster?`}
        description={note}
        confirmLabel="Take Off"
        dismissLabel="Keep"
        onConfirm={() => remove.run(userId)}
      />
    ) : null;
  const row = "flex min-h-11 items-center justify-between gap-2 px-4 py-1 text-sm";
  const teams = view.league.format === "teams";
  return (
    <section aria-labelledby="roster-title" className="flex flex-col gap-2">
      <h2 id="roster-title" className="text-lg font-bold">
        The Roster
      </h2>
      {view.canManage ? <RosterAdd orgId={orgId} sessionId={sessionId} view={view} /> : null}
      {teams ? (
        <ol
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          data-testid="roster-teams"
        >
          {view.roster.teams.length === 0 ? <li className={row}>No team has signed up yet.</li> : null}
          {view.roster.teams.map((team) => (
            <li key={team.id} className={row}>
              <span className="min-w-0">
                <span className="font-semibold">{team.name}</span>
                <span className="block text-muted">{team.players.map((p) => p.name).join(" & ")}</span>
              </span>
              {team.players[0]
                ? removeButton(
                    team.players[0].userId,
                    team.name,
                    "The team comes off together; its weeks played stay in the standings.",
                  )
                : null}
            </li>
          ))}
        </ol>
      ) : (
        <ol
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          data-testid="roster-players"
        >
          {view.roster.players.length === 0 ? <li className={row}>No one has signed up yet.</li> : null}
          {view.roster.players.map((p) => (
            <li key={p.userId} className={row}>
              <span>{p.name}</span>
              {removeButton(p.userId, p.name, "Their weeks played stay in the standings.")}
            </li>
          ))}
        </ol>
      )}
      {view.roster.invitations.length > 0 ? (
        <>
          <h3 className="mt-2 text-sm font-semibold text-muted">Waiting for a partner's yes</h3>
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="roster-invitations"
          >
            {view.roster.invitations.map((i) => (
              <li key={i.teamId} className={row}>
                <span className="min-w-0">
                  <span className="font-semibold">{i.teamName}</span>
                  <span className="block text-muted">
                    {i.from.name} asked {i.to.name}
                  </span>
                </span>
                {removeButton(i.from.userId, i.teamName, "The team comes off before it began.")}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-2 text-sm font-semibold text-muted">Substitutes</h3>
      <ul
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        data-testid="roster-substitutes"
      >
        {view.roster.substitutes.length === 0 ? <li className={row}>No substitutes yet.</li> : null}
        {view.roster.substitutes.map((p) => (
          <li key={p.userId} className={row}>
            <span>{p.name}</span>
            {removeButton(p.userId, p.name, "They are no longer asked when a week is short.")}
          </li>
        ))}
      </ul>
    </section>
  );
}
