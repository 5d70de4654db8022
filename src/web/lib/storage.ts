// What the browser keeps between visits: the current club, completed tutorials and
// the hide-examples flag. Reads tolerate storage being unavailable (private mode).
export const storageKeys = {
  currentOrganization: "courtside.currentOrganizationId",
  completedTutorials: "courtside.completedTutorials",
  hideExamples: "courtside.hideExamples",
  /** The last answers of the reads a night runs on (kept-queries.ts). */
  keptQueries: "courtside.keptQueries.v1",
  /** Scores entered while the network was away, waiting to be sent (held-scores.ts). */
  heldScores: "courtside.heldScores.v1",
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing kept to remove.
  }
}
