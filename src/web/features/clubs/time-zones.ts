/** The browser's own zone, the default for a new club (times show in the club's zone). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function allTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  // Some engines leave UTC out of the list; a club may still want it.
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}
