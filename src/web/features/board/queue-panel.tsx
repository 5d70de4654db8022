import { Coffee, MoreHorizontal } from "lucide-react";
import { type BoardView, waitRangeText } from "../../../shared/contracts/board.js";
import { ActionsMenu } from "../../components/ui/actions-menu.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { cn } from "../../lib/cn.js";
import { type PlayerAction as Action, useMovePlayer } from "./board-api.js";
import { clockText } from "./leaving-time.js";

/** The waiting line in order with estimated waits; organizers move players from here. */
export function QueuePanel({
  board,
  orgId,
  highlight,
  timeZone,
}: {
  board: BoardView;
  orgId: string;
  highlight?: string | null;
  /** The club's: a player's leaving time shows on its clock. */
  timeZone: string;
}) {
  const move = useMovePlayer(orgId);
  const act = (registrationId: string, action: Action) => move.run({ registrationId, action });
  // Under a team rule organizers see who declared what (the answer carries it to them alone).
  const genders = board.teams !== "open" ? board.organizer?.genders : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting ({board.queue.length})</CardTitle>
      </CardHeader>
      <CardContent>
        {board.queue.length === 0 ? <p className="text-sm text-muted">Nobody is waiting.</p> : null}
        <ol className="divide-y divide-slate-100" data-testid="queue">
          {board.queue.map((entry) => (
            <li
              key={entry.registrationId}
              className={cn(
                "flex items-center gap-3 py-1",
                highlight === entry.registrationId && "rounded-lg bg-yellow-50",
              )}
            >
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-bold">
                {entry.position}
              </span>
              {/* The wait and the leaving time go under the name: beside it, the narrow column of
                  the wide board squeezed a long name to break mid-word. */}
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="leading-snug font-medium" data-testid="queue-name">
                  {entry.name}
                  {genders?.[entry.registrationId] ? (
                    <span className="ml-1 text-xs font-normal text-muted" data-testid="queue-gender">
                      ({genders[entry.registrationId] === "woman" ? "W" : "M"})
                    </span>
                  ) : null}
                </span>
                <span className="text-xs text-muted">
                  <span data-testid="queue-wait">{lineWaitText(entry.waitRange)}</span>
                  {entry.leavesAt ? (
                    <>
                      {" · "}
                      <span className="text-amber-800" data-testid="queue-leaves">
                        leaves {clockText(entry.leavesAt, timeZone)}
                      </span>
                    </>
                  ) : null}
                </span>
              </span>
              {entry.wantsBye ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-muted">bye</span>
              ) : null}
              {board.canManage ? (
                <ActionsMenu
                  label={`Actions for ${entry.name}`}
                  look={{ variant: "ghost", size: "icon" }}
                  actions={(
                    [
                      ["front", "Move to front"],
                      ["skip", "Skip (to the back)"],
                      ["break", "Put on break"],
                      ["remove", "Remove (left)"],
                      entry.wantsBye ? ["cancel-bye", "Cancel bye"] : ["bye", "First-round bye"],
                    ] satisfies [Action, string][]
                  ).map(([action, label]) => ({
                    label,
                    onSelect: () => void act(entry.registrationId, action),
                  }))}
                >
                  <MoreHorizontal className="h-4 w-4" />
                </ActionsMenu>
              ) : null}
            </li>
          ))}
        </ol>
        {board.onBreak.length > 0 ? (
          <div className="mt-4 border-t border-slate-100 pt-3">
            <p className="mb-2 flex items-center gap-2 text-sm font-semibold text-muted">
              <Coffee className="h-4 w-4" /> On a break
            </p>
            <ul className="flex flex-col gap-1">
              {board.onBreak.map((p) => (
                <li key={p.registrationId} className="flex items-center justify-between text-sm">
                  {p.name}
                  {board.canManage ? (
                    <Button size="touch" variant="ghost" onClick={() => act(p.registrationId, "return")}>
                      Back in line
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Under a name in the line: "about 8-12 min", or "now" for the next to go on. */
function lineWaitText(range: { low: number; high: number }): string {
  const text = waitRangeText(range);
  return text === "now" ? text : `about ${text}`;
}
