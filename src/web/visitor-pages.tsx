// Pages a visitor (no session cookie) is sent as HTML, without the app (decision 011).
//
// The landing page and a club's public page need none of the app for someone signed out:
// their links are plain links, and their one control, the menu on phones, is worked by
// /menu.js. So the build compiles this file for the server (scripts/build-visitor-pages.mjs),
// and the server renders these components into the page it sends, with the stylesheet and
// that script only. They are the app's own components: there is one landing page and one club
// page to keep, and the app still shows them when a visitor moves there from another page.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Route, Routes, StaticRouter } from "react-router";
import type { PublicClubPage } from "../shared/contracts/public-club.js";
import { AuthProvider, meQueryKey } from "./app/auth-provider.js";
import { ClubPage } from "./features/clubs/club-page.js";
import { publicClubKey } from "./features/clubs/public-api.js";
import { LandingPage } from "./features/marketing/landing-page.js";

/** As a visitor sees it: nobody signed in, and any data the page asks for already at hand. */
function asVisitor(location: string, page: ReactNode, data: Array<[readonly unknown[], unknown]> = []) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, null);
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <StaticRouter location={location}>{page}</StaticRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

export function renderLanding(): string {
  return asVisitor("/", <LandingPage />);
}

export function renderClubPage(page: PublicClubPage): string {
  return asVisitor(
    `/club/${page.club.slug}`,
    <Routes>
      <Route path="/club/:slug" element={<ClubPage />} />
    </Routes>,
    [[publicClubKey(page.club.slug), page]],
  );
}
