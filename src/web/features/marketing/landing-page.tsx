import {
  BarChart3,
  Bell,
  CalendarCheck,
  CreditCard,
  LayoutGrid,
  QrCode,
  RefreshCw,
  Trophy,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { FeatureCard } from "../../components/feature-card.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { MarketingLayout } from "./marketing-layout.js";

const features = [
  {
    icon: RefreshCw,
    title: "Fair rotations",
    body: "Fewest games first, longest wait next, new partners every game. The queue runs itself.",
  },
  {
    icon: LayoutGrid,
    title: "Live court board",
    body: "Who is playing, who is up next, on every phone and on the club's TV, updated in a second.",
  },
  {
    icon: Trophy,
    title: "Elo ladder",
    body: "Ratings from real match results, with streaks and the most active players.",
  },
  {
    icon: CalendarCheck,
    title: "Sessions",
    body: "Open play, clinics and leagues with capacity, waitlists and weekly repeats.",
  },
  {
    icon: CreditCard,
    title: "Paid sign-up",
    body: "Charge per player at registration; a place is confirmed only when it is paid.",
  },
  {
    icon: QrCode,
    title: "Check-in",
    body: "Tick players off at the door, or let them scan the QR code on the TV.",
  },
  {
    icon: Users,
    title: "Members and roles",
    body: "Owners, admins, organizers and members, with invitations and join requests.",
  },
  {
    icon: Bell,
    title: "Notifications",
    body: "Up next, waitlist promotions and cancellations reach players by email.",
  },
  {
    icon: BarChart3,
    title: "Fairness report",
    body: "Games per player, waits and repeats for every session, so you can show it was fair.",
  },
];

const testimonials = [
  {
    quote:
      "We used to stack paddles on a fence. Now the TV tells everyone where to go and nobody argues about who's next.",
    name: "Dana Whitfield",
    role: "Organizer, Riverside Pickleball",
  },
  {
    quote:
      "Thirty players, six courts, and not one person sat out twice. The fairness report settled a long-running debate.",
    name: "Marcus Oyelaran",
    role: "Open play lead, Eastside Dinkers",
  },
  {
    quote:
      "Paid clinics fill themselves now. The waitlist moves people up and they get an email. I just show up and teach.",
    name: "Sofia Brandt",
    role: "Coach and club owner",
  },
];

/** The landing page for visitors (signed-in people go straight to their dashboard). */
export function LandingPage() {
  return (
    <MarketingLayout>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 px-4 py-20 text-white sm:py-28">
        <div className="absolute -top-24 -right-24 h-80 w-80 rounded-full bg-ball/20" aria-hidden="true" />
        <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-6 text-center">
          <span className="rounded-full bg-white/10 px-4 py-1 text-sm font-semibold">
            Free 30-day trial · no credit card
          </span>
          <h1 className="text-4xl font-black tracking-tight sm:text-6xl">Open play that runs itself.</h1>
          <p className="max-w-2xl text-lg text-brand-100 sm:text-xl">
            Courtside runs your pickleball club's court queue with fair rotation, puts a live court board on
            every phone and the club TV, and keeps an Elo ladder from real results.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg" variant="ball">
              <Link to="/auth?mode=sign-up">Start Free Trial</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/features">See how it works</Link>
            </Button>
          </div>
          <dl className="mt-6 grid w-full max-w-2xl grid-cols-3 gap-4">
            {[
              ["50+", "clubs"],
              ["80%", "less admin time"],
              ["30 days", "free trial"],
            ].map(([value, label]) => (
              <div key={label} className="rounded-2xl bg-white/10 px-2 py-4">
                <dt className="text-2xl font-black sm:text-3xl">{value}</dt>
                <dd className="text-sm text-brand-100">{label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20">
        <h2 className="text-center text-3xl font-bold">Everything a club needs on court night</h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
          Other platforms stop at sign-ups. Courtside runs the queue itself: fairly, live, and tied to a real
          ladder.
        </p>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </div>
      </section>

      <section className="bg-surface px-4 py-20">
        <div className="mx-auto max-w-6xl">
          <h2 className="text-center text-3xl font-bold">Clubs love game night again</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <Card key={t.name}>
                <CardContent className="flex h-full flex-col gap-4 pt-6">
                  <p className="flex-1 text-ink">“{t.quote}”</p>
                  <div>
                    <p className="font-semibold">{t.name}</p>
                    <p className="text-sm text-muted">{t.role}</p>
                  </div>
                </CardContent>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section className="px-4 py-20 text-center">
        <h2 className="text-3xl font-bold">Start your free trial today</h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          Thirty days on the Basic plan, no credit card. Set up your club in two minutes.
        </p>
        <Button asChild size="lg" className="mt-6">
          <Link to="/auth?mode=sign-up">Start Free Trial</Link>
        </Button>
      </section>
    </MarketingLayout>
  );
}
