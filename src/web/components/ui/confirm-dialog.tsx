import { type ReactNode, useState } from "react";
import { Button } from "./button.js";
import { Dialog, DialogContent, DialogTrigger } from "./dialog.js";

/** A button that asks before it acts: for removals, revocations and other things hard to undo. */
export function ConfirmButton({
  trigger,
  title,
  description,
  confirmLabel,
  dismissLabel = "Cancel",
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** The way back out; name it when "Cancel" would mean the very thing being confirmed. */
  dismissLabel?: string;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* 48 px: on a phone the answer is a thumb's tap. */}
          <Button size="lg" variant="secondary" onClick={() => setOpen(false)}>
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
