// A court card's rarer actions (cancel the game, take the court out, singles or doubles) behind
// one "More" button, so the card's one wide button is the one used all night: Record Score.
// Four buttons on every card made a phone's board two screens of controls, and put Cancel Game
// a thumb's width from Record Score.
import { MoreHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.js";

export type CourtAction = { label: string; onSelect: () => void; disabled?: boolean };

export function CourtMoreMenu({ courtName, actions }: { courtName: string; actions: CourtAction[] }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = useId();

  // Closed by a tap anywhere else or by Escape, as a menu is.
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div className="relative" ref={box}>
      <Button
        variant="secondary"
        className="h-auto! min-h-11 px-3"
        aria-label={`More for ${courtName}`}
        aria-expanded={open}
        aria-controls={list}
        onClick={() => setOpen((was) => !was)}
      >
        <MoreHorizontal className="h-4 w-4" /> More
      </Button>
      {open ? (
        <div
          id={list}
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
                setOpen(false);
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
