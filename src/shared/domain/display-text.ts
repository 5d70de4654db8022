// Names people type that others then see: on pages, in emails, on the TV board, in
// calendars. A control character (C0 and C1: NUL, line breaks, escapes) breaks the line it
// is shown on or the header it is mailed in; a bidirectional override or isolate turns the
// text after it around ("evil\u202Egnp.exe"), so a name could pass for another. Neither has
// a place in a name.
const hidden = /[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Whether a name shows as typed: no control characters and no bidirectional controls. */
export function isPlainDisplayText(value: string): boolean {
  return !hidden.test(value);
}
