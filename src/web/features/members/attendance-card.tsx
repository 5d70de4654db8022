import { useQuery } from "@tanstack/react-query";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { Badge } from "../../components/ui/badge.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { call } from "../../lib/api.js";

/**
 * Each member's no-shows and late drops (admins). Kept under the sessions' key: whatever changes
 * a session (a check-in, a cancellation) refreshes it with them.
 */
function useAttendance(orgId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["sessions", orgId, "attendance"] as const,
    enabled,
    queryFn: () => call(sessionsEndpoints.attendance, { params: { orgId } }),
  });
}

/**
 * For admins on the members page: who missed the places they held lately (a no-show counts
 * one strike, a place given up after the refund cut-off half). Shown only when someone has.
 */
export function AttendanceCard({ orgId, enabled }: { orgId: string; enabled: boolean }) {
  const attendance = useAttendance(orgId, enabled);
  if (!attendance.data || attendance.data.members.length === 0) return null;
  const { days, members } = attendance.data;
  return (
    <Card data-testid="attendance">
      <CardHeader>
        <CardTitle>Missed places, last {days} days</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100 text-sm">
          {members.map((m) => (
            <li key={m.userId} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0 truncate font-medium">{m.name}</span>
              <span className="flex shrink-0 items-center gap-2 text-muted tabular-nums">
                {m.noShows > 0 ? `${m.noShows} no-show${m.noShows === 1 ? "" : "s"}` : ""}
                {m.noShows > 0 && m.lateDrops > 0 ? " · " : ""}
                {m.lateDrops > 0 ? `${m.lateDrops} late drop${m.lateDrops === 1 ? "" : "s"}` : ""}
                <Badge tone={m.strikes >= 3 ? "danger" : undefined}>
                  {m.strikes} {m.strikes === 1 ? "strike" : "strikes"}
                </Badge>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
