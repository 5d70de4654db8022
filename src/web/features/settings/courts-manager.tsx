import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { Court } from "../../../shared/contracts/clubs.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Input } from "../../components/ui/input.js";
import { ApiError } from "../../lib/api.js";
import { showErrorToast } from "../../lib/use-action.js";
import { useSubscription } from "../billing/api.js";
import { useAddCourt, useCourts, useUpdateCourt } from "./api.js";

/** Add, rename and take courts out of play, within the plan's limit of active courts. */
export function CourtsManager({ orgId }: { orgId: string }) {
  const courts = useCourts(orgId);
  const subscription = useSubscription(orgId);
  const add = useAddCourt(orgId, { success: (_, name) => `${name} added`, onError: offerUpgrade });
  const update = useUpdateCourt(orgId, { onError: offerUpgrade });

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
          <CourtRow
            key={court.id}
            court={court}
            onChange={(change) => update.run({ courtId: court.id, change })}
          />
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
