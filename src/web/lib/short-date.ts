import { dateTimeFormat } from "../../shared/domain/formatters.js";

/** "Jan 1, 2027" in the club's time zone: the dates a membership runs to, and an account's entries. */
export const shortDate = (iso: string, timeZone: string) =>
  dateTimeFormat({ month: "short", day: "numeric", year: "numeric" }, timeZone).format(new Date(iso));
