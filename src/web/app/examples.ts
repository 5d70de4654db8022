// 'Clear Examples': sample data shows by default and, once cleared, stays hidden.
import { useCallback, useSyncExternalStore } from "react";
import { readStored, storageKeys, writeStored } from "../lib/storage.js";

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => readStored(storageKeys.hideExamples) !== "true";

export function useExamples(): { showExamples: boolean; clearExamples: () => void } {
  const showExamples = useSyncExternalStore(subscribe, read, () => true);
  const clearExamples = useCallback(() => {
    writeStored(storageKeys.hideExamples, "true");
    for (const listener of listeners) listener();
  }, []);
  return { showExamples, clearExamples };
}
