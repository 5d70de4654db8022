// A slug is the lowercase name, non-alphanumerics to hyphens, trimmed, fallback 'organization';
// on a collision the creator retries with -1..-4, five attempts in all.
export const SLUG_ATTEMPTS = 5;

export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "organization";
}

/** The slug to try on attempt `n` (0-based): the base, then base-1 .. base-4. */
export function slugCandidate(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}-${attempt}`;
}
