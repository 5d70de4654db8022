// The zones a club can pick. Browsers list some zones under names the IANA database has since
// renamed (their CLDR keeps the old ones): a club in Kyiv should find Europe/Kyiv.
const RENAMED: Record<string, string> = {
  "Asia/Calcutta": "Asia/Kolkata",
  "Europe/Kiev": "Europe/Kyiv",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "America/Godthab": "America/Nuuk",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
};

export const currentName = (zone: string) => RENAMED[zone] ?? zone;

/** The browser's own zone, the default for a new club (times show in the club's zone). */
export function browserTimeZone(): string {
  return currentName(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
}

export function allTimeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = [...new Set(listed.map(currentName))].sort();
  // Some engines leave UTC out of the list; a club may still want it.
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}
