// The event on the club's TV, read from across the gym: the round (and a timed round's time
// left) large in the header, a card a court with both sides' names and the score, and the
// standings beside them. Sizes come from the TV's units (tv-board.ts): a 4K screen doubles all.
import { type CSSProperties, useMemo } from "react";
import type { EventGame, EventView } from "../../../shared/contracts/events.js";
import { roundNames } from "../../../shared/events/bracket.js";
import { Countdown } from "../events/countdown.js";
import { champions, formatName, gameLabel, gamesNow, stageTitle } from "../events/event-words.js";
import { Rows, TvScreen } from "./tv-board.js";
import { FitName, TvNameForms } from "./tv-court.js";
import { tvNameForms } from "./tv-names.js";

/** A card's label and name sizes: as large as its cell allows (as the board's court cards). */
const cardSizes = {
  "--l": "max(var(--tv-label), min(4cqw, 5cqh))",
  "--name": "min(10cqw, calc((100cqh - 4.4 * var(--l)) / 4.6))",
} as CSSProperties;

export function TvEvent({ view, clubName }: { view: EventView; clubName?: string }) {
  // A long name takes the same short form as on the board's TV (tv-names.ts), told apart from
  // everyone's in the event.
  const names = useMemo(
    () =>
      tvNameForms([
        ...view.games.flatMap((g) => [...g.teamA, ...g.teamB].map((p) => p.name)),
        ...(view.event.format === "teams" ? [] : view.standings.map((row) => row.name)),
      ]),
    [view],
  );
  return (
    <TvNameForms.Provider value={names}>
      <TvEventScreen view={view} clubName={clubName} />
    </TvNameForms.Provider>
  );
}

function TvEventScreen({ view, clubName }: { view: EventView; clubName?: string }) {
  const { event } = view;
  const games = gamesNow(view);
  return (
    <TvScreen>
      <header
        className="flex shrink-0 items-baseline justify-between leading-[1.2]"
        style={{ gap: "calc(var(--u) * 2)" }}
      >
        <div className="flex min-w-0 items-baseline" style={{ gap: "var(--u)" }}>
          <h1 className="truncate font-black" style={{ fontSize: "calc(var(--u) * 2.4)" }}>
            {event.sessionName}
          </h1>
          <p className="truncate text-brand-200" style={{ fontSize: "var(--tv-label)" }}>
            {clubName ? `${clubName} · ` : ""}
            {formatName[event.format]}
          </p>
        </div>
        <p
          className="shrink-0 font-black"
          style={{ fontSize: "calc(var(--u) * 2.4)" }}
          data-testid="tv-event-stage"
        >
          {champions(view) ? `Champions: ${champions(view)}` : stageTitle(view)}
          {event.roundEndsAt ? (
            <>
              {" · "}
              <Countdown endsAt={event.roundEndsAt} className="tabular-nums text-ball" />
            </>
          ) : null}
        </p>
      </header>
      <div className="flex min-h-0 flex-1" style={{ gap: "var(--u)" }}>
        {games.length > 0 ? (
          <section aria-label="Courts" className="flex min-w-0 flex-1 flex-col">
            <Rows count={games.length} testId="tv-event-courts">
              {games.map((game) => (
                <TvEventGame key={game.id} game={game} format={event.format} />
              ))}
            </Rows>
          </section>
        ) : null}
        {view.event.phase === "playoff" ? (
          <TvBracket view={view} />
        ) : (
          <TvStandings view={view} wide={games.length === 0} />
        )}
      </div>
    </TvScreen>
  );
}

function TvEventGame({ game, format }: { game: EventGame; format: EventView["event"]["format"] }) {
  const scored = game.scoreA !== null && game.scoreB !== null;
  const side = (team: EventGame["teamA"], score: number | null) => (
    <div className="flex items-center justify-between" style={{ gap: "var(--l)" }}>
      <div className="min-w-0">
        {team.map((p) => (
          <FitName key={p.id} name={p.name} testId="tv-player" style={{ fontSize: "var(--name)" }} />
        ))}
      </div>
      {scored ? (
        <p className="shrink-0 font-black tabular-nums" style={{ fontSize: "calc(var(--name) * 1.6)" }}>
          {score}
        </p>
      ) : null}
    </div>
  );
  return (
    <article
      data-testid="tv-event-game"
      className="flex h-full flex-col overflow-hidden rounded-[calc(var(--u)*0.8)] bg-white text-ink"
      style={{ ...cardSizes, padding: "calc(var(--l) * 0.6) calc(var(--l) * 0.8)" }}
    >
      <header className="flex items-baseline justify-between leading-[1.2]" style={{ fontSize: "var(--l)" }}>
        <h2 className="truncate font-black" style={{ fontSize: "calc(var(--l) * 1.25)" }}>
          {gameLabel(game, format)}
        </h2>
        <p className="shrink-0 font-semibold text-brand-800">
          {game.status === "confirmed" ? "Final" : game.status === "reported" ? "To confirm" : ""}
        </p>
      </header>
      <div className="flex min-h-0 flex-1 flex-col justify-center">
        {side(game.teamA, game.scoreA)}
        <p className="leading-[1.2] font-bold text-brand-800" style={{ fontSize: "var(--l)" }}>
          vs
        </p>
        {side(game.teamB, game.scoreB)}
      </div>
    </article>
  );
}

