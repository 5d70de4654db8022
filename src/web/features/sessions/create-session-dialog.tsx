import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import {
  DEFAULT_REFUND_CUTOFF_HOURS,
  DEFAULT_SESSION_PRICE,
  MAX_REFUND_CUTOFF_HOURS,
  sessionForm,
} from "../../../shared/contracts/session-form.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { can } from "../../../shared/domain/capabilities.js";
import { messages } from "../../../shared/domain/messages.js";
import { teamLabels, teamRules } from "../../../shared/domain/team-rules.js";
import { instantOf, parseWallTime, toWallTimeInput } from "../../../shared/domain/time-zones.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Field, Input, Select, Textarea } from "../../components/ui/input.js";
import { Switch } from "../../components/ui/switch.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { usePayoutAccount, useSubscription } from "../billing/api.js";
import { AccessFields } from "./access-fields.js";
import { useCreateSessions, useUpdateSession } from "./api.js";

type Props = {
  orgId: string;
  timeZone: string;
  /** Given: the dialog edits this session (no repeat); absent: it creates new ones. */
  session?: Session;
};

/** The Create Session dialog, plus capacity, skill range, description and a weekly repeat; also edits. */
export function CreateSessionDialog({ orgId, timeZone, session }: Props) {
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState(session?.paymentRequired ?? false);
  const [membersOnly, setMembersOnly] = useState(session?.membersOnly ?? false);
  const [lottery, setLottery] = useState(session?.lotteryDrawAt != null);
  const create = useCreateSessions(orgId, {
    onSuccess: () => {
      setPaid(false);
      setOpen(false);
    },
    success: ({ sessions }) => ({
      title: "Success!",
      description:
        sessions.length > 1 ? `${sessions.length} weekly sessions created.` : messages.sessions.created,
    }),
  });
  const update = useUpdateSession(orgId, {
    onSuccess: () => setOpen(false),
    success: "Session updated",
  });
  const editing = session !== undefined;
  const subscription = useSubscription(orgId);
  // A paid session needs a payout account that takes charges (the server refuses it otherwise):
  // read as the server stored it, each time the dialog opens.
  const payouts = usePayoutAccount(orgId, { stored: true, enabled: open });
  const owner = can(useOrganization().current?.role, "billing.manage");
  // A session already paid stays paid whatever the account says now: its players paid.
  const paidBlocked = payouts.data?.charges_enabled === false && !session?.paymentRequired;
  const title = editing ? "Edit Session" : "Create Session";
  const wall = (iso: string | undefined) => (iso ? toWallTimeInput(new Date(iso), timeZone) : undefined);

  const submit = async (data: z.output<typeof sessionForm>) => {
    // The form's times are wall times at the club, whatever zone this browser is in.
    const instant = (value: string) => instantOf(parseWallTime(value)!, timeZone).toISOString();
    const body = {
      name: data.name,
      startsAt: instant(data.startsAt),
      endsAt: instant(data.endsAt),
      paymentRequired: data.paymentRequired,
      paymentAmount: data.paymentRequired ? data.paymentAmount?.trim() : undefined,
      capacity: data.capacity,
      refundCutoffHours: data.refundCutoffHours ?? session?.refundCutoffHours ?? DEFAULT_REFUND_CUTOFF_HOURS,
      skillMin: data.skillMin,
      skillMax: data.skillMax,
      description: data.description,
      registrationOpensAt: data.registrationOpensAt ? instant(data.registrationOpensAt) : undefined,
      earlyOpensAt: data.earlyOpensAt ? instant(data.earlyOpensAt) : undefined,
      // A drawn lottery is sent as it stands: it cannot change any more.
      lotteryDrawAt: session?.lotteryDrawnAt
        ? (session.lotteryDrawAt ?? undefined)
        : lottery && data.lotteryDrawAt
          ? instant(data.lotteryDrawAt)
          : undefined,
      lotteryLookbackDays: data.lotteryLookbackDays ?? session?.lotteryLookbackDays,
      lotteryGuaranteeAfter: data.lotteryGuaranteeAfter,
      noShowReleaseMinutes: data.noShowReleaseMinutes,
      // Under way, the board holds it: left out, the session keeps the board's.
      teams: session?.status === "active" ? undefined : data.teams,
      membersOnly: data.membersOnly,
    };
    if (session) await update.run({ sessionId: session.id, body });
    else await create.run({ ...body, repeatWeeks: data.repeatWeeks ?? 1 });
  };
  // The switch is not a field of the form: whether the session is paid comes from its state.
  const form = useZodForm(sessionForm, submit, {
    idPrefix: "session-",
    read: (values) => ({
      ...values,
      paymentRequired: paid && !paidBlocked,
      membersOnly,
      // Off, the lottery's fields are not asked about (nor shown).
      ...(lottery
        ? {}
        : { lotteryDrawAt: undefined, lotteryLookbackDays: undefined, lotteryGuaranteeAfter: undefined }),
    }),
  });
  const { errors } = form;
  const field = form.fieldProps;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {editing ? (
          <Button variant="secondary">Edit Session</Button>
        ) : (
          <Button>
            <Plus className="h-4 w-4" /> Create Session
          </Button>
        )}
      </DialogTrigger>
      {!editing && subscription.data?.trial_expired ? (
        // Said before the form is filled, not after: a club past its trial schedules nothing new.
        <DialogContent title={title} description={messages.dashboard.trialExpired}>
          <Button asChild className="min-h-11">
            <Link to="/billing">Upgrade Now</Link>
          </Button>
        </DialogContent>
      ) : (
        <DialogContent
          title={title}
          description={`Times are in the club's time zone (${timeZone.replaceAll("_", " ")}).`}
        >
          <form noValidate onSubmit={form.onSubmit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field label="Session name" htmlFor="session-name" error={errors.name}>
                <Input placeholder="Tuesday Open Play" defaultValue={session?.name} {...field("name")} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label="Start" htmlFor="session-startsAt" error={errors.startsAt}>
                <Input type="datetime-local" defaultValue={wall(session?.startsAt)} {...field("startsAt")} />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label="End" htmlFor="session-endsAt" error={errors.endsAt}>
                <Input type="datetime-local" defaultValue={wall(session?.endsAt)} {...field("endsAt")} />
              </Field>
            </div>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <div className="flex items-center gap-3">
                <Switch
                  id="session-paid"
                  checked={paid && !paidBlocked}
                  disabled={paidBlocked}
                  onCheckedChange={setPaid}
                  aria-describedby={paidBlocked ? "session-paid-blocked" : undefined}
                />
                <label htmlFor="session-paid" className="text-sm font-medium">
                  Requires payment
                </label>
              </div>
              {paidBlocked ? <PaidNeedsPayouts owner={owner} /> : null}
            </div>
            <div className="flex items-center gap-3 sm:col-span-2">
              <Switch id="session-membersOnly" checked={membersOnly} onCheckedChange={setMembersOnly} />
              <label htmlFor="session-membersOnly" className="text-sm font-medium">
                Members only (members on the club's plans that include it)
              </label>
            </div>
            {paid && !paidBlocked ? (
              <Field
                label="Price per player (USD)"
                htmlFor="session-paymentAmount"
                error={errors.paymentAmount}
              >
                <Input
                  type="number"
                  step="0.01"
                  min="0"
                  defaultValue={
                    session?.paymentAmount != null
                      ? (session.paymentAmount / 100).toFixed(2)
                      : DEFAULT_SESSION_PRICE
                  }
                  inputMode="decimal"
                  {...field("paymentAmount")}
                />
              </Field>
            ) : null}
            {paid && !paidBlocked ? (
              <Field
                label="Refunds until (hours before the start)"
                htmlFor="session-refundCutoffHours"
                error={errors.refundCutoffHours}
                hint="A player who cancels earlier gets their money back; later, it stays with the club."
              >
                <Input
                  type="number"
                  min="0"
                  max={MAX_REFUND_CUTOFF_HOURS}
                  inputMode="numeric"
                  defaultValue={session?.refundCutoffHours ?? DEFAULT_REFUND_CUTOFF_HOURS}
                  {...field("refundCutoffHours")}
                />
              </Field>
            ) : null}
            <Field
              label="Capacity"
              htmlFor="session-capacity"
              error={errors.capacity}
              hint="Leave empty for no limit."
            >
              <Input
                type="number"
                min="1"
                inputMode="numeric"
                placeholder="16"
                defaultValue={session?.capacity ?? undefined}
                {...field("capacity")}
              />
            </Field>
            <Field label="Skill from" htmlFor="session-skillMin" error={errors.skillMin}>
              <Input
                type="number"
                step="0.5"
                min="1"
                max="8"
                placeholder="3.0"
                defaultValue={session?.skillMin ?? undefined}
                {...field("skillMin")}
              />
            </Field>
            <Field label="Skill to" htmlFor="session-skillMax" error={errors.skillMax}>
              <Input
                type="number"
                step="0.5"
                min="1"
                max="8"
                placeholder="4.0"
                defaultValue={session?.skillMax ?? undefined}
                {...field("skillMax")}
              />
            </Field>
            <TeamsField session={session} error={errors.teams} field={field("teams")} />
            {editing ? null : (
              <Field
                label="Repeat weekly"
                htmlFor="session-repeatWeeks"
                error={errors.repeatWeeks}
                hint="Number of weeks, 1 for once."
              >
                <Input
                  type="number"
                  min="1"
                  max="52"
                  defaultValue="1"
                  inputMode="numeric"
                  {...field("repeatWeeks")}
                />
              </Field>
            )}
            <AccessFields
              session={session}
              field={field as (name: string) => object}
              errors={errors}
              lottery={lottery}
              onLottery={setLottery}
              wall={wall}
            />
            <div className="sm:col-span-2">
              <Field label="Description" htmlFor="session-description" error={errors.description}>
                <Textarea
                  placeholder="Rotating doubles, all levels welcome. Bring water!"
                  defaultValue={session?.description ?? undefined}
                  {...field("description")}
                />
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" className="w-full" disabled={create.busy || update.busy}>
                {editing ? "Save Changes" : create.busy ? "Creating..." : "Create Session"}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Who may make a team on the night. Once the session is under way its board holds the rule
 * (the server refuses a change here), so the field shows it, is not sent, and says where it
 * changes.
 */
function TeamsField({ session, error, field }: { session?: Session; error?: string; field: object }) {
  const live = session?.status === "active";
  return (
    <div className="sm:col-span-2">
      <Field
        label="Teams"
        htmlFor="session-teams"
        error={error}
        hint={
          live
            ? "The session is under way: change it on the court board."
            : "Mixed doubles puts a woman and a man on each team where those present allow it."
        }
      >
        <Select defaultValue={session?.teams ?? "open"} disabled={live} {...field}>
          {teamRules.map((rule) => (
            <option key={rule} value={rule}>
              {teamLabels[rule]}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/**
 * Why a session cannot be paid yet, and where that changes: the Settings page's "Payment
 * settings" card, which only the owner sees (in the sandbox, one click connects the account).
 */
function PaidNeedsPayouts({ owner }: { owner: boolean }) {
  return (
    <p id="session-paid-blocked" data-testid="paid-needs-payouts" className="text-sm text-muted">
      Paid sessions need a payout account that can take charges.{" "}
      {owner ? (
        <>
          Connect one in{" "}
          <Link to="/settings" className="text-brand-700 underline">
            Settings &gt; Payment settings
          </Link>
          .
        </>
      ) : (
        "Ask the club's owner to connect one in Settings > Payment settings."
      )}
    </p>
  );
}
