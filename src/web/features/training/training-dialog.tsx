// The list of tutorials, loaded the first time someone opens it: the header's Training button is
// on every signed-in page, and its dialog in the first download cost every page 12 KB gzipped
// (scripts/check-bundle-size.mjs holds the signed-in shell to its budget).
import { CheckCircle2 } from "lucide-react";
import type { RefObject } from "react";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent } from "../../components/ui/dialog.js";
import { type Tutorial, tutorials } from "./tutorials.js";

type Props = {
  completed: string[];
  onStart: (tutorial: Tutorial) => void;
  onClose: () => void;
  /** The Training button: focus goes back to it, as it would to a dialog's own trigger. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

export default function TrainingDialog({ completed, onStart, onClose, returnFocusTo }: Props) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title="Admin Training Tutorials"
        description="Short walk-throughs of each screen."
        returnFocusTo={returnFocusTo}
      >
        <ul className="flex flex-col gap-2">
          {tutorials.map((tutorial) => (
            <li key={tutorial.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{tutorial.name}</p>
                <p className="text-xs text-muted">{tutorial.minutes} min</p>
              </div>
              {completed.includes(tutorial.id) ? (
                <Badge tone="brand">
                  <CheckCircle2 className="h-3 w-3" /> Completed
                </Badge>
              ) : null}
              <Button size="sm" variant="secondary" onClick={() => onStart(tutorial)}>
                Start
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
