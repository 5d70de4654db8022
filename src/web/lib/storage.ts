// What the browser keeps between visits: the current club, completed tutorials and
// the hide-examples flag. Reads tolerate storage being unavailable (private mode).
export const storageKeys = {
  currentOrganization: "courtside.currentOrganizationId",
  completedTutorials: "courtside.completedTutorials",
  hideExamples: "courtside.hideExamples",
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
