// How an event is played, as an organizer sets it: for one night (the session's event form) or
// for every week of a league (the league form). The values stay as typed; the shared schema
// checks them on submit (createEventBody, createLeagueBody).
import { EVENT_LIMITS } from "../../../shared/contracts/events.js";
import { Field, Input } from "../../components/ui/input.js";

export type SettingsForm = {
  format: string;
  rounds: string;
  courts: string;
  ending: string;
  playTo: string;
  roundMinutes: string;
  boxSize: string;
};

/** A court for every four players, within the club's courts in use when they are known. */
export const settingsFormFor = (players: number, courtsInUse?: number): SettingsForm => ({
  format: "americano",
  rounds: "6",
  courts: String(
    Math.max(
      1,
      Math.min(EVENT_LIMITS.courts.max, courtsInUse ?? Number.POSITIVE_INFINITY, Math.floor(players / 4)),
    ),
  ),
  ending: "points",
  playTo: "11",
  roundMinutes: "12",
  boxSize: "5",
});

/** The body the endpoints take: the ending's own field only. */
export const settingsBody = (form: SettingsForm) => ({
  format: form.format,
  rounds: form.rounds,
  courts: form.courts,
  ending: form.ending,
  boxSize: form.boxSize,
  ...(form.ending === "points" ? { playTo: form.playTo } : { roundMinutes: form.roundMinutes }),
});

const select = "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base";

export function EventSettingsFields({
  id,
  form,
  onChange,
}: {
  /** Prefix of the fields' ids: two forms on one page keep their labels apart. */
  id: string;
  form: SettingsForm;
  onChange: (form: SettingsForm) => void;
}) {
  const set = (key: keyof SettingsForm) => (e: { target: { value: string } }) =>
    onChange({ ...form, [key]: e.target.value });
  const number = (key: keyof SettingsForm, label: string, hint?: string) => (
    <Field label={label} htmlFor={`${id}-${key}`} hint={hint}>
      <Input id={`${id}-${key}`} type="number" inputMode="numeric" value={form[key]} onChange={set(key)} />
    </Field>
  );
  return (
    <>
      <Field label="Format" htmlFor={`${id}-format`}>
        <select id={`${id}-format`} className={select} value={form.format} onChange={set("format")}>
          <option value="americano">Americano: new partners</option>
          <option value="mexicano">Mexicano: by standing</option>
          <option value="boxes">Box ladder: boxes by level</option>
          <option value="teams">Pool play: fixed teams</option>
        </select>
      </Field>
      <Field label="Games end" htmlFor={`${id}-ending`}>
        <select id={`${id}-ending`} className={select} value={form.ending} onChange={set("ending")}>
          <option value="points">At a score</option>
          <option value="timed">When the round's time is up</option>
        </select>
      </Field>
      {number("rounds", "Rounds", `1 to ${EVENT_LIMITS.rounds.max}`)}
      {number("courts", "Courts", `1 to ${EVENT_LIMITS.courts.max}`)}
      {form.ending === "points" ? number("playTo", "Play to") : number("roundMinutes", "Minutes a round")}
      {form.format === "boxes" ? number("boxSize", "Players a box", "4 to 6, a box a court") : null}
    </>
  );
}
