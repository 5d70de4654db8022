// The TV's own court card and call tile, read from across a gym. They are not the
// organizer's CourtCard: their text is sized by the cell they fill (CSS container units),
// so a name is as large as its cell allows and a 4K TV shows the same picture, twice the
// pixels. Each sits in a cell with `container-type: size` (TvCell).
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { BoardCourt } from "../../../shared/contracts/board.js";
import { cn } from "../../lib/cn.js";
import { minutesOnCourtText } from "./elapsed.js";

type Person = { registrationId: string; name: string };

/**
 * The card's label size (time, "vs"): the TV's label size, more in a large cell; the court's
 * name is 1.75 labels, since a player called from across the gym looks for the court first.
 * Its name size: 11% of the cell's width (about 12 bold characters) or what is left of the
 * height for four names after the labels, whichever is less (tv-grid.ts plans with these).
 */
const courtSizes = {
  "--l": "max(var(--tv-label), min(4cqw, 5cqh))",
  "--name": "min(11cqw, calc((100cqh - 5 * var(--l)) / 4.6))",
} as CSSProperties;

/**
 * A call: the court's name above the players, one a line, as large as the tile allows
 * (7.4 name-sizes down: court, four names, "vs", padding; 10 across).
 */
const callSizes = {
  "--name": "min(10cqw, 13.5cqh)",
} as CSSProperties;

/** A grid cell whose size, not its text, decides how large the text in it is. */
export function TvCell({ children }: { children: ReactNode }) {
  return <li className="min-h-0 min-w-0 [container-type:size]">{children}</li>;
}

/** Each name's forms on the TV, longest first (tv-names.ts), for the board on screen. */
export const TvNameForms = createContext<Map<string, string[]>>(new Map());

/**
 * A name on one line in the longest of its forms that fits the line, measured after each
 * render and again when the line's width changes; a name too long in every form is cut.
 */
export function FitName({ name, testId, style }: { name: string; testId: string; style: CSSProperties }) {
  const forms = useContext(TvNameForms).get(name) ?? [name];
  const ref = useRef<HTMLParagraphElement>(null);
  // Which form, for these forms: another name on the board can change them, and then the
  // longest is tried again.
  const signature = forms.join("\n");
  // `sized` counts the line's resizes: each one (its width, or its height, which sets the
  // font's size on a court card) tries the longest form again.
  const [fit, setFit] = useState({ signature, form: 0, sized: 0 });
  if (fit.signature !== signature) setFit({ signature, form: 0, sized: fit.sized });
  const form = fit.signature === signature ? fit.form : 0;
  const shown = forms[Math.min(form, forms.length - 1)]!;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each resize (fit.sized) measures again
  useLayoutEffect(() => {
    const line = ref.current;
    if (line && line.scrollWidth > line.clientWidth && form < forms.length - 1)
      setFit((current) => ({ ...current, signature, form: form + 1 }));
  }, [form, forms.length, signature, fit.sized]);
  useEffect(() => {
    const line = ref.current;
    if (!line || typeof ResizeObserver === "undefined") return;
    let size = "";
    const observer = new ResizeObserver(() => {
      const now = `${line.clientWidth}x${line.clientHeight}`;
      if (now === size) return;
      size = now;
      setFit((current) => ({ ...current, form: 0, sized: current.sized + 1 }));
    });
    observer.observe(line);
    return () => observer.disconnect();
  }, []);
  return (
    <p
      ref={ref}
      data-testid={testId}
      className="truncate leading-[1.15] font-bold"
      style={style}
      title={name}
    >
      {shown}
    </p>
  );
}

function Names({ players, size, testId }: { players: Person[]; size: string; testId: string }) {
  return players.map((p) => (
    <FitName key={p.registrationId} name={p.name} testId={testId} style={{ fontSize: size }} />
  ));
}

const statusText = { playing: "", idle: "Free", event: "Event", unavailable: "Out of play" } as const;

/** `justCalled`: its players were called in the last minute; it wears the call's colour. */
export function TvCourt({
  court,
  now,
  justCalled = false,
}: {
  court: BoardCourt;
  now: number;
  justCalled?: boolean;
}) {
  const out = court.status === "unavailable";
  const called = justCalled && court.game !== null;
  return (
    <article
      data-testid="court"
      data-court={court.name}
      data-just-called={called || undefined}
      className={cn(
        "flex h-full flex-col overflow-hidden rounded-[calc(var(--u)*0.8)] text-ink",
        out ? "bg-slate-300" : called ? "bg-ball" : "bg-white",
      )}
      style={{ ...courtSizes, padding: "calc(var(--l) * 0.6) calc(var(--l) * 0.8)" }}
    >
      <header
        className="flex items-baseline justify-between leading-[1.2]"
        style={{ fontSize: "var(--l)", gap: "var(--l)" }}
      >
        <h2
          data-testid="tv-label"
          className="min-w-0 truncate font-black"
          style={{ fontSize: "calc(var(--l) * 1.75)" }}
        >
          {court.name}
        </h2>
        <p
          data-testid="tv-label"
          className={cn("shrink-0 tabular-nums", called ? "font-bold" : "font-semibold text-brand-800")}
        >
          {court.singles ? "Singles · " : ""}
          {court.game
            ? called
              ? "Just called"
              : minutesOnCourtText(court.game.startedAt, now)
            : court.keptForTheEnd
              ? "Done"
              : court.waitingToMix
                ? "Mixing"
                : statusText[court.status]}
        </p>
      </header>
      <div className="flex min-h-0 flex-1 flex-col justify-center">
        {court.game ? (
          <>
            <Names players={court.game.teamA} size="var(--name)" testId="tv-player" />
            <p
              data-testid="tv-label"
              className="leading-[1.2] font-bold text-brand-800"
              style={{ fontSize: "var(--l)" }}
            >
              vs
            </p>
            <Names players={court.game.teamB} size="var(--name)" testId="tv-player" />
          </>
        ) : (
          <p className="font-bold text-brand-800" style={{ fontSize: "var(--l)" }}>
            {out
              ? "Closed for now"
              : court.keptForTheEnd
                ? "Done for tonight"
                : court.waitingToMix
                  ? "Starts with the next court, to mix the groups"
                  : "Waiting for players"}
          </p>
        )}
      </div>
    </article>
  );
}

/** Players just called to a court: on the TV the largest thing there is for 15 seconds (CALL_MS). */
export function TvCall({ court }: { court: BoardCourt }) {
  const game = court.game!;
  return (
    <article
      data-testid="tv-call"
      data-court={court.name}
      className="flex h-full flex-col items-center justify-center overflow-hidden rounded-[calc(var(--u)*0.8)] bg-ball text-center text-ink"
      style={{ ...callSizes, padding: "calc(var(--name) * 0.3) calc(var(--name) * 0.5)" }}
    >
      <h2
        data-testid="tv-call-court"
        className="max-w-full truncate leading-[1.15] font-black"
        style={{ fontSize: "calc(var(--name) * 1.25)" }}
      >
        {court.name}
      </h2>
      <div className="min-h-0 max-w-full" style={{ marginTop: "calc(var(--name) * 0.3)" }}>
        <Names players={game.teamA} size="var(--name)" testId="tv-call-player" />
        <p
          className="leading-[1.2] font-bold"
          style={{ fontSize: "max(var(--tv-label), calc(var(--name) * 0.55))" }}
        >
          vs
        </p>
        <Names players={game.teamB} size="var(--name)" testId="tv-call-player" />
      </div>
    </article>
  );
}
