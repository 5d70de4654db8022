// Walk-ins at the door, many at once: guests' names pasted one per line, and members found by
// name (searched on the server: a big club's members are never read whole) and ticked. One
// submit checks everyone in, or nobody: a refusal marks every line and member to fix, by the
// line it is on.
import { Search, UserPlus } from "lucide-react";
import { type FormEvent, useMemo, useRef, useState } from "react";
import {
  BULK_CHECK_IN_MAX,
  type BulkCheckInBody,
  bulkCheckInBody,
  type Registration,
} from "../../../shared/contracts/session-registrations.js";
import type { SessionDetails } from "../../../shared/contracts/sessions.js";
import { plural } from "../../../shared/domain/formatters.js";
import { LoadMore } from "../../components/load-more.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Input, Label, Textarea } from "../../components/ui/input.js";
import { ApiError } from "../../lib/api.js";
import { noRefusal, pastedNames, problemsOf, type Refusal, refusalOf } from "../../lib/walk-in-lines.js";
import { useMemberPages } from "../members/api.js";
import type { PickedMember } from "../members/member-picker.js";
import { useAddWalkIns } from "./api.js";

type Props = { orgId: string; data: SessionDetails };

const placeHint: Partial<Record<Registration["status"], string>> = {
  registered: "Registered",
  waitlisted: "Waitlisted",
  pending_payment: "Unpaid",
  entered: "In the draw",
};

