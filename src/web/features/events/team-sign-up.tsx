// A team's sign-up from a player's own place on the league's roster: the form that names a
// partner, and the partner's yes it then waits for. Apart from the rest of the roster's page
// (league-roster.tsx), which shows one or the other in the viewer's place.
import { useState } from "react";
import type { LeagueView } from "../../../shared/contracts/events.js";
import { Button } from "../../components/ui/button.js";
import type { PickedMember } from "../members/member-picker.js";
import { useAcceptPartner, type useJoinLeague, useLeaveLeague } from "./event-api.js";
import { PartnerFields } from "./partner-fields.js";

/**
 * A team waiting for a partner's yes: the one asked accepts or declines; the one who asked
 * waits, and may call it off. Either way out takes the team off together.
 */
export function Invitation({
  orgId,
  sessionId,
  invitation,
  userId,
}: {
  orgId: string;
  sessionId: string;
  invitation: LeagueView["roster"]["invitations"][number];
  userId: string;
}) {
  const accept = useAcceptPartner(orgId, sessionId, { success: `${invitation.teamName} is in the league` });
  const leave = useLeaveLeague(orgId, sessionId, {
    success: invitation.to.userId === userId ? "Declined" : "Called off",
  });
  if (invitation.to.userId === userId)
    return (
      <div data-testid="partner-request" className="flex flex-col gap-3">
        <p className="text-sm">
          <span className="font-semibold">{invitation.from.name}</span> asks you to play the season together
          as <span className="font-semibold">{invitation.teamName}</span>.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="touch" disabled={accept.busy} onClick={() => void accept.run()}>
            Accept
          </Button>
          <Button
            variant="secondary"
            size="touch"
            disabled={leave.busy}
            onClick={() => void leave.run(userId)}
          >
            Decline
          </Button>
        </div>
      </div>
    );
  return (
    <div data-testid="partner-request" className="flex flex-col gap-3">
      <p className="text-sm">
        Waiting for <span className="font-semibold">{invitation.to.name}</span> to accept{" "}
        <span className="font-semibold">{invitation.teamName}</span>: the team plays the season once they do.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" size="touch" disabled={leave.busy} onClick={() => void leave.run(userId)}>
          Call It Off
        </Button>
      </div>
    </div>
  );
}

export function TeamForm({
  orgId,
  view,
  userId,
  join,
  onClose,
}: {
  orgId: string;
  view: LeagueView;
  userId: string;
  join: ReturnType<typeof useJoinLeague>;
  onClose: () => void;
}) {
  const [partner, setPartner] = useState<PickedMember | null>(null);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Those already on the roster (a team's players, the substitutes) sign up for themselves.
  const onTeams = new Set([
    userId,
    ...view.roster.teams.flatMap((t) => t.players.map((p) => p.userId)),
    ...view.roster.substitutes.map((p) => p.userId),
  ]);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!partner) {
      setProblem("Choose your partner: a league of teams is played in pairs");
      return;
    }
    setProblem(null);
    const made = await join.run({
      role: "player",
      partnerId: partner.userId,
      ...(name.trim() ? { teamName: name.trim() } : {}),
    });
    if (made) onClose();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PartnerFields
        orgId={orgId}
        idPrefix="sign-up"
        partnerLabel="Your partner"
        nameHint="Optional: otherwise your first names"
        unavailable={onTeams}
        partner={partner}
        onPartner={setPartner}
        name={name}
        onName={setName}
      />
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="touch" disabled={join.busy}>
          Sign Up Our Team
        </Button>
        <Button type="button" variant="ghost" size="touch" onClick={onClose}>
          Not Now
        </Button>
      </div>
    </form>
  );
}
