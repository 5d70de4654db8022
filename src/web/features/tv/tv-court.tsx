// The TV's own court card and call tile, read from across a gym. They are not the
// organizer's CourtCard. A court card's names are the size the board plans for its screen
// (tv-grid.ts boardPlan: the same on every court, as large as the cards allow); a call's text
// is sized by the tile it fills (CSS container units). Either way a 4K TV shows the same
// picture, twice the pixels. Each sits in a cell with `container-type: size` (TvCell).
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { BoardCourt } from "../../../shared/contracts/board.js";
import { cn } from "../../lib/cn.js";
import { minutesOnCourtText } from "../board/elapsed.js";
import { CARD } from "./tv-grid.js";

type Person = { registrationId: string; name: string };

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
 * One line of text that fits its width: the longest of `forms` that fits, else the last drawn
 * smaller (down to `minScale` of its size), else the last wrapped onto the next line. It is never
 * cut. Measured after each render and again when the line's width or its size changes.
 */
function useFit<E extends HTMLElement>(forms: string[], minScale: number) {
  const ref = useRef<E>(null);
  // Which forms: another name on the board can change them, and then the longest is tried again.
  const signature = forms.join("\n");
  // `sized` counts the line's resizes: each one tries the longest form at full size again.
  const [fit, setFit] = useState({ signature, form: 0, scale: 1, wrap: false, sized: 0 });
  if (fit.signature !== signature) setFit({ signature, form: 0, scale: 1, wrap: false, sized: fit.sized });
  const { form, scale, wrap } = fit.signature === signature ? fit : { form: 0, scale: 1, wrap: false };
  const drawnScale = useRef(scale);
  drawnScale.current = scale;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each resize (fit.sized) measures again
  useLayoutEffect(() => {
    const line = ref.current;
    if (!line || wrap || line.scrollWidth <= line.clientWidth) return;
    if (form < forms.length - 1) setFit((now) => ({ ...now, signature, form: form + 1 }));
    else if (scale > minScale) {
      // Text narrows with its size: one step to the size that fits, a little under.
      const fits = (scale * line.clientWidth) / line.scrollWidth;
      setFit((now) => ({
        ...now,
        signature,
        scale: Math.max(minScale, Math.min(scale * 0.98, fits * 0.99)),
      }));
    } else setFit((now) => ({ ...now, signature, wrap: true }));
  }, [form, scale, wrap, forms.length, signature, minScale, fit.sized]);
  useEffect(() => {
    const line = ref.current;
    if (!line || typeof ResizeObserver === "undefined") return;
    let last: { width: number; base: number } | null = null;
    const observer = new ResizeObserver(() => {
      // Its width, and its size before this hook drew it smaller (which changes its height).
      const now = {
        width: line.clientWidth,
        base: Number.parseFloat(getComputedStyle(line).fontSize) / drawnScale.current,
      };
      const same = last && now.width === last.width && !(Math.abs(now.base - last.base) > last.base * 0.01);
      if (same) return;
      last = now;
      setFit((current) => ({ ...current, form: 0, scale: 1, wrap: false, sized: current.sized + 1 }));
    });
    observer.observe(line);
    return () => observer.disconnect();
  }, []);
  return {
    ref,
    shown: forms[Math.min(form, forms.length - 1)]!,
    scale,
    className: wrap ? "whitespace-normal [overflow-wrap:anywhere]" : "overflow-hidden whitespace-nowrap",
  };
}

/** `size` (the inherited size if none) drawn at `scale` of itself. */
const scaled = (size: CSSProperties["fontSize"], scale: number) =>
  scale === 1
    ? size
    : `calc(${typeof size === "number" ? `${size}px` : (size ?? "1em")} * ${scale.toFixed(3)})`;

/**
 * A name on one line: whole if it fits, else its short form (tv-names.ts, the same everywhere
 * on the TV); a short form too long even so is drawn smaller, never cut.
 */
