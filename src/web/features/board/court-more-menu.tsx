// A court card's rarer actions (cancel the game, take the court out, singles or doubles) behind
// one "More" button, so the card's one wide button is the one used all night: Record Score.
// Four buttons on every card made a phone's board two screens of controls, and put Cancel Game
// a thumb's width from Record Score.
import { MoreHorizontal } from "lucide-react";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.js";

export type CourtAction = { label: string; onSelect: () => void; disabled?: boolean };

export function CourtMoreMenu({
  courtName,
  actions,
  buttonRef,
}: {
  courtName: string;
  actions: CourtAction[];
  /** The More button: focus comes back to it when the menu, or a question it opened, closes. */
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  // Closed by a tap anywhere else or by Escape, as a menu is; shown whole when opened near the
  // bottom of the screen.
  useEffect(() => {
    if (!open) return;
    list.current?.scrollIntoView?.({ block: "nearest" });
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    // Tabbing out closes it too: left open, it lay over the next card. Only when focus went
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
  }, [open, buttonRef]);

  return (
    <div className="relative" ref={box}>
      <Button
        ref={buttonRef}
        variant="secondary"
        className="h-auto! min-h-11 px-3"
        aria-label={`More for ${courtName}`}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <MoreHorizontal className="h-4 w-4" /> More
      </Button>
      {open ? (
        <div
          id={listId}
          ref={list}
          className="absolute right-0 z-20 mt-1 flex w-56 flex-col rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          data-testid="court-more"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              disabled={action.disabled}
              className="min-h-11 rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-slate-100 disabled:opacity-50"
              onClick={() => {
                close();
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
