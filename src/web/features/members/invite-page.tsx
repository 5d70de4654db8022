import { useQuery } from "@tanstack/react-query";
import { MailOpen } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { InvitationPreview } from "../../../shared/contracts/members.js";
import { messages } from "../../../shared/domain/messages.js";
import { useAuth } from "../../app/auth-provider.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { exclaim } from "../../lib/format.js";
import { errorMessage } from "../../lib/use-action.js";
import { invitationsApi, useAcceptInvitation } from "./api.js";

const problems: Record<Exclude<InvitationPreview["status"], "valid">, string> = {
  expired: "This invitation has expired. Ask the club for a new one.",
  used: "This invitation has already been used.",
  revoked: "This invitation was withdrawn by the club.",
};

/** Where an invitation email's link leads: sign up or in, then join the club. */
export function InvitePage() {
  const { token = "" } = useParams();
  const { status } = useAuth();
  const preview = useQuery({
    queryKey: ["invitation", token, status],
    queryFn: () => invitationsApi.preview(token),
    enabled: status !== "loading",
    retry: false,
  });
  if (status === "loading" || preview.isPending) return <PageLoading />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 to-surface px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center">
          {preview.data ? (
            <Invitation token={token} preview={preview.data} signedIn={status === "signed-in"} />
          ) : (
            <Problem text="This invitation link is not valid." signedIn={status === "signed-in"} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}

function Problem({ text, signedIn }: { text: string; signedIn: boolean }) {
  return (
    <>
      <h1 className="text-xl font-bold">Invitation unavailable</h1>
      <p className="text-muted">{text}</p>
      <Button asChild>
        <Link to={signedIn ? "/dashboard" : "/"}>{signedIn ? "Go to Dashboard" : "Go Home"}</Link>
      </Button>
    </>
  );
}

function Invitation({
  token,
  preview,
  signedIn,
}: {
  token: string;
  preview: InvitationPreview;
  signedIn: boolean;
}) {
  const { signOut } = useAuth();
  const { select } = useOrganization();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const { club } = preview;
  const accept = useAcceptInvitation(token, {
    onSuccess: ({ organizationId }) => {
      select(organizationId);
      navigate("/dashboard", { replace: true });
    },
    success: exclaim(`Welcome to ${club.name}`),
    // The reason also stays on the page, under the invitation.
    onError: (failure) => {
      setError(errorMessage(failure));
      return false;
    },
  });

  if (preview.status !== "valid") return <Problem text={problems[preview.status]} signedIn={signedIn} />;

  const next = encodeURIComponent(`/invite/${token}`);
  const joining = `club=${encodeURIComponent(club.name)}`;
  return (
    <>
      {club.logoUrl ? (
        <img src={club.logoUrl} alt="" className="h-16 w-16 rounded-2xl object-cover" />
      ) : (
        <MailOpen className="h-12 w-12 text-brand-700" />
      )}
      <h1 className="text-2xl font-bold">You're invited to join {club.name}</h1>
      <p className="text-sm text-muted">This invitation was sent to {preview.email}.</p>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {!signedIn ? (
        <div className="flex w-full flex-col gap-2">
          <Button asChild>
            <Link
              to={`/auth?mode=sign-up&next=${next}&${joining}&email=${encodeURIComponent(preview.email)}`}
            >
              Create Account
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={`/auth?next=${next}&${joining}`}>Sign In</Link>
          </Button>
        </div>
      ) : preview.forSomeoneElse ? (
        <>
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {messages.invitationForSomeoneElse(preview.email)}
          </p>
          <Button className="w-full" variant="secondary" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </>
      ) : preview.alreadyMember ? (
        <>
          <p className="font-medium">You're already a member of {club.name}.</p>
          <Button asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </>
      ) : (
        <Button className="w-full" disabled={accept.busy} onClick={() => accept.run()}>
          {accept.busy ? "Joining..." : `Join ${club.name}`}
        </Button>
      )}
    </>
  );
}
