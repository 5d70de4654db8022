// Intl.DateTimeFormat is slow to build (tens of microseconds and a few KB each) and pages
// format many dates: each (style, zone) pair is built once and kept. Zones are a bounded set
// (the IANA list), so the cache is too; an invalid zone throws and is not kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A count and its noun, as people say it: "1 place", "3 places". */
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
