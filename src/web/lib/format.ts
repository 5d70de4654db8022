// Dates and money as people read them. Club times show in the club's time zone.
export function formatDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone }).format(new Date(iso));
}

export function formatUsd(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/** "Welcome to Dink Club!", but not "Welcome to Dink Club!!": a name may end a sentence itself. */
export function exclaim(text: string): string {
  return /[!?.]$/.test(text.trim()) ? text.trim() : `${text.trim()}!`;
}
