import type { ComponentType, ReactNode } from "react";
import { createBrowserRouter, Navigate, Outlet } from "react-router";
import { pageMeta } from "../../shared/page-meta.js";
import { PageLoading } from "../components/ui/spinner.js";
import { LandingPage } from "../features/marketing/landing-page.js";
import { useAuth } from "./auth-provider.js";
import { RequireAuth } from "./guards.js";
import { OfflinePageError, RouteErrorPage } from "./route-error-page.js";

// Route-level code splitting: the landing page is in the first download; every other page
// (and the signed-in shell) is a chunk of its own, fetched when its route is first opened,
// so a visitor never downloads the board, the QR codes or the charts.
const page = <M,>(load: () => Promise<M>, name: keyof M) => ({
  lazy: async () => ({ Component: (await loadChunk(load))[name] as ComponentType }),
});

/**
 * After a new version is deployed, a tab opened before it asks for chunks that no longer
 * exist: reload once to get the new version's, rather than showing an error page.
 */
async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  try {
    const loaded = await load();
    sessionStorage.removeItem(RELOADED_FOR_NEW_VERSION);
    return loaded;
  } catch (error) {
    // Offline, a reload finds nothing newer: the error page says the page needs the network.
    if (!navigator.onLine) throw new OfflinePageError();
    if (sessionStorage.getItem(RELOADED_FOR_NEW_VERSION)) throw error;
    sessionStorage.setItem(RELOADED_FOR_NEW_VERSION, "1");
    window.location.reload();
    return new Promise<M>(() => {});
  }
}
const RELOADED_FOR_NEW_VERSION = "courtside:reloaded-for-new-version";

// "/" is the landing page for visitors and the dashboard for signed-in people (the
// dashboard has two addresses, / and /dashboard; see docs/decisions/003-home-route.md).
function Home() {
  const { status } = useAuth();
  if (status === "loading") return <PageLoading />;
  if (status === "signed-in") return <Navigate to="/dashboard" replace />;
  return <LandingPage />;
}

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: "/", element: <Home /> },
      { path: "/features", ...page(() => import("../features/marketing/features-page.js"), "FeaturesPage") },
      { path: "/pricing", ...page(() => import("../features/marketing/pricing-page.js"), "PricingPage") },
      { path: "/about", ...page(() => import("../features/marketing/about-page.js"), "AboutPage") },
      { path: "/privacy", ...page(() => import("../features/marketing/legal-pages.js"), "PrivacyPage") },
      { path: "/terms", ...page(() => import("../features/marketing/legal-pages.js"), "TermsPage") },
      { path: "/auth", ...page(() => import("../features/auth/auth-page.js"), "AuthPage") },
      { path: "/club/:slug", ...page(() => import("../features/clubs/club-page.js"), "ClubPage") },
      { path: "/invite/:token", ...page(() => import("../features/members/invite-page.js"), "InvitePage") },
      { path: "/display/:token", ...page(() => import("../features/tv/display-page.js"), "DisplayPage") },
      // Onboarding handles a missing session itself: an 'Authentication Error' toast, then /auth.
      {
        path: "/onboarding",
        ...page(() => import("../features/clubs/onboarding-page.js"), "OnboardingPage"),
      },
      {
        element: signedIn(<Outlet />),
        children: [
          {
            // The signed-in shell is a chunk of its own too.
            lazy: async () => ({ Component: (await loadChunk(() => import("./app-layout.js"))).AppLayout }),
            children: [
              {
                path: "/dashboard",
                ...page(() => import("../features/dashboard/dashboard-page.js"), "DashboardPage"),
              },
              { path: "/board", ...page(() => import("../features/board/board-page.js"), "BoardPage") },
              { path: "/ladder", ...page(() => import("../features/ladder/ladder-page.js"), "LadderPage") },
              {
                path: "/players/:userId",
                ...page(() => import("../features/ladder/player-page.js"), "PlayerPage"),
              },
              {
                path: "/sessions",
                ...page(() => import("../features/sessions/sessions-page.js"), "SessionsPage"),
              },
              {
                path: "/sessions/:sessionId",
                ...page(() => import("../features/sessions/session-details-page.js"), "SessionDetailsPage"),
              },
              {
                path: "/sessions/:sessionId/record",
                ...page(() => import("../features/sessions/session-record-page.js"), "SessionRecordPage"),
              },
              {
                path: "/sessions/:sessionId/check-in",
                ...page(() => import("../features/sessions/check-in-page.js"), "CheckInPage"),
              },
              {
                path: "/sessions/:sessionId/event",
                ...page(() => import("../features/events/event-page.js"), "EventPage"),
              },
              {
                path: "/sessions/:sessionId/league",
                ...page(() => import("../features/events/league-page.js"), "LeaguePage"),
              },
              {
                path: "/events/plan",
                ...page(() => import("../features/events/round-robin-planner.js"), "RoundRobinPlannerPage"),
              },
              {
                path: "/billing",
                ...page(() => import("../features/billing/billing-page.js"), "BillingPage"),
              },
              {
                path: "/membership",
                ...page(() => import("../features/memberships/membership-page.js"), "MembershipPage"),
              },
              {
                path: "/members",
                ...page(() => import("../features/members/members-page.js"), "MembersPage"),
              },
              {
                path: "/settings",
                ...page(() => import("../features/settings/settings-page.js"), "SettingsPage"),
              },
            ],
          },
        ],
      },
      { path: "*", ...page(() => import("../features/marketing/not-found-page.js"), "NotFoundPage") },
    ],
  },
]);

// Each page's title as people move around (the server wrote the first one into the HTML); a
// club's page names the club itself once it has loaded.
router.subscribe(({ location }) => {
  if (!location.pathname.startsWith("/club/")) document.title = pageMeta(location.pathname).title;
});
