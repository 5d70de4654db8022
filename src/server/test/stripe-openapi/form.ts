// Stripe's form encoding, decoded the way Stripe reads it: `a[b][0][c]=x` is a nested value,
// `metadata[key]=v` a hash, `expand[]=x` and `expand[0]=x` arrays. Arrays are not told apart
// here: a hash whose keys are indexes becomes an array when the schema asks for one, as on
// Stripe's side, where the same bytes mean either depending on the parameter.

/** A decoded form: every leaf a string, every branch a hash with its keys in arrival order. */
export type FormValue = string | FormHash;
export interface FormHash {
  [key: string]: FormValue;
}

export const emptyHash = (): FormHash => Object.create(null) as FormHash;

export const isHash = (value: FormValue | undefined): value is FormHash =>
  typeof value === "object" && value !== null;

/** `line_items[0][price_data]`: the name Stripe gives a nested parameter in its errors. */
export const paramName = (path: readonly string[]): string =>
  path.length === 0
    ? ""
    : path[0] +
      path
        .slice(1)
        .map((part) => `[${part}]`)
        .join("");

/** "a[b][]" -> ["a", "b", ""]; a key that is not of that shape stays one (unknown) name. */
export function splitKey(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = /\[([^[\]]*)\]/y;
  rest.lastIndex = open;
  let m: RegExpExecArray | null = rest.exec(key);
  while (m) {
    parts.push(m[1]!);
    if (rest.lastIndex === key.length) return parts;
    m = rest.exec(key);
  }
  return [key];
}

export type DecodeProblem = { param: string; message: string };

/**
 * Builds the nested value. A name given both a value and nested parameters (`a=1&a[b]=2`)
 * cannot be read either way: that is a problem, reported with the name.
 */
export function decodeForm(pairs: Iterable<[string, string]>): { params: FormHash } | DecodeProblem {
  const params = emptyHash();
  for (const [key, value] of pairs) {
    const path = splitKey(key);
    let node = params;
    for (let i = 0; i < path.length; i++) {
      // `[]` appends: the next index of this hash.
      const part = path[i] === "" && i > 0 ? String(Object.keys(node).length) : path[i]!;
      path[i] = part;
      const last = i === path.length - 1;
      const existing = node[part];
      if (last) {
        if (isHash(existing)) return mixed(path.slice(0, i + 1));
        node[part] = value;
      } else {
        if (typeof existing === "string") return mixed(path.slice(0, i + 1));
        if (!existing) node[part] = emptyHash();
        node = node[part] as FormHash;
      }
    }
  }
  return { params };
}

const mixed = (path: string[]): DecodeProblem => ({
  param: paramName(path),
  message: `Invalid hash: ${paramName(path)} was given both a value and nested parameters.`,
});

/** The same parameters in a stable text, whatever order they were sent in (for idempotency). */
export function canonical(value: FormValue): string {
  if (!isHash(value)) return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`).join(",")}}`;
}
