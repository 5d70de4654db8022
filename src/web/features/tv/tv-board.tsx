// The board as a club's TV shows it (display-page.tsx feeds it): the courts fill the screen
// in full rows (tv-grid.ts), the line waits beside them, and for 15 seconds after players are
// called to a court the call takes the whole screen below the header, the court then marked on
// the board for a minute (tv-calls.ts).
// Every size derives from --u, 1/100 of a 16:9 screen's width: a 4K TV doubles it all. The
// names' sizes, on court and in line, and the line's width are planned for the room on screen
// and the number of courts (tv-grid.ts boardPlan): 48 px or more on court up to 9 courts on a
// 1920x1080 screen, 40 px or more up to 12, and the line's never larger.
import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { BoardView } from "../../../shared/contracts/board.js";
import { JoiningNow } from "../board/joining-now.js";
import { type CallTimes, JUST_CALLED_MS, recentCalls } from "./tv-calls.js";
import { FitName, TvCall, TvCell, TvCourt, TvNameForms } from "./tv-court.js";
import { boardPlan, courtRows, TV_COURT_AREA_ASPECT, type TvArea } from "./tv-grid.js";
import { boardNames, tvNameForms } from "./tv-names.js";
import { upNextGroups } from "./tv-queue.js";

/** 19.2 px on a 1920x1080 TV: labels 1.5u (28.8 px), queue names 2.6u (50 px). */
export const tvUnits = {
  "--u": "min(1vw, calc(100vh / 56.25))",
  "--tv-label": "calc(var(--u) * 1.5)",
  "--tv-name": "calc(var(--u) * 2.6)",
} as CSSProperties;

/** The TV's full screen: what every state of the display page draws in. */
export function TvScreen({ children }: { children: ReactNode }) {
  return (
    <main
      className="flex h-screen flex-col overflow-hidden bg-ink text-white"
      style={{ ...tvUnits, padding: "var(--u)", gap: "var(--u)" }}
    >
      {children}
    </main>
  );
}

type Props = {
  board: BoardView;
  /** The TV's clock, in milliseconds: times on court and the end of a call follow it. */
  now: number;
  calls: CallTimes;
  /** The check-in QR code, as a data URL. */
  qr?: string;
};

export function TvBoard({ board, now, calls, qr }: Props) {
  const called = recentCalls(board.courts, calls, now);
  const justCalled = new Set(recentCalls(board.courts, calls, now, JUST_CALLED_MS).map((c) => c.id));
  const names = useMemo(() => tvNameForms(boardNames(board)), [board]);
  return (
    <TvNameForms.Provider value={names}>
      <TvBoardScreen board={board} now={now} called={called} justCalled={justCalled} qr={qr} />
    </TvNameForms.Provider>
  );
}

function TvBoardScreen({
  board,
  now,
  called,
  justCalled,
  qr,
}: Omit<Props, "calls"> & { called: ReturnType<typeof recentCalls>; justCalled: ReadonlySet<string> }) {
  return (
    <TvScreen>
      <header
        className="flex shrink-0 items-baseline justify-between leading-[1.2]"
        style={{ gap: "calc(var(--u) * 2)" }}
      >
        <div className="flex min-w-0 items-baseline" style={{ gap: "var(--u)" }}>
          <h1 className="truncate font-black" style={{ fontSize: "calc(var(--u) * 2)" }}>
            {board.club.name}
          </h1>
          <p
            data-testid="tv-label"
            className="truncate text-brand-200"
            style={{ fontSize: "var(--tv-label)" }}
          >
            {board.session?.name ?? ""}
          </p>
        </div>
        {board.session ? (
          <p data-testid="tv-label" className="shrink-0" style={{ fontSize: "var(--tv-label)" }}>
            <strong>{board.stats.waiting}</strong> waiting
            <JoiningNow range={board.stats.joiningWait} />
          </p>
        ) : null}
      </header>
      {!board.session ? (
        <p className="m-auto text-center font-bold" style={{ fontSize: "var(--tv-name)" }}>
          {/* For the players in the gym: the board page's "Create a session" is the organizer's. */}
          No session on court right now
        </p>
      ) : called.length > 0 ? (
        <section
          aria-label="Players called to a court"
          aria-live="polite"
          className="flex min-h-0 flex-1 flex-col"
        >
          <Rows count={called.length} testId="tv-calls">
            {called.map((court) => (
              <TvCall key={court.id} court={court} />
            ))}
          </Rows>
        </section>
      ) : (
        <CourtsAndLine board={board} now={now} justCalled={justCalled} qr={qr} />
      )}
    </TvScreen>
  );
}

/**
 * The courts and, beside them, the line, as the plan for this screen and this many courts has
 * them (boardPlan): the sizes are set here, as `--name` (on court), `--title` (a court's name),
 * `--l` (a card's time) and `--queue-name`, so the line's names are never larger than those on
 * court.
 */
