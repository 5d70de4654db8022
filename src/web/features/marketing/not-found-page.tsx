import { Link } from "react-router";
import { messages } from "../../../shared/domain/messages.js";
import { Button } from "../../components/ui/button.js";

/** Any unknown path (the server answered 404 and logged the miss). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-surface px-4 text-center">
      <p className="text-7xl font-black text-brand-700">404</p>
      <h1 className="text-2xl font-bold">{messages.notFound}</h1>
      <p className="max-w-sm text-muted">
        The page you were looking for is not here. It may have moved, or the link may be mistyped.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
