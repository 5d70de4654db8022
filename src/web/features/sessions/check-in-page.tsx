import { CheckCircle2, Hourglass, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { ApiError } from "../../lib/api.js";
import { sessionsApi } from "./api.js";

const INCOMPLETE_LINK = "This check-in link is incomplete. Scan the session's QR code again.";

/** Where the check-in QR code leads: the player is checked in as the page opens. */
export function CheckInPage() {
  const { sessionId = "" } = useParams();
  const [params] = useSearchParams();
  const orgId = params.get("org") ?? "";
  const token = params.get("token") ?? "";
  const { select } = useOrganization();
  const [result, setResult] = useState<{ ok: boolean; standingBy?: boolean; message: string }>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!orgId || !token) {
      setResult({ ok: false, message: INCOMPLETE_LINK });
      return;
    }
    sessionsApi
      .selfCheckIn(orgId, sessionId, token)
      .then(({ standingBy, waitlistPosition }) => {
        select(orgId);
        setResult(
          standingBy
            ? {
                ok: true,
                standingBy,
                message: `The session is full, so you're standing by: number ${waitlistPosition} for the next place. When one opens you're in and on the board; keep an eye on the board and the session's page.`,
              }
            : { ok: true, message: "You're checked in. Watch the court board for your turn!" },
        );
      })
      .catch((error: unknown) =>
        setResult({
          ok: false,
          // A link cut short (a pasted part, a torn QR print) fails the address's own check:
          // that says which field, which means nothing to a player at the door.
          message:
            error instanceof ApiError && error.is("VALIDATION_ERROR")
              ? INCOMPLETE_LINK
              : error instanceof Error
                ? error.message
                : "Check-in failed.",
        }),
      );
  }, [orgId, sessionId, token, select]);

  if (!result) return <PageLoading label="Checking you in..." />;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 pt-8 text-center">
          {result.standingBy ? (
            <Hourglass className="h-14 w-14 text-amber-500" />
          ) : result.ok ? (
            <CheckCircle2 className="h-14 w-14 text-brand-600" />
          ) : (
            <XCircle className="h-14 w-14 text-red-500" />
          )}
          <h1 className="text-xl font-bold">
            {result.standingBy ? "Standing by" : result.ok ? "Checked in" : "Not checked in"}
          </h1>
          <p className="text-muted">{result.message}</p>
          <Button asChild className="mt-2">
            <Link to={result.ok && !result.standingBy ? "/board" : `/sessions/${sessionId}`}>
              {result.ok && !result.standingBy ? "Open the Court Board" : "See the session"}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
