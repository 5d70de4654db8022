import { Check } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { MarketingLayout, PageHero } from "./marketing-layout.js";

const core = [
  [
    "Fair rotation engine",
    "Three modes: fair (fewest games, longest wait, new partners), paddle stack (first come, first served) and winners stay (at most two in a row).",
  ],
  [
    "Live court board",
    "Courts, players, elapsed time and the group up next, updated within a second on every screen.",
  ],
  [
    "Sessions and registration",
    "Capacity, waitlists that promote automatically, weekly repeats in your club's time zone.",
  ],
  ["Elo ladder", "Every recorded game updates ratings; streaks and the most active players stand out."],
];
const extras = [
  "Paid sessions with card payment at sign-up",
  "Self check-in by QR code",
  "TV display link, no sign-in needed",
  "Calendar files and a subscribable club calendar",
  "Public club page with join requests",
  "Fairness report after every session",
];
const organizers = [
  "Start games with one tap, record scores, and the next group is called",
  "Move, skip or rest a player without breaking the rotation",
  "See who checked in, who paid, who is waiting",
];
const players = [
  "See your place in line and your estimated wait on your phone",
  "Get told when you're up next",
  "Track your rating and streak on the ladder",
];

export function FeaturesPage() {
  return (
    <MarketingLayout>
      <PageHero
        title="Built for the way clubs actually play"
        lead="From the first check-in to the last game of the night, Courtside keeps the courts full and the rotation fair."
      />
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2">
        {core.map(([title, body]) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-muted">{body}</p>
            </CardContent>
          </Card>
        ))}
      </section>
      <section className="bg-surface px-4 py-12">
        <div className="mx-auto max-w-6xl">
          <h2 className="text-2xl font-bold">And the extras</h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {extras.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" /> {item}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2">
        {[
          ["For organizers", organizers],
          ["For players", players],
        ].map(([title, items]) => (
          <Card key={title as string}>
            <CardHeader>
              <CardTitle>{title as string}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2">
                {(items as string[]).map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <Check className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" /> {item}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </section>
      <section className="px-4 pb-16 text-center">
        <Button asChild size="lg">
          <Link to="/auth?mode=sign-up">Start Free Trial</Link>
        </Button>
      </section>
    </MarketingLayout>
  );
}
