// The roster for the club's treasurers: every member with their plan, its status and renewal,
// filtered by status, and the same as CSV for the spreadsheet they are moving off.
import { Download } from "lucide-react";
import { useState } from "react";
import { pathOf, queryOf } from "../../../shared/contracts/endpoint.js";
import { ROSTER_FILTERS } from "../../../shared/contracts/memberships.js";
import { membershipsEndpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { duesStatusLabel } from "../../../shared/domain/plan-text.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Field, Select } from "../../components/ui/input.js";
import { Spinner } from "../../components/ui/spinner.js";
import { shortDate } from "../../lib/short-date.js";
import { AdjustCredit } from "../ledger/adjust-credit.js";
import { type RosterFilter, useMemberDues, useRoster } from "./api.js";
import { historyLine } from "./history-line.js";

const tone = {
  active: "brand",
  past_due: "ball",
  lapsed: "danger",
  cancelled: "neutral",
  none: "neutral",
} as const;

function MemberHistory({ orgId, userId, timeZone }: { orgId: string; userId: string; timeZone: string }) {
  const history = useMemberDues(orgId, userId).data;
  if (!history) return <Spinner />;
  return (
    <ul className="w-full space-y-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="member-history">
      {history.map((entry) => (
        <li key={`${entry.kind}-${entry.occurredAt}`} className="flex flex-wrap justify-between gap-2">
          <span>{historyLine(entry, timeZone)}</span>
          <time dateTime={entry.occurredAt} className="text-muted">
            {shortDate(entry.occurredAt, timeZone)}
          </time>
        </li>
      ))}
    </ul>
  );
}

export function RosterCard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const [status, setStatus] = useState<RosterFilter>("all");
  // The member whose history is open, one at a time.
  const [opened, setOpened] = useState<string | null>(null);
  // The member whose credit is open: one at a time, as their history is.
  const [crediting, setCrediting] = useState<string | null>(null);
  const roster = useRoster(orgId, status);
  const csv = pathOf(membershipsEndpoints.rosterCsv, { orgId }) + queryOf(status === "all" ? {} : { status });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Roster</CardTitle>
        <CardDescription>Who is a member on which plan, and when each renews.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Status" htmlFor="roster-status">
            <Select
              id="roster-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as RosterFilter)}
            >
              <option value="all">Everyone</option>
              {ROSTER_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {duesStatusLabel[filter]}
                </option>
              ))}
            </Select>
          </Field>
          <Button asChild variant="secondary">
            <a href={csv} download>
              <Download className="h-4 w-4" /> Export CSV
            </a>
          </Button>
        </div>
        {roster.isPending ? (
          <Spinner />
        ) : roster.data?.length ? (
          <ul className="divide-y divide-slate-100" data-testid="roster">
            {roster.data.map((entry) => (
              <li
                key={entry.userId}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
                data-testid="roster-row"
              >
                <span className="min-w-40 flex-1 font-medium">{entry.name}</span>
                {entry.plan ? <Badge>{entry.plan.code}</Badge> : null}
                <Badge tone={tone[entry.status]}>{duesStatusLabel[entry.status]}</Badge>
                <span className="w-full text-sm text-muted sm:w-44 sm:text-right">
                  {entry.renewsOn
                    ? `Renews ${shortDate(entry.renewsOn, timeZone)}`
                    : entry.periodEnd
                      ? `Ends ${shortDate(entry.periodEnd, timeZone)}`
                      : ""}
                </span>
                {entry.plan ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-expanded={opened === entry.userId}
                    onClick={() => setOpened(opened === entry.userId ? null : entry.userId)}
                  >
                    History
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-expanded={crediting === entry.userId}
                  onClick={() => setCrediting(crediting === entry.userId ? null : entry.userId)}
                >
                  Credit
                </Button>
                {opened === entry.userId ? (
                  <MemberHistory orgId={orgId} userId={entry.userId} timeZone={timeZone} />
                ) : null}
                {crediting === entry.userId ? (
                  <AdjustCredit orgId={orgId} userId={entry.userId} timeZone={timeZone} />
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Nobody here.</p>
        )}
      </CardContent>
    </Card>
  );
}
