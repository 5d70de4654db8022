// A form's submit button and its Cancel, side by side: the busy label while it submits.
import { cn } from "../../lib/cn.js";
import { Button } from "./button.js";

export function FormActions({
  label,
  busyLabel,
  busy,
  destructive = false,
  onCancel,
  className,
}: {
  label: string;
  /** Shown while submitting; the label itself when not given. */
  busyLabel?: string;
  busy: boolean;
  destructive?: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <Button type="submit" variant={destructive ? "destructive" : "primary"} disabled={busy}>
        {busy && busyLabel ? busyLabel : label}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
