// Keeps the screen on while `active`: the TV and the organizer's phone during a session. A
// screen that dims mid-night leaves the gym reading a black TV, or an organizer unlocking their
// phone between every score. The browser lets the lock go whenever the page is hidden, so it is
// asked for again each time the page is shown; where Screen Wake Lock is missing (or refused,
// as on battery saver), nothing else changes.
import { useEffect } from "react";

type Sentinel = { release: () => Promise<void>; released: boolean };
type WakeLockApi = { request: (type: "screen") => Promise<Sentinel> };

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
    if (!active || !wakeLock) return;
    let sentinel: Sentinel | null = null;
    let stopped = false;
    const hold = async () => {
      if (stopped || document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        sentinel = await wakeLock.request("screen");
        if (stopped) await sentinel.release();
      } catch {
        // Refused (battery saver, no user gesture yet): the screen dims as it would anyway.
      }
    };
    void hold();
    document.addEventListener("visibilitychange", hold);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", hold);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
