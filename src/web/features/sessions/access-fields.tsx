import { DEFAULT_LOTTERY_LOOKBACK_DAYS } from "../../../shared/contracts/session-form.js";
import type { Session } from "../../../shared/contracts/sessions.js";
import { Field, Input } from "../../components/ui/input.js";
import { Switch } from "../../components/ui/switch.js";

type Props = {
  session?: Session;
  /** The form's field props and errors (use-zod-form). */
  field: (name: string) => object;
  errors: Record<string, string | undefined>;
  lottery: boolean;
  onLottery: (on: boolean) => void;
  wall: (iso: string | undefined) => string | undefined;
};

/**
 * Who gets in, and when: when registration opens, when places not checked in go to the
 * waitlist, and whether places are drawn by lottery (every request until the draw counts the
 * same; lost draws here weigh in a player's favour).
 */
export function AccessFields({ session, field, errors, lottery, onLottery, wall }: Props) {
  const drawn = session?.lotteryDrawnAt != null;
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">Who gets in</legend>
      <div className="sm:col-span-2">
        <Field
          label="Registration opens"
          htmlFor="session-registrationOpensAt"
          error={errors.registrationOpensAt}
          hint="Leave empty to open at once."
        >
          <Input
            type="datetime-local"
            defaultValue={wall(session?.registrationOpensAt ?? undefined)}
            {...field("registrationOpensAt")}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          label="Early window opens"
          htmlFor="session-earlyOpensAt"
          error={errors.earlyOpensAt}
          hint="For members in good standing, by the club's strike rule in Settings. Leave empty for none."
        >
          <Input
            type="datetime-local"
            defaultValue={wall(session?.earlyOpensAt ?? undefined)}
            {...field("earlyOpensAt")}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          label="Release no-shows after (minutes)"
          htmlFor="session-noShowReleaseMinutes"
          error={errors.noShowReleaseMinutes}
          hint="Minutes after the start: places not checked in by then go to the waitlist. Leave empty to release them yourself."
        >
          <Input
            type="number"
            min="0"
            max="240"
            inputMode="numeric"
            placeholder="10"
            defaultValue={session?.noShowReleaseMinutes ?? undefined}
            {...field("noShowReleaseMinutes")}
          />
        </Field>
      </div>
      {drawn ? (
        <p className="text-sm text-muted sm:col-span-2">
          The places were drawn: the lottery stays as it was.
        </p>
      ) : (
        <div className="flex items-center gap-3 sm:col-span-2">
          <Switch id="session-lottery" checked={lottery} onCheckedChange={onLottery} />
          <label htmlFor="session-lottery" className="text-sm font-medium">
            Draw places by lottery
          </label>
        </div>
      )}
      {lottery && !drawn ? (
        <>
          <div className="sm:col-span-2">
            <Field
              label="Draw at"
              htmlFor="session-lotteryDrawAt"
              error={errors.lotteryDrawAt}
              hint="Every request until then counts the same; the rest join the waitlist in draw order."
            >
              <Input
                type="datetime-local"
                defaultValue={wall(session?.lotteryDrawAt ?? undefined)}
                {...field("lotteryDrawAt")}
              />
            </Field>
          </div>
          <Field
            label="Count lost draws from the last (days)"
            htmlFor="session-lotteryLookbackDays"
            error={errors.lotteryLookbackDays}
            hint="Each lost draw doubles a player's chance, until they get in."
          >
            <Input
              type="number"
              min="1"
              max="365"
              inputMode="numeric"
              defaultValue={session?.lotteryLookbackDays ?? DEFAULT_LOTTERY_LOOKBACK_DAYS}
              {...field("lotteryLookbackDays")}
            />
          </Field>
          <Field
            label="Assure a place after (lost draws)"
            htmlFor="session-lotteryGuaranteeAfter"
            error={errors.lotteryGuaranteeAfter}
            hint="Leave empty for no guarantee."
          >
            <Input
              type="number"
              min="1"
              max="20"
              inputMode="numeric"
              placeholder="3"
              defaultValue={session?.lotteryGuaranteeAfter ?? undefined}
              {...field("lotteryGuaranteeAfter")}
            />
          </Field>
        </>
      ) : null}
    </fieldset>
  );
}
