// Where ?next= may send someone after signing in: a path of this site, as the browser and the
// router will read it. The browser reads "\" as "/" and drops tabs and line breaks, so "/\evil.test"
// is "//evil.test", another site (pushState throws on it: the crash page); the router decodes
// the path before matching, so "/%5Cevil.test" is refused as well.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

/** `next` if it is a path of this site (one "/", then no backslash or control character), else undefined. */
export function safeNext(next: string | null): string | undefined {
  if (!next) return undefined;
  const decoded = percentDecoded(next);
  return decoded !== undefined && [next, decoded].every(plainPath) ? next : undefined;
}

const plainPath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !UNSAFE.test(path);

/** Undefined for a "%" that starts no escape: not an address the router can read. */
function percentDecoded(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
