// Start Session, asking first when the session is more than an hour away: a session started a
// day early ran beside tonight's, and its players checked in to the wrong night.
import { Play } from "lucide-react";
import { useState } from "react";
import { earlyStartQuestion } from "../../../shared/domain/session-time.js";
import { Button } from "../../components/ui/button.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";

export function StartSessionButton({
  session,
  timeZone,
  start,
  busy,
}: {
  session: { name: string; startsAt: string };
  timeZone: string;
  start: () => Promise<unknown>;
  busy: boolean;
}) {
  const [question, setQuestion] = useState<string | null>(null);
  const tap = () => {
    const early = earlyStartQuestion(session, timeZone);
    if (early) setQuestion(early);
    else void start();
  };
  return (
    <>
      <Button className="min-h-11" disabled={busy} onClick={tap}>
        <Play className="h-4 w-4" />
        Start Session
      </Button>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => (open ? undefined : setQuestion(null))}
        title="Start it early?"
        description={question ?? ""}
        confirmLabel="Start Now"
        dismissLabel="Not Yet"
        onConfirm={start}
      />
    </>
  );
}
