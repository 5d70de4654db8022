// Who is signed in, from GET /api/me. A 401 anywhere means the session ended: the cached
// user is dropped and the guards send the person to /auth.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import type { Me } from "../../shared/contracts/account.js";
import { ApiError, api, onSessionEnded } from "../lib/api.js";

export const meQueryKey = ["me"] as const;

type AuthState = {
  status: "loading" | "signed-in" | "signed-out";
  me: Me | null;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      try {
        return await api<Me>("/api/me");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: 1,
  });

  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.setQueryData(meQueryKey, null);
      }),
    [queryClient],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await api("/api/auth/sign-out", { method: "POST", body: {} }).catch(() => undefined);
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      status: query.isPending ? "loading" : query.data ? "signed-in" : "signed-out",
      me: query.data ?? null,
      refresh,
      signOut,
    }),
    [query.isPending, query.data, refresh, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
