import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageLoading } from "../components/ui/spinner.js";
import { useAuth } from "./auth-provider.js";

/** The login guard: a spinner with 'Loading...' while the session loads; no user, /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutByChoice } = useAuth();
  const location = useLocation();
  if (status === "loading") return <PageLoading />;
  if (status === "signed-out" && signedOutByChoice) return <Navigate to="/auth" replace />;
  if (status === "signed-out") {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}
