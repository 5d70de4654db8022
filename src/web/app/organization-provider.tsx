// The club the signed-in person is looking at: the one chosen on the last visit if
// they still belong to it, else their first; switching remembers the choice.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import type { Membership } from "../../shared/contracts/clubs.js";
import { readStored, storageKeys, writeStored } from "../lib/storage.js";
import { useAuth } from "./auth-provider.js";

type OrganizationState = {
  organizations: Membership[];
  current: Membership | null;
  select: (organizationId: string) => void;
};

const OrganizationContext = createContext<OrganizationState | null>(null);

export function OrganizationProvider({ children }: { children: ReactNode }) {
  const { me } = useAuth();
  const [chosenId, setChosenId] = useState(() => readStored(storageKeys.currentOrganization));
  const organizations = me?.organizations ?? [];
  const current = organizations.find((org) => org.id === chosenId) ?? organizations[0] ?? null;

  const select = useCallback((organizationId: string) => {
    writeStored(storageKeys.currentOrganization, organizationId);
    setChosenId(organizationId);
  }, []);

  const value = useMemo(() => ({ organizations, current, select }), [organizations, current, select]);
  return <OrganizationContext.Provider value={value}>{children}</OrganizationContext.Provider>;
}

export function useOrganization(): OrganizationState {
  const context = useContext(OrganizationContext);
  if (!context) throw new Error("useOrganization must be used within an OrganizationProvider");
  return context;
}
