// Names people type that others then see: on pages, in emails, on the TV board, in
// calendars. A control character (C0 and C1: NUL, line breaks, escapes) breaks the line it
// is shown on or the header it is mailed in; a bidirectional override or isolate turns the
// text after it around ("evil\u202Egnp.exe"), so a name could pass for another. Neither has
// a place in a name.
// A zero-width character (a zero-width space, joiner or non-joiner, the word joiner, the byte
// order mark) makes two names that look the same differ ("Riverside" and "River\u200Bside"),
// so one club or player could pass for another.
const hidden = /[\p{Cc}\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** Whether a name shows as typed: no control, bidirectional or zero-width characters. */
export function isPlainDisplayText(value: string): boolean {
  return !hidden.test(value);
}

// Text of several lines (a club's description, a session's notes, a note to the club) keeps its
// line breaks and tabs; the zero-width joiner and non-joiner stay too, since some scripts and
// every family or flag emoji are written with them. Nothing else of the above.
const hiddenInText =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** Whether a text of several lines shows as typed: line breaks and tabs, nothing hidden. */
export function isPlainMultilineText(value: string): boolean {
  return !hiddenInText.test(value);
}
