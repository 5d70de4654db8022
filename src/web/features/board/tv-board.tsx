// The board as a club's TV shows it (display-page.tsx feeds it): the courts fill the screen
// in full rows (tv-grid.ts), the line waits beside them, and for 15 seconds after players are
// called to a court the call takes the whole screen below the header, the court then marked on
// the board for a minute (tv-calls.ts).
// Every size derives from --u, 1/100 of a 16:9 screen's width: a 4K TV doubles it all.
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import type { BoardView } from "../../../shared/contracts/board.js";
import { JoiningNow } from "./joining-now.js";
import { type CallTimes, JUST_CALLED_MS, recentCalls } from "./tv-calls.js";
import { FitName, TvCall, TvCell, TvCourt, TvNameForms } from "./tv-court.js";
import { courtRows, TV_COURT_AREA_ASPECT } from "./tv-grid.js";
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
        <div className="flex min-h-0 flex-1" style={{ gap: "var(--u)" }}>
          <section aria-label="Courts" className="flex min-w-0 flex-1 flex-col">
            <Rows count={board.courts.length} testId="tv-courts">
              {board.courts.map((court) => (
                <TvCourt key={court.id} court={court} now={now} justCalled={justCalled.has(court.id)} />
              ))}
            </Rows>
          </section>
          <aside className="flex shrink-0 flex-col" style={{ width: "calc(var(--u) * 22)", gap: "var(--u)" }}>
            <UpNext board={board} />
            {qr ? (
              <div
                className="flex shrink-0 items-center rounded-[calc(var(--u)*0.8)] bg-white text-ink"
                style={{ padding: "calc(var(--u) * 0.6)", gap: "calc(var(--u) * 0.8)" }}
              >
                <img
                  src={qr}
                  alt="Scan to check in"
                  className="[image-rendering:pixelated]"
                  style={{ width: "calc(var(--u) * 10)", height: "calc(var(--u) * 10)" }}
                />
                <p
                  data-testid="tv-label"
                  className="leading-[1.2] font-bold"
                  style={{ fontSize: "var(--tv-label)" }}
                >
                  Scan to check in
                </p>
              </div>
            ) : null}
          </aside>
        </div>
      )}
    </TvScreen>
  );
}

/** `children` in the rows courtRows chooses for the area they fill: every row full. */
export function Rows({ count, testId, children }: { count: number; testId: string; children: ReactNode[] }) {
  const [area, aspect] = useAspect();
  const rows: ReactNode[][] = [];
  for (const inRow of courtRows(count, aspect)) rows.push(children.slice(rows.flat().length).slice(0, inRow));
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
                  style={{ fontSize: "var(--tv-name)" }}
                />
              ))}
              {group.comingOff > 0 ? (
                <p
                  data-testid="tv-label"
                  className="truncate leading-[1.2] font-bold text-brand-800"
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
