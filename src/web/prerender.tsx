// The landing page as HTML, rendered once at build time (scripts/prerender-landing.mjs).
//
// A visitor's first page needs none of the app: its links are plain links and its one control
// (the menu on phones) is worked by /landing.js. So the server sends visitors this HTML with
// the stylesheet and that script only, and the app loads on the next page (decision 011).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AuthProvider, meQueryKey } from "./app/auth-provider.js";
import { LandingPage } from "./features/marketing/landing-page.js";

export function renderLanding(): string {
  // As a visitor sees it: nobody signed in.
  const queryClient = new QueryClient();
  queryClient.setQueryData(meQueryKey, null);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <StaticRouter location="/">
          <LandingPage />
        </StaticRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}
