// Who is signed in, from GET /api/session (null for a visitor, without a 401 in their
// console). A 401 anywhere later means the session ended: the cached user is dropped and the
// guards send the person to /auth.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Me } from "../../shared/contracts/account.js";
import { meEndpoints } from "../../shared/contracts/account-endpoints.js";
import { signOutEndpoint } from "../../shared/contracts/sign-out-endpoint.js";
import { call, onSessionEnded } from "../lib/api.js";
import { forgetKeptQueries } from "./kept-queries.js";

export const meQueryKey = ["me"] as const;

type AuthState = {
  status: "loading" | "signed-in" | "signed-out";
  /** Loading, but waiting for a network that is not there (offline, with nothing kept). */
  waitingForNetwork: boolean;
  /** True after the person signed out themself: guards then send them to plain /auth. */
  signedOutByChoice: boolean;
  me: Me | null;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedOutByChoice, setSignedOutByChoice] = useState(false);
  const query = useQuery({
    queryKey: meQueryKey,
    queryFn: async () => (await call(meEndpoints.session)).me,
    staleTime: 60_000,
    retry: 1,
  });

  useEffect(
    () =>
      onSessionEnded(() => {
        queryClient.setQueryData(meQueryKey, null);
        forgetKeptQueries();
      }),
    [queryClient],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await call(signOutEndpoint, { body: {} }).catch(() => undefined);
    setSignedOutByChoice(true);
    forgetKeptQueries();
    // Set the user to null on the same cached query (its observer must see the change), then
    // drop everything else the person had loaded.
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      status: query.isPending ? "loading" : query.data ? "signed-in" : "signed-out",
      waitingForNetwork: query.isPending && query.fetchStatus === "paused",
      signedOutByChoice: signedOutByChoice && !query.data,
      me: query.data ?? null,
      refresh,
      signOut,
    }),
    [query.isPending, query.fetchStatus, query.data, refresh, signOut, signedOutByChoice],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
