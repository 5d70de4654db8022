import QRCode from "qrcode";
import { useEffect, useMemo, useRef, useState } from "react";
import { useParams } from "react-router";
import type { BoardCourt } from "../../../shared/contracts/board.js";
import { useOnline } from "../../lib/use-online.js";
import { useWakeLock } from "../../lib/wake-lock.js";
import { BoardAge } from "../board/board-age.js";
import { useNow } from "../board/elapsed.js";
import { useLiveBoard } from "../board/use-live-board.js";
import { useDisplayEvent } from "../events/event-api.js";
import { TvBoard, TvScreen } from "./tv-board.js";
import { type CallTimes, noteCalls } from "./tv-calls.js";
import { TvEvent } from "./tv-event.js";

/**
 * /display/:token: the board full screen for a TV at the club, live, no sign-in; while the
 * session on now is run as an event, the event's round and standings instead.
 */
export function DisplayPage() {
  const { token = "" } = useParams();
  const board = useLiveBoard({ kind: "display", token });
  const event = useDisplayEvent(token);
  const qr = useQrCode(board.data?.checkInUrl);
  const now = useNow();
  const calls = useCallTimes(board.data?.courts);

  // A TV left on all night keeps its screen on while a session runs.
  useWakeLock(Boolean(board.data?.session));

  if (board.isPending)
    return (
      <TvMessage
        text={
          board.fetchStatus === "paused"
            ? "Offline: the board shows here once the network is back."
            : "Loading..."
        }
      />
    );
  // Kept from before (offline, or the server away a moment), the last board stays up, aged.
  if (!board.data) return <TvMessage text="This display link is not valid." />;
  return (
    <>
      {event.data ? (
        <TvEvent view={event.data} clubName={board.data.club.name} />
      ) : (
        <TvBoard board={board.data} now={now} calls={calls} qr={qr} />
      )}
      <TvAge connected={board.connected} updatedAt={board.dataUpdatedAt} />
    </>
  );
}

/** Across the bottom, while the TV is not live: how old the board on it is. */
function TvAge({ connected, updatedAt }: { connected: boolean; updatedAt: number }) {
  const online = useOnline();
  if (online && connected) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 bg-red-800 px-4 py-2 text-center text-[28px] font-bold text-white">
      <BoardAge
        connected={connected}
        updatedAt={updatedAt}
        timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
        className="text-white"
      />
    </div>
  );
}

function TvMessage({ text }: { text: string }) {
  return (
    <TvScreen>
      <p role="status" className="m-auto text-center font-bold" style={{ fontSize: "var(--tv-name)" }}>
        {text}
      </p>
    </TvScreen>
  );
}

/** When each game on the board was called, kept across the board's refetches. */
function useCallTimes(courts: BoardCourt[] | undefined): CallTimes {
  const known = useRef<CallTimes | null>(null);
  return useMemo(() => {
    if (!courts) return new Map();
    known.current = noteCalls(known.current, courts, Date.now());
    return known.current;
  }, [courts]);
}

function useQrCode(url: string | null | undefined): string | undefined {
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    // Drawn large enough for a 4K screen; shown with crisp pixels at any size.
    if (url) QRCode.toDataURL(url, { margin: 1, width: 600 }).then(setQr, () => setQr(undefined));
  }, [url]);
  return qr;
}
