import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageLoading } from "../components/ui/spinner.js";
import { useAuth } from "./auth-provider.js";

/** The login guard: a spinner with 'Loading...' while the session loads; no user, /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutByChoice, waitingForNetwork } = useAuth();
  const location = useLocation();
  // Offline with nothing kept on this device: say so, rather than a spinner that never stops.
  if (waitingForNetwork)
    return (
      <p role="status" className="mx-auto max-w-xl px-4 py-16 text-center text-muted">
        You're offline, and this device has nothing of yours kept yet. The app opens as soon as the network is
        back.
      </p>
    );
  if (status === "loading") return <PageLoading />;
  if (status === "signed-out" && signedOutByChoice) return <Navigate to="/auth" replace />;
  if (status === "signed-out") {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
