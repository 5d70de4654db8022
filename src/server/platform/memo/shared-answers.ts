// Values many requests answer with as they are: a kept club read (platform/club-reads), frozen
// all the way down so that no caller can change what the others see. Such a value can only
// ever be written to the same text, so the answer's serializer writes it once per route and
// hands the text back after (platform/web/response-serializer): a kept read of a big club then
// costs what a small club's does, where writing a page of 20 sessions or 50 matches as JSON
// on every request cost more than finding it.

const shared = new WeakSet<object>();

/** Freezes `value` and everything in it, and marks it as an answer shared between requests. */
export function shareAnswer<Value>(value: Value): Value {
  deepFreeze(value);
  if (value !== null && typeof value === "object") shared.add(value);
  return value;
}

/** Whether `value` is a shared answer: frozen all the way down, so its text never changes. */
export function isSharedAnswer(value: unknown): value is object {
  return value !== null && typeof value === "object" && shared.has(value);
}

function deepFreeze(value: unknown): void {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
}

const variants = new WeakMap<object, Map<string, unknown>>();

/**
 * The answer `build` makes from the shared value `from` for every viewer alike in `kind` (a
 * member who holds no place, say): made once for the value, and itself shared (so written
 * once). It goes when `from` does. A viewer the answer differs for gets `build()` of their own.
 */
export function sharedVariant<Answer>(from: object, kind: string, build: () => Answer): Answer {
  let made = variants.get(from);
  if (!made) {
    made = new Map();
    variants.set(from, made);
  }
  if (!made.has(kind)) made.set(kind, shareAnswer(build()));
  return made.get(kind) as Answer;
}
