import { Dices } from "lucide-react";
import { useState } from "react";
import type { DrawView, SessionDetails } from "../../../shared/contracts/sessions.js";
import { dateTimeFormat } from "../../../shared/domain/formatters.js";
import { drawOrder } from "../../../shared/lottery/draw.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useSessionDraw } from "./api.js";

/**
 * A drawn lottery, published: the seed and, for each entrant, the draws they had lost, their
 * weight and where they came. "Check the draw" recomputes the order here, in the browser, from
 * the seed and weights alone (shared/lottery/draw.ts), so nobody has to take it on trust.
 */
export function DrawCard({ orgId, data }: { orgId: string; data: SessionDetails }) {
  const drawn = data.session.lotteryDrawnAt !== null;
  const draw = useSessionDraw(orgId, data.session.id, drawn);
  const [checked, setChecked] = useState<boolean | null>(null);
  if (!drawn || !draw.data) return null;
  const view = draw.data;
  const mine = view.entrants.find((e) => e.userId === data.mine?.userId);
  const when = dateTimeFormat({ dateStyle: "medium", timeStyle: "short" }, data.timeZone).format(
    new Date(view.drawnAt),
  );
  return (
    <Card data-testid="draw">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Dices className="h-5 w-5 shrink-0 text-brand-600" /> The draw
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {mine ? (
          <p className="text-base font-medium">
            {mine.won
              ? `You were drawn number ${mine.position}: you got a place.`
              : `You were drawn number ${mine.position}, after the places ran out.`}
          </p>
        ) : null}
        <p className="text-muted">
          Drawn {when} from {view.entrants.length} {view.entrants.length === 1 ? "entry" : "entries"}. Each
          draw lost here since a last win doubled a weight
          {view.guaranteeAfter !== null ? `; ${view.guaranteeAfter} in a row assured a place` : ""}.
        </p>
        <p className="break-all">
          Seed <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">{view.seed}</code>
        </p>
        <ol className="divide-y divide-slate-100" aria-label="Draw order">
          {view.entrants.map((e) => (
            <li key={e.userId} className="flex items-center gap-3 py-2">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-bold tabular-nums">
                {e.position}
              </span>
              <span className="min-w-0 flex-1 truncate">{e.name}</span>
              <span className="shrink-0 text-xs text-muted tabular-nums">
                {e.lossesBefore > 0 ? `${e.lossesBefore} lost · ` : ""}×{e.weight}
              </span>
              {e.assured ? <Badge tone="ball">Assured</Badge> : null}
              <Badge tone={e.won ? "brand" : undefined}>{e.won ? "Place" : "Waitlist"}</Badge>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() => void checkDraw(view, data.session.lotterySeedHash).then(setChecked)}
          >
            Check the Draw
          </Button>
          {checked === null ? null : (
            <span role="status" className={checked ? "text-brand-700" : "text-red-700"}>
              {checked
                ? "The seed matches the fingerprint shown before the draw, and recomputed from it, the order is the same."
                : "This draw does not check out: the seed or the order differs."}
            </span>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The draw checked here: the seed's SHA-256 is the fingerprint the session showed before the
 * draw (so the seed was not chosen after the entries), and the order recomputes from it.
 */
async function checkDraw(view: DrawView, shownBefore: string | null): Promise<boolean> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(view.seed));
  const hash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return hash === shownBefore && sameOrder(view);
}

function sameOrder(view: DrawView): boolean {
  const again = drawOrder(
    view.seed,
    view.entrants.map((e) => ({ id: e.userId, losses: e.lossesBefore })),
    { guaranteeAfter: view.guaranteeAfter },
  );
  return again.map((d) => d.id).join() === view.entrants.map((e) => e.userId).join();
}
