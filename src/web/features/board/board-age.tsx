// How current the board on screen is, said where it matters: while the socket is down or the
// phone offline, the board shows the last state it had (kept-queries.ts keeps it across a
// reload), and this says how old it is; it catches up by itself when the network is back.
import { shortTime } from "../../../shared/domain/session-time.js";
import { useOnline } from "../../lib/use-online.js";
import { useNow } from "./elapsed.js";

/** "live", or "offline · as of 7:42 PM, 4 min ago" (the board's last answer). */
export function boardAgeText(
  state: { online: boolean; connected: boolean; updatedAt: number },
  timeZone: string,
  now: number,
): string {
  if (state.online && state.connected) return "live";
  const minutes = Math.max(0, Math.floor((now - state.updatedAt) / 60_000));
  const ago = minutes < 1 ? "just now" : `${minutes} min ago`;
  const at = shortTime(new Date(state.updatedAt).toISOString(), timeZone);
  return `${state.online ? "reconnecting" : "offline"} · as of ${at}, ${ago}`;
}

export function BoardAge({
  connected,
  updatedAt,
  timeZone,
  className,
}: {
  connected: boolean;
  updatedAt: number;
  timeZone: string;
  className?: string;
}) {
  const online = useOnline();
  const now = useNow(15_000);
  const live = online && connected;
  return (
    <span data-testid="board-age" className={className ?? (live ? "text-brand-700" : "text-red-600")}>
      {boardAgeText({ online, connected, updatedAt }, timeZone, now)}
    </span>
  );
}
