import QRCode from "qrcode";
import { useEffect, useMemo, useRef, useState } from "react";
import { useParams } from "react-router";
import type { BoardCourt } from "../../../shared/contracts/board.js";
import { useDisplayEvent } from "../events/event-api.js";
import { TvEvent } from "../events/tv-event.js";
import { TvBoard, TvScreen } from "./tv-board.js";
import { type CallTimes, noteCalls } from "./tv-calls.js";
import { useLiveBoard } from "./use-live-board.js";

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

  if (board.isPending) return <TvMessage text="Loading..." />;
  if (board.isError || !board.data) return <TvMessage text="This display link is not valid." />;
  if (event.data) return <TvEvent view={event.data} clubName={board.data.club.name} />;
  return <TvBoard board={board.data} now={now} calls={calls} qr={qr} />;
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

/** The TV's clock, ticking each second: times on court and the end of a call follow it. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
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
