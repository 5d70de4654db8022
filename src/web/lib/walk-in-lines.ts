// The walk-ins dialog's reading of what was typed and what the server said: pasted text as
// names with their lines, and every problem placed where the person fixes it.
import { type BulkCheckInBody, sameNameKey } from "../../shared/contracts/session-registrations.js";
import type { ApiError } from "./api.js";

/** A pasted name and the line of the text it came from (blank lines are skipped, not sent). */
export type Pasted = { line: number; name: string };
type Issue = { path: ReadonlyArray<PropertyKey>; message: string };
/** The server's refusal, kept by name and member rather than by place, so edits do not shift it. */
export type Refusal = { message: string; names: Map<string, string>; members: Map<string, string> };

export const noRefusal: Refusal = { message: "", names: new Map(), members: new Map() };

/**
 * The names in pasted text, one a line. A tab is a spreadsheet's column break ("Ann<TAB>Lee"
 * from first and last name columns): it becomes a space, not a refused control character.
 */
export function pastedNames(text: string): Pasted[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const name = raw.replace(/\t+/g, " ").trim();
    return name ? [{ line: i + 1, name }] : [];
  });
}

/** Where an issue points: ["body", "guestNames", "3"] or ["guestNames", 3]; index null for the list. */
function placeOf(path: ReadonlyArray<PropertyKey>) {
  const at = path.findIndex((part) => part === "guestNames" || part === "memberIds");
  if (at < 0) return null;
  const index = Number(path[at + 1]);
  return { field: path[at] as "guestNames" | "memberIds", index: Number.isInteger(index) ? index : null };
}

/** The server's refusal, by the names and members it was about. */
export function refusalOf(error: ApiError, body: BulkCheckInBody): Refusal {
  const refusal: Refusal = { message: error.message, names: new Map(), members: new Map() };
  for (const issue of error.issues) {
    const place = placeOf(issue.path);
    if (place?.index == null) continue;
    if (place.field === "guestNames") {
      const name = body.guestNames?.[place.index];
      if (name !== undefined) refusal.names.set(sameNameKey(name), issue.message);
    } else {
      const userId = body.memberIds?.[place.index];
      if (userId !== undefined) refusal.members.set(userId, issue.message);
    }
  }
  return refusal;
}

/** Every problem where the person fixes it: by line, by member, or for the whole list. */
export function problemsOf(issues: Issue[], refusal: Refusal, pasted: Pasted[], ticked: string[]) {
  const lines: Array<{ line: number; message: string }> = [];
  const members = new Map(refusal.members);
  const general = refusal.message ? [refusal.message] : [];
  for (const issue of issues) {
    const place = placeOf(issue.path);
    const entry = place?.field === "guestNames" && place.index != null ? pasted[place.index] : undefined;
    const userId = place?.field === "memberIds" && place.index != null ? ticked[place.index] : undefined;
    if (entry) lines.push({ line: entry.line, message: issue.message });
    else if (userId) members.set(userId, issue.message);
    else general.push(issue.message);
  }
  for (const entry of pasted) {
    const message = refusal.names.get(sameNameKey(entry.name));
    if (message) lines.push({ line: entry.line, message });
  }
  lines.sort((a, b) => a.line - b.line);
  return { lines, members, general: [...new Set(general)] };
}
