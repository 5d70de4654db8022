// The scores kept on this phone while offline, said above the courts until they are sent: the
// organizer sees which courts are waiting on them, and can send them as soon as the network is
// back (they also go by themselves then).
import { CloudOff } from "lucide-react";
import { Button } from "../../components/ui/button.js";
import { useOnline } from "../../lib/use-online.js";
import { sendHeldScores, useHeldScores, useSendHeldScores } from "./held-scores.js";

export function HeldScoresBar({ orgId }: { orgId: string }) {
  useSendHeldScores(orgId);
  const held = useHeldScores(orgId);
  const online = useOnline();
  if (held.length === 0) return null;
  const courts = held.map((s) => s.courtName).join(", ");
  return (
    <div
      data-testid="held-scores"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-amber-100 px-4 py-3 text-amber-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CloudOff className="h-4 w-4 shrink-0" aria-hidden="true" />
        {held.length === 1 ? "1 score" : `${held.length} scores`} kept on this phone ({courts}):{" "}
        {online ? "sending" : "sent when the network is back"}
      </p>
      {online ? (
        <Button size="touch" variant="secondary" onClick={() => void sendHeldScores(orgId)}>
          Send Now
        </Button>
      ) : null}
    </div>
  );
}
