import { Trophy } from "lucide-react";
import type { MyNight } from "../../../shared/contracts/session-record.js";
import { shortTime } from "../../../shared/domain/session-time.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useMyNight } from "./api.js";

const who = (people: MyNight["partners"]) =>
  people.map((p) => (p.games > 1 ? `${p.name} (${p.games})` : p.name)).join(", ");

/** How even the night was, in a player's words (the receipt's mail says it the same way). */
const evenness = (spread: number) =>
  spread === 0 ? "same as everyone" : `all within ${spread} ${spread === 1 ? "game" : "games"}`;

/** A player's receipt for a night they played: on the session's page, once they have played in it. */
export function MyNightCard({
  orgId,
  sessionId,
  timeZone,
}: {
  orgId: string;
  sessionId: string;
  timeZone: string;
}) {
  const night = useMyNight(orgId, sessionId, true);
  // Checked in but never on court (or not on the board at all): nothing to tell.
  if (!night.data || night.data.gamesPlayed === 0) return null;
  const n = night.data;
  const figures = [
    ["Games", `${n.gamesPlayed}`, evenness(n.session.gamesPlayedSpread)],
    ["Won", `${n.wins}`, `of ${n.gamesPlayed}`],
    ["Waited", `${n.totalWaitMinutes} min`, `longest ${n.longestWaitMinutes} min`],
    [
      "Average wait",
      n.session.averageWaitMinutes === null ? "none" : `${n.session.averageWaitMinutes} min`,
      `all ${n.session.players} players`,
    ],
  ];
  return (
    <Card data-testid="my-night">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trophy className="h-5 w-5 text-brand-700" /> Your night
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {figures.map(([label, value, note]) => (
            <div key={label} className="rounded-xl bg-brand-50 px-3 py-2">
              <dt className="text-xs font-semibold text-muted">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
              <dd className="text-xs text-muted">{note}</dd>
            </div>
          ))}
        </dl>
        {n.partners.length > 0 ? (
          <p>
            <span className="font-semibold">Partners:</span> {who(n.partners)}
          </p>
        ) : null}
        <p>
          <span className="font-semibold">Opponents:</span> {who(n.opponents)}
        </p>
        <ol className="divide-y divide-slate-100">
          {n.games.map((game) => (
            <li key={`${game.startedAt}-${game.courtName}`} className="flex flex-col gap-0.5 py-2">
              <span className="text-xs font-semibold text-muted">
                {game.courtName} · {shortTime(game.startedAt, timeZone)}
              </span>
              <span>
                <strong className={game.won ? "text-brand-700" : "text-red-600"}>
                  {game.won ? "Won" : "Lost"}
                </strong>
                {game.score ? ` ${game.score}` : ""}
                {game.partners.length ? ` with ${game.partners.join(" & ")}` : ""} against{" "}
                {game.opponents.join(" & ")}
              </span>
            </li>
          ))}
        </ol>
        <p className="text-xs text-muted">
          {n.session.gamesFinished === 1 ? "1 game was" : `${n.session.gamesFinished} games were`} played in
          this session in all.
        </p>
      </CardContent>
    </Card>
  );
}
