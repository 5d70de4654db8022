import { Link } from "react-router";
import { Button } from "../../components/ui/button.js";
import { MarketingLayout, PageHero } from "./marketing-layout.js";

const stats = [
  ["200+", "clubs"],
  ["15K+", "members"],
  ["500K+", "matches"],
  ["98%", "satisfaction"],
];

export function AboutPage() {
  return (
    <MarketingLayout>
      <PageHero
        title="We play too"
        lead="Courtside began on a crowded Tuesday night, with a fence full of paddles and a dozen players unsure who was next."
      />
      <section className="mx-auto max-w-3xl px-4 py-12 text-lg leading-relaxed text-ink">
        <p>
          Club organizers give their evenings to the game. They should spend them playing and welcoming
          people, not refereeing the paddle stack. So we built the tool we wanted at our own club: a queue
          that is fair by design, a board everyone can see, and a ladder that reflects real results.
        </p>
        <div className="my-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {stats.map(([value, label]) => (
            <div key={label} className="rounded-2xl bg-brand-50 p-4 text-center">
              <p className="text-3xl font-black text-brand-700">{value}</p>
              <p className="text-sm text-muted">{label}</p>
            </div>
          ))}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/auth?mode=sign-up">Start Free Trial</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </section>
    </MarketingLayout>
  );
}
