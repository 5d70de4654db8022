// An organizer puts people on the league's roster: a member to play the season or as a
// substitute, or in a league of fixed teams two members as a team (on at once: the organizer
// answers for them, and both are told by email).
import { UserPlus } from "lucide-react";
import { useState } from "react";
import type { LeagueView } from "../../../shared/contracts/events.js";
import { Button } from "../../components/ui/button.js";
import { Field } from "../../components/ui/input.js";
import { MemberPicker, type PickedMember } from "../members/member-picker.js";
import { useJoinLeague } from "./event-api.js";
import { PartnerFields } from "./partner-fields.js";

export function RosterAdd({
  orgId,
  sessionId,
  view,
}: {
  orgId: string;
  sessionId: string;
  view: LeagueView;
}) {
  const [open, setOpen] = useState(false);
  const [member, setMember] = useState<PickedMember | null>(null);
  const [partner, setPartner] = useState<PickedMember | null>(null);
  const [role, setRole] = useState<"player" | "substitute">("player");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const teams = view.league.format === "teams";
  const join = useJoinLeague(orgId, sessionId, {
    success: (_, body) => (body.role === "substitute" ? "Added to the substitutes" : "Added to the roster"),
  });
  // Anyone on the roster already (or asked) is taken off it first.
  const onRoster = new Set([
    ...view.roster.teams.flatMap((t) => t.players.map((p) => p.userId)),
    ...view.roster.players.map((p) => p.userId),
    ...view.roster.substitutes.map((p) => p.userId),
    ...view.roster.invitations.flatMap((i) => [i.from.userId, i.to.userId]),
  ]);
  const close = () => {
    setOpen(false);
    setMember(null);
    setPartner(null);
    setName("");
    setProblem(null);
  };
  if (!open)
    return (
      <Button variant="secondary" size="touch" className="self-start" onClick={() => setOpen(true)}>
        <UserPlus className="h-4 w-4" /> Add to the Roster
      </Button>
    );
  const withPartner = teams && role === "player";
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!member) return setProblem("Choose the member");
    if (withPartner && !partner)
      return setProblem("Choose the partner: a league of teams is played in pairs");
    setProblem(null);
    const added = await join.run({
      userId: member.userId,
      role,
      ...(withPartner && partner ? { partnerId: partner.userId } : {}),
      ...(withPartner && name.trim() ? { teamName: name.trim() } : {}),
    });
    if (added) close();
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="roster-add"
    >
      <Field label="Member" htmlFor="roster-member">
        <MemberPicker
          orgId={orgId}
          id="roster-member"
          label="Member"
          unavailable={onRoster}
          chosen={member}
          onChoose={setMember}
          listBeforeTyping
          emptyText="No member off the roster by that name."
        />
      </Field>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-medium">As</legend>
        {(["player", "substitute"] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="roster-role" checked={role === value} onChange={() => setRole(value)} />
            {value === "player" ? (teams ? "A team, with a partner" : "Plays the season") : "Substitute"}
          </label>
        ))}
      </fieldset>
      {withPartner ? (
        <PartnerFields
          orgId={orgId}
          idPrefix="roster"
          partnerLabel="Partner"
          nameHint="Optional: otherwise their first names"
          unavailable={new Set([...onRoster, ...(member ? [member.userId] : [])])}
          partner={partner}
          onPartner={setPartner}
          name={name}
          onName={setName}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="touch" disabled={join.busy}>
          Add
        </Button>
        <Button type="button" variant="ghost" size="touch" onClick={close}>
          Not Now
        </Button>
      </div>
    </form>
  );
}