export function FitName({
  name,
  testId,
  style,
  className: more,
}: {
  name: string;
  testId: string;
  style: CSSProperties;
  className?: string;
}) {
  const forms = useContext(TvNameForms).get(name) ?? [name];
  const { ref, shown, scale, className } = useFit<HTMLParagraphElement>(forms, 0.5);
  return (
    <p
      ref={ref}
      data-testid={testId}
      data-scale={scale === 1 ? undefined : scale.toFixed(3)}
      className={cn("leading-[1.15] font-bold", className, more)}
      style={{ ...style, fontSize: scaled(style.fontSize, scale) }}
      title={name}
    >
      {shown}
    </p>
  );
}

/** A court's name: never cut. Drawn smaller where it does not fit its line, then wrapped. */
function CourtName({ name, grow, called }: { name: string; grow: boolean; called: boolean }) {
  const forms = useMemo(() => [name], [name]);
  const { ref, scale, className } = useFit<HTMLHeadingElement>(forms, 0.6);
  return (
    <h2
      ref={ref}
      data-testid="tv-court-name"
      data-scale={scale === 1 ? undefined : scale.toFixed(3)}
      className={cn(
        "min-w-0 leading-[1.15] font-black",
        // In the brand's green, a shade apart from the names below it; on a called court's yellow, ink.
        !called && "text-brand-800",
        grow && "flex-1",
        className,
      )}
      style={{ fontSize: scaled("var(--title)", scale) }}
    >
      {name}
    </h2>
  );
}

function Names({ players, size, testId }: { players: Person[]; size: string; testId: string }) {
  return players.map((p) => (
    <FitName key={p.registrationId} name={p.name} testId={testId} style={{ fontSize: size }} />
  ));
}

const statusText = { playing: "", idle: "Free", event: "Event", unavailable: "Out of play" } as const;

/**
 * `justCalled`: its players were called in the last minute; it wears the call's colour.
 * Its sizes come from the board (tv-board.tsx, planned in tv-grid.ts): `--name` for the names,
 * the same on every court, `--title` for the court's name and `--l` for the time; the card's
 * proportions are CARD's.
 */
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
      style={{ padding: `calc(var(--u) * ${CARD.padYU}) calc(var(--u) * ${CARD.padXU})` }}
    >
      {/* A singles game has room for its time on a line of its own; a doubles game does not. */}
      <header
        className={cn("flex", court.singles ? "flex-col" : "items-baseline")}
        style={{ columnGap: "calc(var(--l) * 0.6)", marginBottom: `calc(var(--name) * ${CARD.titleGap})` }}
      >
        <CourtName name={court.name} grow={!court.singles} called={called} />
        {/* One line high (leading-none): beside the court's name it never makes the header taller. */}
        <p
          data-testid="tv-label"
          className={cn(
            "shrink-0 leading-none whitespace-nowrap tabular-nums",
            called ? "font-bold" : "font-semibold text-brand-800",
          )}
          style={{ fontSize: "var(--l)" }}
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
            {/* Between the teams a rule, not a line of "vs": the names take its room. */}
            <div
              className="flex shrink-0 items-center"
              style={{ height: `calc(var(--name) * ${CARD.rule})` }}
            >
              <span className="sr-only">vs</span>
              <span
                aria-hidden
                className={cn("w-full rounded-full", called ? "bg-ink/40" : "bg-brand-800/30")}
                style={{ height: "max(2px, calc(var(--name) * 0.06))" }}
              />
            </div>
            <Names players={court.game.teamB} size="var(--name)" testId="tv-player" />
          </>
        ) : (
          <p className="leading-[1.2] font-bold text-brand-800" style={{ fontSize: "var(--l)" }}>
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
        className="max-w-full leading-[1.15] font-black [overflow-wrap:anywhere]"
        style={{ fontSize: "calc(var(--name) * 1.25)" }}
      >
        {court.name}
      </h2>
      {/* The tile's width, not the names': a name's width must not change the line it is fitted to. */}
      <div className="min-h-0 w-full" style={{ marginTop: "calc(var(--name) * 0.3)" }}>
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
