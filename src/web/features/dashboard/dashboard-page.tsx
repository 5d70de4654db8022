import { AlertTriangle, Crown, Info, LayoutGrid, RefreshCw, Trophy } from "lucide-react";
import { Link } from "react-router";
import type { Membership } from "../../../shared/contracts/clubs.js";
import { can } from "../../../shared/domain/capabilities.js";
import { messages } from "../../../shared/domain/messages.js";
import { plans } from "../../../shared/domain/plans.js";
import { useExamples } from "../../app/examples.js";
import { NoClub } from "../../app/no-club.js";
import { useOrganization } from "../../app/organization-provider.js";
import { FeatureCard } from "../../components/feature-card.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { useSubscription } from "../billing/api.js";
import { SiteFooter } from "../marketing/site-footer.js";
import { ClubToday } from "./club-today.js";

const features = [
  {
    icon: RefreshCw,
    title: "Smart Rotations",
    body: "Fewest games first, longest wait next, and new partners every game. Nobody stacks paddles by hand.",
  },
  {
    icon: LayoutGrid,
    title: "Live Court Board",
    body: "Every court, every group up next, live on phones and on the club's TV.",
  },
  {
    icon: Trophy,
    title: "ELO Ladder Rankings",
    body: "Ratings that move with every recorded game, so players see how they are doing.",
  },
];

const sampleStats = [
  { value: "9 min", label: "Average wait" },
  { value: "3.5", label: "Games per session" },
  { value: "85%", label: "Player retention" },
  { value: "200+", label: "Clubs" },
];

/** The in-app dashboard. */
export function DashboardPage() {
  const { current } = useOrganization();
  if (!current) return <NoClub />;
  return <ClubDashboard club={current} />;
}

function ClubDashboard({ club }: { club: Membership }) {
  const subscription = useSubscription(club.id);
  const { showExamples, clearExamples } = useExamples();
  if (subscription.isPending) return <PageLoading />;
  const state = subscription.data;
  const paidPlan = state && state.plan !== "trial" ? plans[state.plan] : null;
  // The plan is the owner's business: members and organizers get no upsell they cannot act on.
  const seesPlan = can(club.role, "billing.manage");
  const runsSessions = can(club.role, "sessions.manage");

  return (
    <div className="flex min-h-full flex-col">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6">
        {!seesPlan ? null : state?.trial_expired ? (
          <div
            role="alert"
            data-tour="plan-banner"
            className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 sm:flex-row sm:items-center"
          >
            <AlertTriangle className="h-5 w-5 shrink-0" />
            <p className="flex-1 font-medium">{messages.dashboard.trialExpired}</p>
            <Button asChild variant="destructive" size="sm">
              <Link to="/billing">Upgrade Now</Link>
            </Button>
          </div>
        ) : state?.plan === "trial" ? (
          <div
            role="status"
            data-tour="plan-banner"
            className="flex flex-col gap-3 rounded-xl border border-yellow-200 bg-yellow-50 p-4 text-yellow-900 sm:flex-row sm:items-center"
          >
            <Info className="h-5 w-5 shrink-0" />
            <p className="flex-1 font-medium">{messages.dashboard.trialActive}</p>
            <Button asChild variant="ball" size="sm">
              <Link to="/billing">View Plans</Link>
            </Button>
          </div>
        ) : null}

        <section
          data-tour="club-hero"
          className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 px-6 py-10 text-white sm:px-10"
        >
          <div className="absolute -top-16 -right-16 h-56 w-56 rounded-full bg-ball/20" aria-hidden="true" />
          <div className="relative flex flex-col gap-4">
            {seesPlan && paidPlan ? (
              <Badge tone="ball" className="w-fit">
                <Crown className="h-3 w-3" /> {paidPlan.name} Plan
              </Badge>
            ) : null}
            <h1 className="text-3xl font-bold sm:text-4xl">{club.name}</h1>
            <p className="max-w-xl text-brand-100">
              {club.location ?? "Fair courts, happy players: your club's open play, run for you."}
            </p>
            <div className="flex flex-wrap gap-3">
              {runsSessions ? (
                <Button asChild variant="ball" size="lg">
                  {/* The board is where play starts: tonight's sessions and open play now. */}
                  <Link to="/board">Start Session</Link>
                </Button>
              ) : (
                <Button asChild variant="ball" size="lg">
                  <Link to="/sessions">See Sessions</Link>
                </Button>
              )}
              <Button asChild variant="secondary" size="lg">
                <Link to="/board">View Court Board</Link>
              </Button>
              {showExamples && runsSessions ? (
                <Button
                  variant="ghost"
                  size="lg"
                  // Outlined: as bare white text on the green it did not look like a button.
                  className="border border-white/50 text-white hover:bg-white/10"
                  title="Hides the sample figures, courts and ladder on this device; nothing of your club's is removed"
                  onClick={clearExamples}
                >
                  Clear Examples
                </Button>
              ) : null}
            </div>
          </div>
        </section>

        <ClubToday orgId={club.id} runsSessions={runsSessions} />

        {/* What Courtside does, and its call to schedule: for those who run the club's sessions.
            A member was told "Get Started Free" and "Schedule a session" under their own club's
            night, with sample statistics they could never clear (a review, 2026-12-05). */}
        {runsSessions ? <ProductPitch showExamples={showExamples} /> : null}
      </div>
      <SiteFooter />
    </div>
  );
}

function ProductPitch({ showExamples }: { showExamples: boolean }) {
  return (
    <>
      <section className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {features.map((feature) => (
          <FeatureCard key={feature.title} heading="h2" {...feature} />
        ))}
      </section>

      {showExamples ? (
        <section aria-label="Sample statistics">
          <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">Sample statistics</p>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {sampleStats.map((stat) => (
              <Card key={stat.label}>
                <CardContent className="pt-6 text-center">
                  <p className="text-3xl font-bold text-brand-700">{stat.value}</p>
                  <p className="text-sm text-muted">{stat.label}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </section>
      ) : null}

      <section className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center">
        <h2 className="text-2xl font-bold">Ready for open play?</h2>
        <p className="max-w-lg text-muted">
          Schedule a session, check players in, and let the court board run the rotation.
        </p>
        <Button asChild size="lg">
          <Link to="/sessions">Get Started Free</Link>
        </Button>
      </section>
    </>
  );
}
