import { Link2, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { BoardView } from "../../../shared/contracts/board.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent } from "../../components/ui/dialog.js";
import { useBoardSettings } from "./board-api.js";

type Person = { registrationId: string; name: string };
type Kind = "together" | "apart";

const kindLabels: Record<Kind, string> = { together: "Always partners", apart: "Never partners" };

/** Everyone checked in: waiting, on a break or on court. */
function everyone(board: BoardView): Person[] {
  const seen = new Map<string, Person>();
  const add = (p: Person) => seen.set(p.registrationId, p);
  board.queue.forEach(add);
  board.onBreak.forEach(add);
  for (const court of board.courts) [...(court.game?.teamA ?? []), ...(court.game?.teamB ?? [])].forEach(add);
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Organizers' pairings: partners who asked to play together, and players never partnered. */
export function PairingsButton({ board, orgId }: { board: BoardView; orgId: string }) {
  const [open, setOpen] = useState(false);
  const players = everyone(board);
  const ids = (kind: Kind) =>
    board.pairings[kind].map(([a, b]) => [a.registrationId, b.registrationId] as [string, string]);
  const settings = useBoardSettings(orgId);
  const save = (together: [string, string][], apart: [string, string][]) =>
    settings.run({ mode: board.mode, pairings: { together, apart } });
  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pair: [string, string] = [String(data.get("first")), String(data.get("second"))];
    const kind = String(data.get("kind")) as Kind;
    if (pair[0] === pair[1]) {
      toast.error("Error", { description: "Choose two different players." });
      return;
    }
    const together = kind === "together" ? [...ids("together"), pair] : ids("together");
    const apart = kind === "apart" ? [...ids("apart"), pair] : ids("apart");
    await save(together, apart);
  };
  const remove = (kind: Kind, index: number) => {
    const without = (k: Kind) => ids(k).filter((_, i) => k !== kind || i !== index);
    return save(without("together"), without("apart"));
  };
  const count = board.pairings.together.length + board.pairings.apart.length;
  return (
    <>
      <Button size="touch" variant="ghost" onClick={() => setOpen(true)}>
        <Link2 className="h-4 w-4" /> Pairings{count ? ` (${count})` : ""}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Pairings"
          description="Partners who asked to play together stay together; players kept apart are never partners."
        >
          <ul className="mb-4 flex flex-col gap-2" data-testid="pairings">
            {(["together", "apart"] as const).flatMap((kind) =>
              board.pairings[kind].map(([a, b], index) => (
                <li
                  key={`${kind}-${a.registrationId}-${b.registrationId}`}
                  className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
                >
                  <span className="min-w-0 truncate">
                    <strong>{kindLabels[kind]}:</strong> {a.name} &amp; {b.name}
                  </span>
                  <button
                    type="button"
                    aria-label={`Remove ${a.name} and ${b.name}`}
                    className="rounded-md p-1 hover:bg-slate-200"
                    onClick={() => remove(kind, index)}
                  >
                    <X className="h-4 w-4" />
                  </button>
                </li>
              )),
            )}
            {count === 0 ? <li className="text-sm text-muted">No pairings yet.</li> : null}
          </ul>
          <form onSubmit={onAdd} className="flex flex-col gap-3">
            {(["first", "second"] as const).map((field) => (
              <select
                key={field}
                name={field}
                aria-label={field === "first" ? "First player" : "Second player"}
                required
                className="h-10 rounded-lg border border-slate-300 bg-white px-2"
              >
                {players.map((p) => (
                  <option key={p.registrationId} value={p.registrationId}>
                    {p.name}
                  </option>
                ))}
              </select>
            ))}
            <select
              name="kind"
              aria-label="Kind"
              className="h-10 rounded-lg border border-slate-300 bg-white px-2"
            >
              <option value="together">{kindLabels.together}</option>
              <option value="apart">{kindLabels.apart}</option>
            </select>
            <Button type="submit" disabled={players.length < 2}>
              Add Pairing
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
