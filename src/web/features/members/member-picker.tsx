// Choosing one of the club's members by typing: the members are searched on the server (by
// name, and by address for admins), so a club of two thousand is never read whole and never
// becomes a two-thousand-line list on a phone. A thumb's worth of names is offered at a time.
import { Search, X } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.js";
import { Input } from "../../components/ui/input.js";
import { useMemberPages } from "./api.js";

export type PickedMember = { userId: string; name: string };

/** Names offered at once: typing narrows them. */
export const PICKER_SHOWN = 6;

export function MemberPicker({
  orgId,
  id,
  label,
  placeholder = "Search the club's members by name",
  unavailable,
  chosen,
  onChoose,
  name,
  detail,
  listBeforeTyping = false,
  emptyText = "No member by that name.",
}: {
  orgId: string;
  /** The search field's id, for a label elsewhere. */
  id: string;
  /** What the field is called to a screen reader (and in "Change …"). */
  label: string;
  placeholder?: string;
  /** Members who cannot be chosen here (the viewer, someone on a team already). */
  unavailable?: ReadonlySet<string>;
  chosen: PickedMember | null;
  onChoose: (member: PickedMember | null) => void;
  /** A form field of this name carries the chosen member's id. */
  name?: string;
  /** More than the name on each offered line (an address, for the owner handing the club on). */
  detail?: (member: { email: string | null }) => string | null;
  /** Offer names before anything is typed (one picker alone on a page). */
  listBeforeTyping?: boolean;
  emptyText?: string;
}) {
  const [search, setSearch] = useState("");
  const [focused, setFocused] = useState(false);
  const wanted = search.trim();
  const open = !chosen && (listBeforeTyping || focused || wanted !== "");
  const pages = useMemberPages(orgId, wanted, { enabled: open, limit: PICKER_SHOWN * 2 });
  const hidden = name ? <input type="hidden" name={name} value={chosen?.userId ?? ""} /> : null;

  if (chosen)
    return (
      <div className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-brand-200 bg-brand-50 pl-3">
        {hidden}
        <span className="min-w-0 truncate font-semibold" data-testid={`${id}-chosen`}>
          {chosen.name}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Change ${label}`}
          className="shrink-0"
          onClick={() => {
            setSearch("");
            onChoose(null);
          }}
        >
          <X className="h-4 w-4" /> Change
        </Button>
      </div>
    );
  const offered = (pages.data?.pages[0]?.members ?? [])
    .filter((m) => !unavailable?.has(m.userId))
    .slice(0, PICKER_SHOWN);
  return (
    <div className="flex flex-col gap-1">
      {hidden}
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" />
        <Input
          id={id}
          aria-label={label}
          className="pl-9"
          placeholder={placeholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(e) => {
            // Enter takes the only name left, as a search box's one result would be.
            if (e.key === "Enter" && offered.length === 1) {
              e.preventDefault();
              onChoose({ userId: offered[0]!.userId, name: offered[0]!.name });
            }
          }}
          autoComplete="off"
        />
      </div>
      {open ? (
        <ul className="flex flex-col gap-1" aria-label="Matching members">
          {offered.map((member) => {
            const more = detail?.(member);
            return (
              <li key={member.userId}>
                <button
                  type="button"
                  className="flex min-h-11 w-full flex-col justify-center rounded-lg border border-slate-200 bg-white px-3 py-1 text-left text-sm hover:bg-slate-50"
                  // Keeps the field's focus: a tap that blurred it first would close the list
                  // before the tap landed (Safari does not focus a tapped button).
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => onChoose({ userId: member.userId, name: member.name })}
                >
                  <span className="truncate">{member.name}</span>
                  {more ? <span className="truncate text-muted">{more}</span> : null}
                </button>
              </li>
            );
          })}
          {pages.isSuccess && offered.length === 0 ? (
            <li className="px-1 text-sm text-muted">{emptyText}</li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
