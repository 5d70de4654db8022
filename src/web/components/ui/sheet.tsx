// A dialog for the phone in one hand: on a narrow screen it rises from the bottom edge, where a
// thumb reaches, and takes no more height than its content; from the sm breakpoint on it is the
// usual centred dialog. Radix's dialog underneath: focus trap, Escape, the overlay closes it.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.js";
import { DialogTitleBar } from "./dialog.js";

export const Sheet = DialogPrimitive.Root;

export function SheetContent({
  title,
  description,
  children,
  className,
  onOpenAutoFocus,
}: {
  title: ReactNode;
  description?: string;
  children: ReactNode;
  className?: string;
  /** Radix focuses the first field by default, which on a phone opens the keyboard. */
  onOpenAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <DialogPrimitive.Content
        onOpenAutoFocus={onOpenAutoFocus}
        className={cn(
          "fixed inset-x-0 bottom-0 z-50 max-h-dvh overflow-y-auto rounded-t-2xl bg-white px-4 pt-3 shadow-xl",
          "pb-[max(1rem,env(safe-area-inset-bottom))] focus:outline-none",
          "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:max-w-lg",
          "sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6",
          className,
        )}
      >
        <DialogTitleBar title={title} description={description} sheet />
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
