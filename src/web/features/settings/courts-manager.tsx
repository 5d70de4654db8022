import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import type { Court } from "../../../shared/contracts/clubs.js";
import { messages } from "../../../shared/domain/messages.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent } from "../../components/ui/dialog.js";
import { Input } from "../../components/ui/input.js";
import { ApiError } from "../../lib/api.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useSubscription } from "../billing/api.js";
import { playersOnCourt, useAddCourt, useCourts, useUpdateCourt } from "./api.js";

/** Add, rename and take courts out of play, within the plan's limit of active courts. */
export function CourtsManager({ orgId }: { orgId: string }) {
  const courts = useCourts(orgId);
  const subscription = useSubscription(orgId);
  const add = useAddCourt(orgId, { success: (_, name) => `${name} added`, onError: offerUpgrade });
  // A court with a game on the live board leaves play only once the organizer says so: asked
  // here when the board shows one, and when the server finds one the page did not know of.
  const changing = useRef<Court | null>(null);
  const [inUse, setInUse] = useState<{ court: Court; question: string } | null>(null);
  const update = useUpdateCourt(orgId, {
    onError: (error) => {
      if (offerUpgrade(error)) return true;
      if (!(error instanceof ApiError && error.is("COURT_IN_USE") && changing.current)) return false;
      setInUse({ court: changing.current, question: error.message });
      return true;
    },
  });
  const change = async (
    court: Court,
    to: { name?: string; isActive?: boolean; endRunningGame?: boolean },
  ) => {
    changing.current = court;
    if (to.isActive === false && !to.endRunningGame) {
      const players = await playersOnCourt(orgId, court.id);
      if (players !== null) {
        setInUse({ court, question: messages.board.courtInUse(court.name, players) });
        return;
      }
    }
    return update.run({ courtId: court.id, change: to });
  };

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return;
    if (await add.run(name)) form.reset();
  };

  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-slate-100">
        {(courts.data ?? []).map((court) => (
          <CourtRow key={court.id} court={court} onChange={(to) => change(court, to)} />
        ))}
      </ul>
      <form onSubmit={onAdd} className="flex gap-2">
        <label htmlFor="new-court" className="sr-only">
          New court name
        </label>
        <Input
          id="new-court"
          name="name"
          placeholder={`Court ${(courts.data?.length ?? 0) + 1}`}
          maxLength={40}
        />
        <Button type="submit" variant="secondary" disabled={add.busy}>
          Add Court
        </Button>
      </form>
      <Dialog open={inUse !== null} onOpenChange={(open) => (open ? undefined : setInUse(null))}>
        {inUse ? (
          <DialogContent title={`Take ${inUse.court.name} out of play?`} description={inUse.question}>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button size="lg" variant="secondary" onClick={() => setInUse(null)}>
                Keep Playing
              </Button>
              <Button
                size="lg"
                variant="destructive"
                disabled={update.busy}
                onClick={async () => {
                  await change(inUse.court, { isActive: false, endRunningGame: true });
                  setInUse(null);
                }}
              >
                Take Out
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
      {/* The hint follows the club's plan at once (a subscription refetches it). */}
      {subscription.data?.plan === "pro" ? (
        <p className="text-xs text-muted">Your Pro plan has unlimited courts.</p>
      ) : (
        <p className="text-xs text-muted">
          The trial and Basic plan allow 2 active courts.{" "}
          <Link to="/billing" className="text-brand-700 underline">
            Upgrade to Pro
          </Link>{" "}
          for unlimited courts.
        </p>
      )}
    </div>
  );
}

/** Past the plan's court limit, the toast leads to the billing page. */
function offerUpgrade(error: unknown): boolean {
  if (!(error instanceof ApiError && error.is("PLAN_LIMIT_REACHED"))) return false;
  showErrorToast(error, "Plan limit reached", {
    action: { label: "Upgrade", onClick: () => window.location.assign("/billing") },
  });
  return true;
}

function CourtRow({
  court,
  onChange,
}: {
  court: Court;
  onChange: (change: { name?: string; isActive?: boolean }) => Promise<unknown>;
}) {
  const [name, setName] = useState(court.name);
  return (
    <li className="flex flex-wrap items-center gap-2 py-2">
      <label htmlFor={`court-${court.id}`} className="sr-only">
        Name of {court.name}
      </label>
      <Input
        id={`court-${court.id}`}
        value={name}
        maxLength={40}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => {
          if (name.trim() && name !== court.name) onChange({ name: name.trim() });
        }}
        className="h-9 min-w-40 flex-1 sm:max-w-56"
      />
      <Badge tone={court.isActive ? "brand" : "neutral"}>{court.isActive ? "In play" : "Out of play"}</Badge>
      <Button size="sm" variant="ghost" onClick={() => onChange({ isActive: !court.isActive })}>
        {court.isActive ? "Take out of play" : "Bring back"}
      </Button>
    </li>
  );
}