function CourtsAndLine({
  board,
  now,
  justCalled,
  qr,
}: Pick<Props, "board" | "now" | "qr"> & { justCalled: ReadonlySet<string> }) {
  const [ref, area] = useArea();
  const plan = boardPlan(board.courts.length, area);
  const sizes = {
    "--name": `${plan.name}px`,
    "--title": `${plan.title}px`,
    "--l": "max(var(--tv-label), min(calc(var(--name) * 0.6), calc(var(--u) * 2.5)))",
    "--queue-name": `${plan.queueName}px`,
    gap: "var(--u)",
  } as CSSProperties;
  return (
    <div ref={ref} data-testid="tv-board-area" className="flex min-h-0 flex-1" style={sizes}>
      <section aria-label="Courts" className="flex min-w-0 flex-1 flex-col">
        <Rows count={board.courts.length} rows={plan.rows} testId="tv-courts">
          {board.courts.map((court) => (
            <TvCourt key={court.id} court={court} now={now} justCalled={justCalled.has(court.id)} />
          ))}
        </Rows>
      </section>
      <aside className="flex shrink-0 flex-col" style={{ width: `${plan.aside}px`, gap: "var(--u)" }}>
        <UpNext board={board} />
        {qr ? (
          <div
            className="flex shrink-0 items-center rounded-[calc(var(--u)*0.8)] bg-white text-ink"
            style={{ padding: "calc(var(--u) * 0.6)", gap: "calc(var(--u) * 0.8)" }}
          >
            {/* 10 u, less in a narrow line: "Scan to check in" keeps 8 u beside it, two lines. */}
            <img
              src={qr}
              alt="Scan to check in"
              className="shrink-0 [image-rendering:pixelated]"
              style={{
                width: `min(calc(var(--u) * 10), calc(${plan.aside}px - var(--u) * 10))`,
                aspectRatio: "1",
              }}
            />
            <p
              data-testid="tv-label"
              className="min-w-0 leading-[1.2] font-bold"
              style={{ fontSize: "var(--tv-label)" }}
            >
              Scan to check in
            </p>
          </div>
        ) : null}
      </aside>
    </div>
  );
}

/**
 * The room an element fills and the TV's unit, in CSS pixels, as they change: before it is
 * measured, a 16:9 screen's room beside the header (tvUnits: the screen is 100 u by 56.25 u,
 * less its padding, the header and the gap below it).
 */
function useArea() {
  const ref = useRef<HTMLDivElement>(null);
  const [area, setArea] = useState<TvArea>(() => {
    const unit =
      typeof window === "undefined" ? 19.2 : Math.min(window.innerWidth / 100, window.innerHeight / 56.25);
    return { width: 98 * unit, height: (56.25 - 2 - 2.4 - 1) * unit, unit };
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      // The element's gap is one unit (var(--u)), resolved to pixels.
      const unit = Number.parseFloat(getComputedStyle(element).columnGap);
      const { width, height } = element.getBoundingClientRect();
      if (!(unit > 0 && width > 0 && height > 0)) return;
      setArea((was) =>
        was.width === width && was.height === height && was.unit === unit ? was : { width, height, unit },
      );
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, area] as const;
}

/**
 * `children` in rows, every row full: `rows` (courts in each, top to bottom) where the caller
 * planned them, else the rows courtRows chooses for the area they fill.
 */
export function Rows({
  count,
  rows: planned,
  testId,
  children,
}: {
  count: number;
  rows?: number[];
  testId: string;
  children: ReactNode[];
}) {
  const [area, aspect] = useAspect();
  const rows: ReactNode[][] = [];
  for (const inRow of planned ?? courtRows(count, aspect))
    rows.push(children.slice(rows.flat().length).slice(0, inRow));
  return (
    <div ref={area} data-testid={testId} className="flex min-h-0 flex-1 flex-col" style={{ gap: "var(--u)" }}>
      {rows.map((row, r) => (
        <ul
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place on the screen
          key={r}
          data-testid="tv-row"
          className="grid min-h-0 flex-1 basis-0"
          style={{ gridTemplateColumns: `repeat(${row.length}, minmax(0, 1fr))`, gap: "var(--u)" }}
        >
          {row.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the row; the card inside has its key
            <TvCell key={i}>{child}</TvCell>
          ))}
        </ul>
      ))}
    </div>
  );
}

/** An element's width over its height, as it changes (a 16:9 TV's court area until measured). */
function useAspect() {
  const ref = useRef<HTMLDivElement>(null);
  const [aspect, setAspect] = useState(TV_COURT_AREA_ASPECT);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      if (width > 0 && height > 0) setAspect(width / height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, aspect] as const;
}

function UpNext({ board }: { board: BoardView }) {
  const groups = upNextGroups(board);
  return (
    <div
      data-testid="next-groups"
      className="flex min-h-0 flex-1 flex-col rounded-[calc(var(--u)*0.8)] bg-white text-ink"
      style={{ padding: "calc(var(--u) * 0.6) calc(var(--u) * 0.8)" }}
    >
      <h2 className="leading-[1.2] font-black" style={{ fontSize: "calc(var(--u) * 2)" }}>
        Up next
      </h2>
      {groups.length === 0 ? (
        <p
          data-testid="tv-label"
          className="font-semibold text-brand-800"
          style={{ fontSize: "var(--tv-label)" }}
        >
          {board.stats.waiting === 0 ? "No one waiting" : "Waiting for a court"}
        </p>
      ) : (
        // A column that wraps sideways out of sight: a group that does not fit whole is not shown.
        <ol className="flex min-h-0 flex-1 flex-col flex-wrap content-start overflow-hidden">
          {groups.map((group) => (
            <li
              key={group.names.map((p) => p.registrationId).join("|")}
              className="w-full"
              style={{ paddingTop: "calc(var(--u) * 0.5)" }}
            >
              <p
                data-testid="tv-label"
                className="truncate leading-[1.2] font-bold text-brand-800"
                style={{ fontSize: "var(--tv-label)" }}
              >
                {group.label}
              </p>
              {group.names.map((p) => (
                <FitName
                  key={p.registrationId}
                  name={p.name}
                  testId="tv-queue-name"
                  style={{ fontSize: "var(--queue-name)" }}
                />
              ))}
              {group.comingOff > 0 ? (
                <p
                  data-testid="tv-label"
                  className="leading-[1.2] font-bold text-brand-800"
                  style={{ fontSize: "var(--tv-label)" }}
                >
                  + {group.comingOff} coming off court
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
