import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { cn } from "../../lib/cn.js";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  returnFocusTo,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** Where focus goes back on closing, for a dialog opened from a menu rather than its trigger. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2",
          "overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none",
          className,
        )}
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogTitleBar title={title} description={description} />
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog's title, its description (read aloud when none is shown) and a 44 px close button:
 * for the centred dialog, and, set closer to the thumb, for the sheet that rises on a phone.
 */
export function DialogTitleBar({
  title,
  description,
  sheet = false,
}: {
  title: ReactNode;
  description?: string;
  sheet?: boolean;
}) {
  return (
    <div className={cn("flex items-start justify-between", sheet ? "mb-3 gap-3" : "mb-4 gap-4")}>
      <div className={cn(sheet && "min-w-0 flex-1 pt-2")}>
        {/* Balanced lines: a question such as "Cancel the game on Court 1?" broke with the court's
            number alone on the second line at 390 px. */}
        <DialogPrimitive.Title className={cn("text-lg font-semibold text-balance", sheet && "leading-tight")}>
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-muted">
            {description}
          </DialogPrimitive.Description>
        ) : (
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
        )}
      </div>
      <DialogPrimitive.Close
        // 44 px to tap, drawn where the icon alone would be.
        className={cn(
          "flex h-11 w-11 shrink-0 items-center justify-center text-muted hover:bg-slate-100",
          sheet ? "-mr-1 rounded-full" : "-m-3 rounded-md",
        )}
        aria-label="Close"
      >
        <X className="h-5 w-5" />
      </DialogPrimitive.Close>
    </div>
  );
}
