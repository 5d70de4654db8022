import { Check } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { cn } from "../../lib/cn.js";
import { MarketingLayout, PageHero } from "./marketing-layout.js";

// The marketing plans, priced apart from the in-app plans (those live in shared/domain/plans).
const tiers = [
  {
    name: "Starter",
    price: "$49",
    period: "/month",
    members: "Up to 50 members",
    items: ["Fair rotation and court board", "Sessions and waitlists", "Elo ladder", "Email support"],
  },
  {
    name: "Professional",
    price: "$99",
    period: "/month",
    members: "Up to 200 members",
    popular: true,
    items: [
      "Everything in Starter",
      "Paid sessions",
      "TV display and QR check-in",
      "Fairness reports",
      "Priority support",
    ],
  },
  {
    name: "Enterprise",
    price: "Custom",
    period: "",
    members: "Unlimited members",
    items: ["Everything in Professional", "Several locations", "Custom branding", "Dedicated onboarding"],
  },
];

const faq = [
  [
    "How long is the free trial?",
    "30 days on the Basic plan (up to 2 courts), and no credit card to start. Upgrade to Pro any time for unlimited courts.",
  ],
  [
    "Can I cancel anytime?",
    "Yes. Your plan runs to the end of the period you paid for. Subscription fees are non-refundable.",
  ],
  ["Will prices change?", "We give 30 days' notice before any change to prices or terms."],
  [
    "Are there fees on paid sessions?",
    "Card processing for session fees depends on your plan; players pay at sign-up.",
  ],
];

export function PricingPage() {
  return (
    <MarketingLayout>
      <PageHero title="Simple pricing for every club" lead="Start free for 30 days. No credit card needed." />
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-3">
        {tiers.map((tier) => (
          <Card
            key={tier.name}
            className={cn("flex flex-col", tier.popular && "border-2 border-brand-600 shadow-lg")}
          >
            <CardHeader>
              <div className="flex items-center justify-between">
                <CardTitle as="h2">{tier.name}</CardTitle>
                {tier.popular ? <Badge tone="ball">Most popular</Badge> : null}
              </div>
              <p className="mt-2">
                <span className="text-4xl font-black">{tier.price}</span>
                <span className="text-muted">{tier.period}</span>
              </p>
              <p className="text-sm font-medium text-brand-700">{tier.members}</p>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-4">
              <ul className="flex flex-1 flex-col gap-2">
                {tier.items.map((item) => (
                  <li key={item} className="flex items-start gap-2 text-sm">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" /> {item}
                  </li>
                ))}
              </ul>
              <Button asChild variant={tier.popular ? "primary" : "secondary"}>
                <Link to="/auth?mode=sign-up">Start Free Trial</Link>
              </Button>
            </CardContent>
          </Card>
        ))}
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-16">
        <h2 className="text-2xl font-bold">Questions</h2>
        <dl className="mt-6 flex flex-col gap-5">
          {faq.map(([q, a]) => (
            <div key={q}>
              <dt className="font-semibold">{q}</dt>
              <dd className="mt-1 text-muted">{a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </MarketingLayout>
  );
}
