import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { boardEndpoints } from "../../shared/contracts/board-endpoints.js";
import type { EndpointAnswer } from "../../shared/contracts/endpoint.js";
import { call } from "../lib/api.js";
import { Button } from "./ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "./ui/dialog.js";

export type Report = EndpointAnswer<typeof boardEndpoints.report>;

/** How fair tonight has been: spread of games, waits, sit-outs and repeats. */
export function FairnessReportButton({ orgId }: { orgId: string }) {
  const [open, setOpen] = useState(false);
  const report = useQuery({
    queryKey: ["fairness", orgId],
    enabled: open,
    queryFn: () => call(boardEndpoints.report, { params: { orgId } }),
  });
  const r = report.data;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="touch" variant="secondary">
          <BarChart3 className="h-4 w-4" /> Fairness Report
        </Button>
      </DialogTrigger>
      <DialogContent title="Fairness report" description="Tonight's session so far.">
        {r ? <FairnessReportView report={r} /> : <p className="text-muted">Loading...</p>}
      </DialogContent>
    </Dialog>
  );
}

/** A column of figures: beside the player's name, never broken within a word. */
const figure = "pl-3 whitespace-nowrap";
/** Its heading wraps between words only ("Longest / wait"), leaving the names their room. */
const heading = "pl-3 align-bottom [overflow-wrap:normal]";

/** The report's figures and its table of players: in the board's dialog, and in a night's record. */
export function FairnessReportView({ report: r }: { report: Report }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <dl className="grid grid-cols-2 gap-2">
        <dt className="text-muted">Games finished</dt>
        <dd className="font-semibold">{r.gamesFinished}</dd>
        <dt className="text-muted">Spread of games played</dt>
        <dd className="font-semibold">{r.gamesPlayedSpread}</dd>
        <dt className="text-muted">Average wait</dt>
        <dd className="font-semibold">
          {r.averageWaitMinutes === null ? "No one has waited yet" : `${r.averageWaitMinutes} min`}
        </dd>
        <dt className="text-muted">Longest wait</dt>
        <dd className="font-semibold">{r.longestWaitMinutes} min</dd>
        <dt className="text-muted">Repeated partners</dt>
        <dd className="font-semibold">{r.partnerRepeats}</dd>
        <dt className="text-muted">Repeated opponents</dt>
        <dd className="font-semibold">{r.opponentRepeats}</dd>
      </dl>
      <table className="w-full text-left">
        <thead className="text-xs text-muted uppercase">
          <tr>
            <th className="py-1 align-bottom">Player</th>
            {/* On a phone no heading breaks within a word ("GAMES" broke as "GAM / ES" at 390 px),
                and a nowrap "Longest wait" squeezed the names to a syllable a line. */}
            <th className={heading}>Games</th>
            <th className={heading}>Sat out</th>
            <th className={heading}>Longest wait</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {/* By name, where a player looks for their own row. */}
          {[...r.players]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((p) => (
              <tr key={p.registrationId} className="border-t border-slate-100">
                {/* Whole words a line; only a word wider than the column breaks. */}
                <td className="py-1 break-words">{p.name}</td>
                <td className={figure}>{p.gamesPlayed}</td>
                <td className={figure}>{p.sitOuts}</td>
                <td className={figure}>{p.longestWaitMinutes} min</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
