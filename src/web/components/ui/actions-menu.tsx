// A button that opens a short list of actions below it: a court card's rarer actions behind
// "More", a waiting player's behind "⋯". It closes with a choice, a tap elsewhere, Escape, or
// focus tabbing out, and gives focus back to its button; a question a choice opens can give it
// back there too (`buttonRef`, DialogContent's returnFocusTo).
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { Button, type ButtonProps } from "./button.js";

export type MenuAction = { label: string; onSelect: () => void; disabled?: boolean };

export function ActionsMenu({
  label,
  children,
  actions,
  buttonRef,
  look = { variant: "secondary" },
  testId,
}: {
  /** The button's accessible name ("More for Court 3"). */
  label: string;
  /** What the button shows. */
  children: ReactNode;
  actions: MenuAction[];
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** The button's look: a labelled secondary button unless told (the line's is a bare icon). */
  look?: Pick<ButtonProps, "variant" | "size">;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const ownButton = useRef<HTMLButtonElement>(null);
  const button = buttonRef ?? ownButton;
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    // Shown whole when opened near the bottom of the screen.
    list.current?.scrollIntoView?.({ block: "nearest" });
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    // Tabbing out closes it too: left open, it lay over what came next. Only when focus went
    // somewhere: a tap in Safari focuses nothing, and must still reach the item it landed on.
    const tabbedOut = (event: FocusEvent) => {
      const to = event.relatedTarget as Node | null;
      if (to && !box.current?.contains(to)) setOpen(false);
    };
    const container = box.current;
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", onEscape);
    container?.addEventListener("focusout", tabbedOut);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", onEscape);
      container?.removeEventListener("focusout", tabbedOut);
    };
  }, [open, button]);

  return (
    <div className="relative" ref={box}>
      <Button
        ref={button}
        {...look}
        className={look.size ? undefined : "h-auto! min-h-11 px-3"}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {children}
      </Button>
      {open ? (
        <div
          id={listId}
          ref={list}
          className="absolute right-0 z-20 mt-1 flex w-56 flex-col rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          data-testid={testId}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              disabled={action.disabled}
              className="min-h-11 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-slate-100 disabled:opacity-50"
              onClick={() => {
                setOpen(false);
                button.current?.focus();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
