// The pages a visitor (no session cookie) is sent as HTML without the app: the landing page and
// a club's public page (src/web/visitor-pages.tsx, compiled by scripts/build-visitor-pages.mjs
// into dist/ssr beside dist/web). Without that build (tests, `npm run dev`) there are none, and
// every page is the app.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";

type Renderer = {
  renderLanding(): string;
  renderClubPage(page: PublicClubPage): string;
};

export type ClubPreview = {
  name: string;
  location: string | null;
  description: string | null;
  logoUrl: string | null;
};

export type VisitorPages = {
  /** The page's HTML with `markup` in its root element. */
  page(markup: string): string;
  /** The landing page's markup: the same for every visitor, rendered once. */
  landing(): Promise<string>;
  /** The club's page as a visitor sees it, and what its preview tags say; null for no such club. */
  club(slug: string): Promise<{ markup: string; preview: ClubPreview } | null>;
};

export async function loadVisitorPages(
  webRoot: string,
  /** The club's public page for a visitor; null when there is no such club. */
  clubPage: (slug: string) => Promise<PublicClubPage | null>,
): Promise<VisitorPages | null> {
  const built = path.resolve(webRoot, "../ssr");
  const shellFile = path.join(built, "shell.html");
  const rendererFile = path.join(built, "visitor-pages.js");
  if (!existsSync(shellFile) || !existsSync(rendererFile)) return null;
  const shell = readFileSync(shellFile, "utf8");
  // The renderer (React and the pages, 1 MB of source) is loaded by the first visitor page, not
  // at start: an instance that serves only the app and its API never holds it (6 MB of memory).
  // A failed load fails that page alone (the visitor gets the app) and is asked for again by
  // the next one.
  const rendering = keptUnlessFailed(() => import(pathToFileURL(rendererFile).href) as Promise<Renderer>);
  const landing = keptUnlessFailed(async () => (await rendering()).renderLanding());
  return {
    page: (markup) => shell.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`),
    landing,
    async club(slug) {
      const page = await clubPage(slug);
      if (!page) return null;
      const { name, location, description, logoUrl } = page.club;
      const markup = (await rendering()).renderClubPage(page);
      return { markup, preview: { name, location, description, logoUrl } };
    },
  };
}

/** `load` run once and its value kept; a load that fails is not kept, so the next call loads again. */
function keptUnlessFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };
}
