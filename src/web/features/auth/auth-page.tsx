import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { useAuth } from "../../app/auth-provider.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { NewPasswordForm, ResetRequestForm, SignInForm, SignUpForm } from "./auth-forms.js";
import { safeNext } from "./safe-next.js";

export type AuthMode = "sign-in" | "sign-up" | "forgot";

const titles: Record<AuthMode | "new-password", { title: string; description: string }> = {
  "sign-in": { title: "Welcome back", description: "Sign in to run your club." },
  "sign-up": {
    title: "Create your account",
    description: "Start your free 30-day trial. No credit card needed.",
  },
  forgot: { title: "Reset your password", description: "We will email you a link to choose a new one." },
  "new-password": { title: "Choose a new password", description: "Use at least 8 characters." },
};

// Signing in refreshes the current user; this page then redirects on its own.
/** /auth: sign in, sign up and forgot password in one screen, plus the reset link's landing. */
export function AuthPage() {
  const { status, me } = useAuth();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(params.get("mode") === "sign-up" ? "sign-up" : "sign-in");
  const token = params.get("token");
  const linkError = params.get("error");
  // The landing of the link that confirms a new browser while the account is under attack.
  const browser = params.get("browser");

  if (status === "loading") return <PageLoading />;
  if (status === "signed-in" && !token) {
    return <Navigate to={afterSignIn(params.get("next"), (me?.organizations.length ?? 0) > 0)} replace />;
  }

  const shown = token ? "new-password" : mode;
  // Someone who came from a club's page or an invitation is joining that club, not founding one.
  const joining = params.get("club");
  const heading =
    shown === "sign-up" && joining
      ? { title: `Join ${joining}`, description: `Create your free account to join ${joining} on Courtside.` }
      : titles[shown];
  const finishReset = () => {
    setParams({}, { replace: true });
    setMode("sign-in");
  };

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 to-surface">
      <header className="mx-auto flex w-full max-w-md items-center px-4 pt-8">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Courtside
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 py-8">
        <Card>
          <CardHeader>
            <CardTitle className="text-2xl">{heading.title}</CardTitle>
            <CardDescription>{heading.description}</CardDescription>
          </CardHeader>
          <CardContent>
            {linkError ? (
              <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-700">
                This link has expired or was already used. Ask for a new one below.
              </p>
            ) : null}
            {browser === "confirmed" ? (
              <p role="status" className="mb-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
                This browser is confirmed. Sign in again with your password.
              </p>
            ) : browser === "expired" ? (
              <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-700">
                This confirmation link has expired. Sign in again to get a new one.
              </p>
            ) : null}
            {shown === "new-password" && token ? (
              <NewPasswordForm token={token} onDone={finishReset} />
            ) : shown === "sign-up" ? (
              <SignUpForm
                onSwitch={setMode}
                next={safeNext(params.get("next"))}
                email={params.get("email") ?? undefined}
                joining={joining ?? undefined}
              />
            ) : shown === "forgot" ? (
              <ResetRequestForm onSwitch={setMode} />
            ) : (
              <SignInForm onSwitch={setMode} />
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

/** Where a person goes after signing in: back where they were, else their club, else onboarding. */
function afterSignIn(next: string | null, hasClub: boolean): string {
  return safeNext(next) ?? (hasClub ? "/dashboard" : "/onboarding");
}