/** The playoff on the TV: each round's matches, the winners in bold, the bronze match last. */
function TvBracket({ view }: { view: EventView }) {
  // The round on now first: earlier rounds below it, cut off when the screen is full.
  const playoff = view.games
    .filter((g) => g.stage !== "round" && g.teamB.length > 0)
    .sort((a, b) => b.round - a.round || (a.stage === "bronze" ? 1 : 0) - (b.stage === "bronze" ? 1 : 0));
  const byes = view.games.filter((g) => g.stage === "playoff" && g.teamB.length === 0);
  const names = roundNames(view.games.filter((g) => g.stage === "playoff" && g.round === 1).length * 2);
  const line = (team: EventGame["teamA"], score: number | null, won: boolean) => (
    <p
      className={`flex justify-between ${won ? "font-black" : "font-semibold text-slate-500"}`}
      style={{ gap: "var(--u)" }}
    >
      <span className="min-w-0 truncate">{team.map((p) => p.name).join(" & ")}</span>
      <span className="shrink-0 tabular-nums">{score ?? ""}</span>
    </p>
  );
  return (
    <aside
      data-testid="tv-bracket"
      className="flex min-h-0 shrink-0 flex-col overflow-hidden rounded-[calc(var(--u)*0.8)] bg-white text-ink"
      style={{
        width: "calc(var(--u) * 36)",
        padding: "calc(var(--u) * 0.6) calc(var(--u) * 0.8)",
        gap: "calc(var(--u) * 0.6)",
      }}
    >
      <h2 className="leading-[1.2] font-black" style={{ fontSize: "calc(var(--u) * 2)" }}>
        Playoff
      </h2>
      {playoff.map((game) => {
        const decided = game.status === "confirmed";
        const aWon = decided && (game.scoreA ?? 0) > (game.scoreB ?? 0);
        return (
          <div key={game.id} style={{ fontSize: "var(--tv-label)" }} className="leading-[1.25]">
            <p className="font-bold text-brand-800">
              {game.stage === "bronze"
                ? "Bronze match"
                : `${names[game.round - 1] ?? `Round ${game.round}`} · ${game.courtName}`}
            </p>
            {line(game.teamA, game.scoreA, aWon)}
            {line(game.teamB, game.scoreB, decided && !aWon)}
          </div>
        );
      })}
      {byes.length > 0 ? (
        <p className="text-brand-800" style={{ fontSize: "var(--tv-label)" }}>
          Through on a bye: {byes.map((g) => g.teamA.map((p) => p.name).join(" & ")).join("; ")}
        </p>
      ) : null}
    </aside>
  );
}

type Row = EventView["standings"][number];

/** The rows the TV lists: the standings, or on a box ladder's night each box's under its name. */
function tvRows(view: EventView): Array<Row | { box: number }> {
  if (!view.boxes) return view.standings;
  return view.boxes.flatMap(({ box, standings }) => [{ box }, ...standings]);
}

/** The standings, as many rows as fit: the leaders first. */
function TvStandings({ view, wide }: { view: EventView; wide: boolean }) {
  const teams = view.event.format === "teams";
  return (
    <aside
      data-testid="tv-standings"
      className="flex min-h-0 shrink-0 flex-col overflow-hidden rounded-[calc(var(--u)*0.8)] bg-white text-ink"
      style={{
        width: wide ? "100%" : "calc(var(--u) * 36)",
        padding: "calc(var(--u) * 0.6) calc(var(--u) * 0.8)",
      }}
    >
      <h2 className="leading-[1.2] font-black" style={{ fontSize: "calc(var(--u) * 2)" }}>
        {view.event.phase === "finished" ? "Final standings" : "Standings"}
      </h2>
      {/* Alone on the screen (the event over), the rows keep a readable width: place, name and
          numbers stay within one glance. */}
      <ol
        className="flex min-h-0 flex-1 flex-col flex-wrap content-start overflow-hidden"
        style={{ maxWidth: wide ? "calc(var(--u) * 60)" : undefined }}
      >
        {tvRows(view).map((row) =>
          "box" in row ? (
            <li
              key={`box-${row.box}`}
              className="w-full leading-[1.4] font-black text-brand-800"
              style={{ fontSize: "var(--tv-label)" }}
            >
              Box {row.box}
            </li>
          ) : (
            <li
              key={row.id}
              className="flex w-full items-baseline leading-[1.25] font-bold"
              style={{ fontSize: "var(--tv-name)", gap: "var(--u)" }}
            >
              <span
                className="shrink-0 whitespace-nowrap tabular-nums text-brand-800"
                style={{ width: "calc(var(--u) * 3.4)" }}
              >
                {row.place}
              </span>
              {/* A team's standing names the team and both players: two lines, not one cut short.
                  A player's name is whole where it fits, else in its short form. */}
              {teams ? (
                <span
                  className="line-clamp-2 min-w-0 flex-1 leading-[1.1]"
                  style={{ fontSize: "calc(var(--tv-name) * 0.8)" }}
                >
                  {row.name}
                </span>
              ) : (
                <FitName name={row.name} testId="tv-standing-name" style={{}} className="min-w-0 flex-1" />
              )}
              <span className="tabular-nums">{row.won}</span>
              <span
                className="shrink-0 whitespace-nowrap tabular-nums text-brand-800"
                style={{ width: "calc(var(--u) * 5.5)", textAlign: "right" }}
              >
                {row.difference > 0 ? `+${row.difference}` : row.difference}
              </span>
            </li>
          ),
        )}
      </ol>
      <p className="text-brand-800" style={{ fontSize: "var(--tv-label)" }}>
        Ties: {view.tieBreaks.join(", ")}
      </p>
    </aside>
  );
}
