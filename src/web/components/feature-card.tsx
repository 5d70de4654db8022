import type { LucideIcon } from "lucide-react";
import { Card, CardContent } from "./ui/card.js";

export type Feature = { icon: LucideIcon; title: string; body: string };

/**
 * One thing Courtside does, with its icon: on the landing page and on an organizer's dashboard.
 * `heading` is the level the page's outline gives it.
 */
export function FeatureCard({
  icon: Icon,
  title,
  body,
  heading: Heading = "h3",
}: Feature & { heading?: "h2" | "h3" }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-6">
        <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          <Icon className="h-5 w-5" />
        </span>
        <Heading className="text-lg font-semibold">{title}</Heading>
        <p className="text-sm text-muted">{body}</p>
      </CardContent>
    </Card>
  );
}
