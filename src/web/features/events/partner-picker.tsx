// Choosing a partner for a league's team: the club's members searched on the server as the
// player types (a big club's two thousand are never read whole), those already on a team left out.
import { Search } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.js";
import { Input, Label } from "../../components/ui/input.js";
import { useMemberPages } from "../members/api.js";

export type Partner = { userId: string; name: string };

/** How many names the list offers at once: a thumb's worth; typing narrows it. */
const SHOWN = 6;

export function PartnerPicker({
  orgId,
  unavailable,
  chosen,
  onChoose,
}: {
  orgId: string;
  /** The viewer and everyone already on a team of the league. */
  unavailable: Set<string>;
  chosen: Partner | null;
  onChoose: (partner: Partner | null) => void;
}) {
  const [search, setSearch] = useState("");
  const pages = useMemberPages(orgId, search.trim());
  if (chosen)
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2">
        <p className="text-sm">
          Your partner: <span className="font-semibold">{chosen.name}</span>
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={() => onChoose(null)}>
          Change
        </Button>
      </div>
    );
  const offered = (pages.data?.pages[0]?.members ?? [])
    .filter((m) => !unavailable.has(m.userId))
    .slice(0, SHOWN);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="partner-search">Your partner</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" />
        <Input
          id="partner-search"
          className="pl-9"
          placeholder="Search the club's members by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
        />
      </div>
      <ul className="flex flex-col gap-1" aria-label="Members to choose from">
        {offered.map((member) => (
          <li key={member.userId}>
            <button
              type="button"
              className="flex min-h-11 w-full items-center rounded-lg border border-slate-200 bg-white px-3 text-left text-sm hover:bg-slate-50"
              onClick={() => onChoose({ userId: member.userId, name: member.name })}
            >
              {member.name}
            </button>
          </li>
        ))}
      </ul>
      {pages.isSuccess && offered.length === 0 ? (
        <p className="text-sm text-muted">No member free to partner by that name.</p>
      ) : null}
    </div>
  );
}
