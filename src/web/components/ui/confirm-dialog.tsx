import { type ReactNode, type RefObject, useState } from "react";
import { Button } from "./button.js";
import { Dialog, DialogContent, DialogTrigger } from "./dialog.js";

type Question = {
  title: string;
  description: string;
  confirmLabel: string;
  /** The way back out; name it when "Cancel" would mean the very thing being confirmed. */
  dismissLabel?: string;
  onConfirm: () => Promise<unknown>;
  /** Where focus goes back on closing, when the question was not opened by its trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** A button that asks before it acts: for removals, revocations and other things hard to undo. */
export function ConfirmButton({ trigger, ...question }: Question & { trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return <ConfirmDialog {...question} open={open} onOpenChange={setOpen} trigger={trigger} />;
}

/**
 * The question itself, opened by its caller: when asking depends on what the page knows at the
 * tap (games on court, say), not on which button was tapped.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  dismissLabel = "Cancel",
  onConfirm,
  returnFocusTo,
}: Question & { open: boolean; onOpenChange: (open: boolean) => void; trigger?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent title={title} description={description} returnFocusTo={returnFocusTo}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* 48 px: on a phone the answer is a thumb's tap. */}
          <Button size="lg" variant="secondary" onClick={() => onOpenChange(false)}>
            {dismissLabel}
          </Button>
          <Button size="lg" variant="destructive" disabled={busy} onClick={confirm}>
            {busy ? "Working..." : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
