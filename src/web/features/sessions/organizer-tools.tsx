import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { plural } from "../../../shared/domain/formatters.js";
import { shortTime } from "../../../shared/domain/session-time.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { useGamesOnCourt } from "../../lib/board-read.js";
import { type Transition, useReleaseNoShows, useTransitionSession } from "./api.js";
import { CreateSessionDialog } from "./create-session-dialog.js";
import { StartSessionButton } from "./start-session-button.js";
import { WalkInsDialog } from "./walk-ins-dialog.js";

type Props = { orgId: string; data: SessionDetails };

const done: Record<Transition, string> = {
  start: "Session started: check-in is open",
  complete: "Session completed",
  cancel: "Session cancelled; players were told",
};

/** Running the session: start, complete or cancel it, add walk-ins, show the check-in QR code. */
export function OrganizerTools({ orgId, data }: Props) {
  const { session } = data;
  const navigate = useNavigate();
  const transition = useTransitionSession(orgId, session.id, {
    success: (_, action) => done[action],
    // The night is over: what is left of it is its record, so the organizer lands there.
    onSuccess: (_, action) => {
      if (action === "complete") navigate(`/sessions/${session.id}/record`);
    },
  });
  const open = session.status === "scheduled" || session.status === "active";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Run this session</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap gap-2">
          {session.status === "scheduled" ? (
            <StartSessionButton
              session={session}
              timeZone={data.timeZone}
              start={() => transition.run("start")}
              busy={transition.busy}
            />
          ) : null}
          {session.status === "active" ? (
            <>
              {/* Back where the night is run, after checking players in. */}
              <Button asChild variant="secondary">
                <Link to="/board">Back to Court Board</Link>
              </Button>
              <CompleteSession orgId={orgId} complete={() => transition.run("complete")} />
            </>
          ) : null}
          {open ? null : (
            <Button asChild>
              <Link to={`/sessions/${session.id}/record`}>Open Record</Link>
            </Button>
          )}
          {open ? <CreateSessionDialog orgId={orgId} timeZone={data.timeZone} session={session} /> : null}
          {open ? (
            <ConfirmButton
              trigger={<Button variant="secondary">Cancel Session</Button>}
              title="Cancel this session?"
              description="Everyone registered or waiting gets an email that it will not happen."
              confirmLabel="Cancel Session"
              dismissLabel="Keep Session"
              onConfirm={() => transition.run("cancel")}
            />
          ) : null}
        </div>
        {open ? <WalkInsDialog orgId={orgId} data={data} /> : null}
        {open ? <NoShows orgId={orgId} data={data} /> : null}
        {session.status === "active" && data.checkInToken ? (
          <CheckInCode orgId={orgId} sessionId={session.id} token={data.checkInToken} />
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * Completing the night: at once when no game is on court; with games on, it asks first, since
 * those games end unrecorded (an organizer ended a night with four games running, unasked).
 */
function CompleteSession({ orgId, complete }: { orgId: string; complete: () => Promise<unknown> }) {
  const playing = useGamesOnCourt(orgId, true) ?? 0;
  if (playing === 0) return <Button onClick={() => void complete()}>Complete Session</Button>;
  const them = playing === 1 ? "it" : "them";
  return (
    <ConfirmButton
      trigger={<Button>Complete Session</Button>}
      title="Complete this session?"
      description={`${plural(playing, "game")} still on court will not be recorded. Score ${them} on the board first, or complete the night without ${them}.`}
      confirmLabel="Complete Session"
      dismissLabel="Keep Playing"
      onConfirm={complete}
    />
  );
}

/**
 * At the door, once the session has started: the places of players not checked in go to the
 * waitlist, in order (at the release time the session sets, this happens by itself).
 */
function NoShows({ orgId, data }: Props) {
  const { session } = data;
  const release = useReleaseNoShows(orgId, session.id, {
    success: ({ released, promoted }) =>
      released === 0
        ? "Everyone registered is checked in"
        : `${plural(released, "place")} released; ${plural(promoted, "player")} moved up from the waitlist`,
  });
  const at = (iso: string) => shortTime(iso, data.timeZone);
  if (session.noShowsReleasedAt)
    return (
      <p className="text-sm text-muted">
        Places not checked in were released at {at(session.noShowsReleasedAt)}.
      </p>
    );
  const missing = data.registrations.filter(
    (r) => r.status === "registered" && !r.checkedIn && r.userId,
  ).length;
  const started = Date.parse(session.startsAt) <= Date.now();
  const releaseAt =
    session.noShowReleaseMinutes === null
      ? null
      : at(new Date(Date.parse(session.startsAt) + session.noShowReleaseMinutes * 60_000).toISOString());
  if (!started)
    return releaseAt ? (
      <p className="text-sm text-muted">Places not checked in are released at {releaseAt}.</p>
    ) : null;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">
        {plural(missing, "registered player")} not checked in.
        {releaseAt ? ` At ${releaseAt} their places are released by themselves.` : ""}
      </p>
      <ConfirmButton
        trigger={
          <Button variant="secondary" disabled={missing === 0}>
            Release No-Shows
          </Button>
        }
        title={`Release ${plural(missing, "place")}?`}
        description="Players not checked in lose their places to the waitlist, in order, and each is told. Each counts a no-show."
        confirmLabel="Release Places"
        dismissLabel="Wait"
        onConfirm={() => release.run()}
      />
    </div>
  );
}

/** The link and QR code players scan at the club to check themselves in. */
function CheckInCode({ orgId, sessionId, token }: { orgId: string; sessionId: string; token: string }) {
  const link = `${window.location.origin}/sessions/${sessionId}/check-in?org=${orgId}&token=${token}`;
  const [image, setImage] = useState<string>();
  useEffect(() => {
    QRCode.toDataURL(link, { margin: 1, width: 220 }).then(setImage, () => setImage(undefined));
  }, [link]);
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-4 sm:flex-row sm:items-start">
      {image ? (
        <img src={image} alt="QR code for self check-in" className="h-44 w-44 rounded-lg bg-white p-2" />
      ) : null}
      <div className="min-w-0 text-sm">
        <p className="font-semibold">Self check-in</p>
        <p className="text-muted">
          Players scan this code with their phone, or open the link, to check themselves in.
        </p>
        <p className="mt-2 break-all rounded-lg bg-white p-2 font-mono text-xs">{link}</p>
      </div>
    </div>
  );
}
