import type { ReactNode } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { PageLoading } from "../components/ui/spinner.js";
import { AuthPage } from "../features/auth/auth-page.js";
import { BillingPage } from "../features/billing/billing-page.js";
import { BoardPage } from "../features/board/board-page.js";
import { DisplayPage } from "../features/board/display-page.js";
import { ClubPage } from "../features/clubs/club-page.js";
import { OnboardingPage } from "../features/clubs/onboarding-page.js";
import { DashboardPage } from "../features/dashboard/dashboard-page.js";
import { LadderPage } from "../features/ladder/ladder-page.js";
import { PlayerPage } from "../features/ladder/player-page.js";
import { AboutPage } from "../features/marketing/about-page.js";
import { FeaturesPage } from "../features/marketing/features-page.js";
import { LandingPage } from "../features/marketing/landing-page.js";
import { PrivacyPage, TermsPage } from "../features/marketing/legal-pages.js";
import { NotFoundPage } from "../features/marketing/not-found-page.js";
import { PricingPage } from "../features/marketing/pricing-page.js";
import { InvitePage } from "../features/members/invite-page.js";
import { MembersPage } from "../features/members/members-page.js";
import { CheckInPage } from "../features/sessions/check-in-page.js";
import { SessionDetailsPage } from "../features/sessions/session-details-page.js";
import { SessionsPage } from "../features/sessions/sessions-page.js";
import { SettingsPage } from "../features/settings/settings-page.js";
import { AppLayout } from "./app-layout.js";
import { useAuth } from "./auth-provider.js";
import { RequireAuth } from "./guards.js";
import { RouteErrorPage } from "./route-error-page.js";

// "/" is the landing page for visitors and the dashboard for signed-in people (SPEC §2 gives
// both readings; see docs/decisions/003-home-route.md).
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
    children: [
      { path: "/", element: <Home /> },
      { path: "/features", element: <FeaturesPage /> },
      { path: "/pricing", element: <PricingPage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/privacy", element: <PrivacyPage /> },
      { path: "/terms", element: <TermsPage /> },
      { path: "/auth", element: <AuthPage /> },
      { path: "/club/:slug", element: <ClubPage /> },
      { path: "/invite/:token", element: <InvitePage /> },
      { path: "/display/:token", element: <DisplayPage /> },
      // Onboarding handles a missing session itself: SPEC §8 wants a toast before /auth.
      { path: "/onboarding", element: <OnboardingPage /> },
      {
        element: signedIn(<AppLayout />),
        children: [
          { path: "/dashboard", element: <DashboardPage /> },
          { path: "/board", element: <BoardPage /> },
          { path: "/ladder", element: <LadderPage /> },
          { path: "/players/:userId", element: <PlayerPage /> },
          { path: "/sessions", element: <SessionsPage /> },
          { path: "/sessions/:sessionId", element: <SessionDetailsPage /> },
          { path: "/sessions/:sessionId/check-in", element: <CheckInPage /> },
          { path: "/billing", element: <BillingPage /> },
          { path: "/members", element: <MembersPage /> },
          { path: "/settings", element: <SettingsPage /> },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
