import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { messages } from "../../shared/domain/messages.js";
import { Button } from "../components/ui/button.js";

/** What a person sees when rendering a route throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{messages.routingError}</h1>
      {detail ? <p className="text-muted">{detail}</p> : null}
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
