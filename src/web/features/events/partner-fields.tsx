// A team's two fields, in a member's sign-up and an organizer's: the partner (a member free to
// partner) and the team's name, optional.
import { LEAGUE_LIMITS } from "../../../shared/contracts/events.js";
import { Field, Input } from "../../components/ui/input.js";
import { MemberPicker, type PickedMember } from "../members/member-picker.js";

export function PartnerFields({
  orgId,
  idPrefix,
  partnerLabel,
  nameHint,
  unavailable,
  partner,
  onPartner,
  name,
  onName,
}: {
  orgId: string;
  /** Keeps the fields' ids apart where two forms could be on one page. */
  idPrefix: string;
  partnerLabel: string;
  nameHint: string;
  unavailable: ReadonlySet<string>;
  partner: PickedMember | null;
  onPartner: (partner: PickedMember | null) => void;
  name: string;
  onName: (name: string) => void;
}) {
  return (
    <>
      <Field label={partnerLabel} htmlFor={`${idPrefix}-partner`}>
        <MemberPicker
          orgId={orgId}
          id={`${idPrefix}-partner`}
          label={partnerLabel}
          unavailable={unavailable}
          chosen={partner}
          onChoose={onPartner}
          listBeforeTyping
          emptyText="No member free to partner by that name."
        />
      </Field>
      <Field label="Team name" htmlFor={`${idPrefix}-team-name`} hint={nameHint}>
        <Input
          id={`${idPrefix}-team-name`}
          value={name}
          onChange={(e) => onName(e.target.value)}
          maxLength={LEAGUE_LIMITS.teamName}
        />
      </Field>
    </>
  );
}
