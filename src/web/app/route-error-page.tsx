import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { messages } from "../../shared/domain/messages.js";
import { Button } from "../components/ui/button.js";

/** A page's code could not be fetched because the device is offline (router.tsx loadChunk). */
export class OfflinePageError extends Error {
  constructor() {
    super("You're offline, and this page has not been opened on this device yet.");
  }
}

/** What a person sees when rendering a route throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (error instanceof OfflinePageError)
    return (
      <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold">You're offline</h1>
        <p className="text-muted">
          This page has not been opened on this device yet. It opens once the network is back.
        </p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </main>
    );
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
