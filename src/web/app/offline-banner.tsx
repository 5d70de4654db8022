import { WifiOff } from "lucide-react";
import { useOnline } from "../lib/use-online.js";

/**
 * Says so while the browser is offline: what is on screen may be old, and nothing reloads it
 * until the connection is back (the API is never answered from a cache).
 */
export function OfflineBanner() {
  const online = useOnline();
  // The live region is always there, so a screen reader announces the message when it appears;
  // a plain polite region, not role="status": an empty status would be one more on every page.
  return (
    <div aria-live="polite">
      {online ? null : (
        <p
          data-testid="offline-banner"
          className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
        >
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>You're offline. The board will update when you're back.</span>
        </p>
      )}
    </div>
  );
}
