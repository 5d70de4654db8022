import { Construction } from "lucide-react";
import { Card, CardContent } from "../components/ui/card.js";

/**
 * Honest placeholder for a screen that a later issue builds (sessions, billing, members,
 * settings): the navigation already links to it, and it says plainly it is not ready.
 */
export function PlannedPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card className="mt-6">
        <CardContent className="flex items-start gap-4 pt-6">
          <Construction className="mt-1 h-6 w-6 shrink-0 text-yellow-600" />
          <div>
            <p className="font-semibold">This screen is on its way.</p>
            <p className="mt-1 text-sm text-muted">{description}</p>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
