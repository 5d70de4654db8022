import { Swords } from "lucide-react";
import { useState } from "react";
import { type MatchFormat, type MatchView, matchBody, teamSize } from "../../../shared/contracts/ladder.js";
import { formatGames, GAME_TARGETS, gameScoreProblem } from "../../../shared/rating/scores.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { MemberPicker, type PickedMember } from "../members/member-picker.js";
import { useEditMatch, useLogMatch } from "./api.js";

const selectClass = "h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base";
/** Today in the club's time zone: the server dates matches by the club's calendar, not the browser's. */
const today = (timeZone: string | undefined) => new Date().toLocaleDateString("en-CA", { timeZone });

/** "11-7, 9-11, 11-5" (or with spaces, or one per line) read as game scores. */
function parseGames(text: string) {
  return text
    .split(/[,;\n]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [a, b] = part.split(/\s*[-–:]\s*/).map(Number);
      return { a: a ?? Number.NaN, b: b ?? Number.NaN };
    });
}

/** The smallest target every game of `match` is a finished game to (11 for a new match). */
const targetOf = (match: MatchView | undefined) =>
  (match && GAME_TARGETS.find((t) => match.games.every((g) => gameScoreProblem(g, t) === null))) ?? 11;

type Props = {
  orgId: string;
  me: PickedMember;
  manager: boolean;
  /** Given: an organizer edits this match; absent: a new match is logged. */
  match?: MatchView;
};

/** Log a Match: singles or doubles, both sides from the club's members, the game scores, the date. */
export function LogMatchDialog({ orgId, me, manager, match }: Props) {
  const clubTimeZone = useOrganization().current?.timeZone;
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<MatchFormat>(match?.format ?? "doubles");
  const close = () => setOpen(false);
  const logMatch = useLogMatch(orgId, {
    onSuccess: close,
    success: (logged) => ({
      title: "Match logged",
      description: logged.counts
        ? "The ladder has been updated."
        : "The other side will be asked to confirm it.",
    }),
  });
  const editMatch = useEditMatch(orgId, {
    onSuccess: close,
    success: { title: "Match updated", description: "The ladder has been updated." },
  });
  const busy = logMatch.busy || editMatch.busy;
  const size = teamSize[format];
  const title = match ? "Edit Match" : "Log a Match";

  const form = useZodForm(
    matchBody,
    async (body) => {
      if (match) await editMatch.run({ matchId: match.id, body });
      else await logMatch.run(body);
    },
    {
      // The pickers, one a player, make the sides; the scores are typed as "11-7, 9-11".
      read: (values) => {
        const team = (side: "A" | "B") =>
          Array.from({ length: size }, (_, i) => String(values[`team${side}${i}`] ?? "")).filter(Boolean);
        return {
          format,
          teamA: team("A"),
          teamB: team("B"),
          target: Number(values.target),
          games: parseGames(String(values.games ?? "")),
          playedAt: String(values.playedAt ?? ""),
        };
      },
    },
  );
  const { errors } = form;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {match ? (
          <Button size="sm" variant="secondary">
            Edit
          </Button>
        ) : (
          <Button>
            <Swords className="h-4 w-4" /> Log a Match
          </Button>
        )}
      </DialogTrigger>
      <DialogContent
        title={title}
        description={
          manager
            ? "Matches you log count at once; one you played in waits for the other side to confirm it."
            : "The other side confirms it; unanswered, it counts after 48 hours."
        }
      >
        <form className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
          <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Format">
            {(["doubles", "singles"] as const).map((f) => (
              <Button
                key={f}
                type="button"
                role="radio"
                aria-checked={format === f}
                variant={format === f ? "primary" : "secondary"}
                onClick={() => setFormat(f)}
              >
                {f === "doubles" ? "Doubles" : "Singles"}
              </Button>
            ))}
          </div>
          <MatchSides
            orgId={orgId}
            size={size}
            manager={manager}
            me={me}
            match={match}
            errors={{ A: errors.teamA, B: errors.teamB }}
          />
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field
              label="Game scores"
              htmlFor="games"
              error={errors.games}
              // Named as the sides are: a player logs their own match as "Your side".
              hint={`${manager ? "Side A's" : "Your side's"} points first, e.g. 11-7, 9-11, 11-5`}
            >
              <Input
                placeholder="11-7"
                autoComplete="off"
                defaultValue={match ? formatGames(match.games) : undefined}
                {...form.fieldProps("games")}
              />
            </Field>
            <Field label="Played to" htmlFor="target" error={errors.target}>
              <select
                {...form.fieldProps("target")}
                defaultValue={String(targetOf(match))}
                className={selectClass}
              >
                <option value="11">11</option>
                <option value="15">15</option>
                <option value="21">21</option>
              </select>
            </Field>
          </div>
          <Field label="Date" htmlFor="playedAt" error={errors.playedAt}>
            <Input
              {...form.fieldProps("playedAt")}
              type="date"
              defaultValue={match ? match.playedAt.slice(0, 10) : today(clubTimeZone)}
              max={today(clubTimeZone)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : match ? "Save Match" : "Log Match"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Both sides' players, each found by typing a name: a hidden field per place carries the
 * chosen member's id to the form. A player logging their own match starts on their own side.
 */
function MatchSides({
  orgId,
  size,
  manager,
  me,
  match,
  errors,
}: {
  orgId: string;
  size: number;
  manager: boolean;
  me: PickedMember;
  match?: MatchView;
  errors: { A?: string; B?: string };
}) {
  const [places, setPlaces] = useState<Record<string, PickedMember | null>>(() => {
    const start: Record<string, PickedMember | null> = {};
    for (const [side, team] of [
      ["A", match?.teamA],
      ["B", match?.teamB],
    ] as const)
      team?.forEach((player, i) => {
        start[`team${side}${i}`] = { userId: player.userId, name: player.name };
      });
    if (!match && !manager) start.teamA0 = me;
    return start;
  });
  // The places of the format chosen: those left from doubles after switching to singles are
  // not sent, and hold nobody.
  const shown = (["A", "B"] as const).flatMap((which) =>
    Array.from({ length: size }, (_, i) => `team${which}${i}`),
  );
  // Someone already in a place is not offered for another.
  const taken = new Set(shown.flatMap((place) => (places[place] ? [places[place].userId] : [])));
  const side = (which: "A" | "B") => {
    const title = which === "A" ? (manager ? "Side A" : "Your side") : manager ? "Side B" : "Opponents";
    return (
      <Field label={title} htmlFor={`team${which}0`} error={errors[which]}>
        <div className="flex flex-col gap-2">
          {Array.from({ length: size }, (_, i) => {
            const name = `team${which}${i}`;
            return (
              <MemberPicker
                key={name}
                orgId={orgId}
                id={name}
                name={name}
                label={`${title}, player ${i + 1}`}
                placeholder="Type a player's name"
                unavailable={taken}
                chosen={places[name] ?? null}
                onChoose={(member) => setPlaces((now) => ({ ...now, [name]: member }))}
              />
            );
          })}
        </div>
      </Field>
    );
  };
  return (
    <>
      {side("A")}
      {side("B")}
    </>
  );
}