export function WalkInsDialog({ orgId, data }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  // The members ticked, with their names: a new search must not hide who is already ticked.
  const [ticked, setTicked] = useState<PickedMember[]>([]);
  // After the first try, the list is checked as it is typed with the server's own rules.
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(noRefusal);
  // The places ran out part-way: those left over may stand by at the door instead.
  const [full, setFull] = useState(false);
  const sent = useRef<BulkCheckInBody>({});

  const reset = () => {
    setText("");
    setQuery("");
    setTicked([]);
    setTried(false);
    setRefusal(noRefusal);
    setFull(false);
  };
  const add = useAddWalkIns(orgId, data.session.id, {
    onSuccess: () => {
      reset();
      setOpen(false);
    },
    success: ({ checkedIn, standingBy }) =>
      standingBy === 0
        ? `${plural(checkedIn, "player")} checked in`
        : checkedIn === 0
          ? `${plural(standingBy, "player")} standing by for a place`
          : `${plural(checkedIn, "player")} checked in, ${standingBy} standing by for a place`,
    onError: (error) => {
      if (!(error instanceof ApiError) || error.issues.length === 0) return false;
      setRefusal(refusalOf(error, sent.current));
      setFull(error.is("SESSION_FULL"));
      return true;
    },
  });

  const pasted = pastedNames(text);
  const tickedIds = ticked.map((m) => m.userId);
  const body = { guestNames: pasted.map((p) => p.name), memberIds: tickedIds };
  const local = tried ? bulkCheckInBody.safeParse(body) : null;
  const problems = problemsOf(local?.error?.issues ?? [], refusal, pasted, tickedIds);
  const total = pasted.length + ticked.length;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    setRefusal(noRefusal);
    setFull(false);
    if (!bulkCheckInBody.safeParse(body).success) return;
    sent.current = body;
    await add.run(body);
  };
  const standTheRestBy = async () => {
    setRefusal(noRefusal);
    setFull(false);
    sent.current = { ...body, standBy: true };
    await add.run(sent.current);
  };
  const toggle = (member: PickedMember) =>
    setTicked((now) =>
      now.some((m) => m.userId === member.userId)
        ? now.filter((m) => m.userId !== member.userId)
        : [...now, member],
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="lg" className="w-full sm:w-auto">
          <UserPlus className="h-5 w-5" /> Add walk-ins
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Add walk-ins"
        description="Paste names, tick members, check everyone in at once."
        className="flex flex-col sm:max-w-3xl"
      >
        {/* The lists scroll between the title and the submit, which stays in reach. */}
        <form onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col" noValidate>
          <div className="-mx-6 flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-6 pb-5">
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
              <section className="flex min-w-0 flex-col gap-1.5">
                <Label htmlFor="walk-in-names">Guests, one name per line</Label>
                <Textarea
                  id="walk-in-names"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  rows={8}
                  placeholder={"Ana Alvarez\nBen Brooks\nCal Chen"}
                  spellCheck={false}
                  autoComplete="off"
                  className="min-h-40 md:min-h-72"
                  aria-invalid={problems.lines.length > 0 ? true : undefined}
                  aria-describedby="walk-in-names-count walk-in-names-problems"
                />
                <p id="walk-in-names-count" className="text-sm text-muted" data-testid="names-count">
                  {pasted.length === 0
                    ? `Up to ${BULK_CHECK_IN_MAX} names; blank lines are skipped.`
                    : `${plural(pasted.length, "name")} to add`}
                </p>
                <ul id="walk-in-names-problems" className="flex flex-col gap-1 text-sm text-red-700">
                  {problems.lines.map((p) => (
                    <li key={`${p.line}:${p.message}`}>
                      <span className="font-semibold">Line {p.line}:</span> {p.message}
                    </li>
                  ))}
                </ul>
              </section>
              <MemberTicks
                orgId={orgId}
                registrations={data.registrations}
                query={query}
                onQuery={setQuery}
                ticked={ticked}
                onToggle={toggle}
                problems={problems.members}
              />
            </div>
          </div>
          {/* Outside the scrolling lists, so the reason is in view next to the button. */}
          {problems.general.length > 0 ? (
            <div role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {problems.general.map((message) => (
                <p key={message}>{message}</p>
              ))}
              {full ? (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <p className="text-red-900">
                    Those without a place can stand by: the next places go to the waitlist, then to them.
                  </p>
                  <Button type="button" variant="secondary" onClick={standTheRestBy} disabled={add.busy}>
                    Stand the Rest By
                  </Button>
                </div>
              ) : null}
            </div>
          ) : null}
          <div className="-mx-6 -mb-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-4">
            <p className="text-sm text-muted" data-testid="walk-ins-total">
              {plural(pasted.length, "guest")} + {plural(ticked.length, "member")}
            </p>
            <Button type="submit" size="lg" disabled={add.busy || total === 0} className="grow sm:grow-0">
              {total === 0 ? "Check in" : `Check in ${total}`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type TicksProps = {
  orgId: string;
  registrations: Registration[];
  query: string;
  onQuery: (query: string) => void;
  ticked: PickedMember[];
  onToggle: (member: PickedMember) => void;
  problems: Map<string, string>;
};

/**
 * The club's members not yet checked in, found by name on the server, each with a tick box.
 * Those ticked stay on top whatever is searched next, so they can be seen and unticked.
 */
function MemberTicks({ orgId, registrations, query, onQuery, ticked, onToggle, problems }: TicksProps) {
  const pages = useMemberPages(orgId, query.trim());
  const placeOfMember = useMemo(
    () => new Map(registrations.flatMap((r) => (r.userId ? [[r.userId, r] as const] : []))),
    [registrations],
  );
  const tickedIds = new Set(ticked.map((m) => m.userId));
  const found = useMemo(
    () =>
      (pages.data?.pages.flatMap((page) => page.members) ?? [])
        // Standing by at the door (waitlisted, checked in) is not in yet: the organizer may take them in.
        .filter((m) => {
          const place = placeOfMember.get(m.userId);
          return !(place?.checkedIn && place.status !== "waitlisted");
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    [pages.data, placeOfMember],
  );
  const shown = [...ticked, ...found.filter((m) => !tickedIds.has(m.userId))];
  const searched = query.trim();
  return (
    <section className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor="walk-in-search">Members</Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <Input
          id="walk-in-search"
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="Find by name"
          autoComplete="off"
          className="pl-9"
        />
      </div>
      <p className="text-sm text-muted">
        {ticked.length > 0
          ? `${plural(ticked.length, "member")} ticked`
          : "Members already checked in are not listed."}
      </p>
      <div className="rounded-lg border border-slate-200 md:max-h-80 md:overflow-y-auto">
        <ul className="divide-y divide-slate-100" aria-label="Members not checked in">
          {pages.isPending ? <li className="p-3 text-sm text-muted">Loading members…</li> : null}
          {pages.isSuccess && shown.length === 0 ? (
            <li className="p-3 text-sm text-muted">
              {searched ? `No member matches “${searched}”.` : "Every member is checked in."}
            </li>
          ) : null}
          {shown.map((member) => {
            const hint = placeHint[placeOfMember.get(member.userId)?.status ?? "cancelled"];
            const problem = problems.get(member.userId);
            return (
              <li key={member.userId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 accent-brand-700"
                    checked={tickedIds.has(member.userId)}
                    onChange={() => onToggle({ userId: member.userId, name: member.name })}
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{member.name}</span>
                    {problem ? <span className="text-sm text-red-700">{problem}</span> : null}
                  </span>
                  {hint ? <Badge>{hint}</Badge> : null}
                </label>
              </li>
            );
          })}
        </ul>
        <div className="pb-3">
          <LoadMore
            hasMore={pages.hasNextPage}
            loading={pages.isFetchingNextPage}
            failed={pages.isFetchNextPageError}
            onMore={() => void pages.fetchNextPage()}
            label="More members"
          />
        </div>
      </div>
    </section>
  );
}
