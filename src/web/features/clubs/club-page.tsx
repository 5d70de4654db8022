import { CalendarDays, MapPin, Users } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { PublicClubPage } from "../../../shared/contracts/public-club.js";
import { formatCents } from "../../../shared/domain/money.js";
import { teamsListed } from "../../../shared/domain/team-rules.js";
import { clubPageMeta } from "../../../shared/page-meta.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Badge } from "../../components/ui/badge.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Textarea } from "../../components/ui/input.js";
import { PageLoading } from "../../components/ui/spinner.js";
import { ApiError } from "../../lib/api.js";
import { showErrorToast } from "../../lib/use-action.js";
import { SiteFooter } from "../marketing/site-footer.js";
import { publicClubKey, usePublicClub, useRequestToJoin } from "./public-api.js";

/** /club/{slug}: the club's public page, where visitors ask to join. */
export function ClubPage() {
  const { slug = "" } = useParams();
  const page = usePublicClub(slug);
  const notFound = page.error instanceof ApiError && page.error.status === 404;

  useEffect(() => {
    if (page.isError && !notFound) showErrorToast(page.error, "Failed to load club information");
  }, [page.isError, page.error, notFound]);
  const club = page.data?.club;
  useEffect(() => {
    if (club) document.title = clubPageMeta(club).title;
  }, [club]);

  if (page.isPending) return <PageLoading />;
  if (!page.data) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl font-bold">Club Not Found</h1>
        <p className="text-muted">There is no club at this address.</p>
        <Button asChild>
          <Link to="/">Go Home</Link>
        </Button>
      </main>
    );
  }
  return <ClubView data={page.data} />;
}

function ClubView({ data }: { data: PublicClubPage }) {
  const { club } = data;
  const here = `/club/${club.slug}`;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
          <Link to="/" className="flex items-center gap-2 font-bold">
            <img src="/favicon.svg" alt="" className="h-8 w-8" /> Courtside
          </Link>
          {data.viewer === "anonymous" ? (
            <Button asChild size="sm">
              <Link to={`/auth?next=${encodeURIComponent(here)}&club=${encodeURIComponent(club.name)}`}>
                Sign In
              </Link>
            </Button>
          ) : data.viewer === "member" ? (
            <DashboardButton clubId={club.id} size="sm" />
          ) : null}
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8">
        <section className="flex flex-col gap-4 rounded-3xl bg-gradient-to-br from-brand-800 to-brand-600 p-6 text-white sm:flex-row sm:items-center sm:p-10">
          {club.logoUrl ? (
            <img src={club.logoUrl} alt="" className="h-20 w-20 rounded-2xl bg-white object-cover" />
          ) : null}
          <div className="flex flex-col gap-2">
            <h1 className="text-3xl font-bold sm:text-4xl">{club.name}</h1>
            <div className="flex flex-wrap gap-x-5 gap-y-1 text-brand-100">
              {club.location ? (
                <span className="flex items-center gap-1">
                  <MapPin className="h-4 w-4" /> {club.location}
                </span>
              ) : null}
              {data.memberCount !== null && data.memberCount > 0 ? (
                <span className="flex items-center gap-1">
                  <Users className="h-4 w-4" /> {data.memberCount}{" "}
                  {data.memberCount === 1 ? "member" : "members"}
                </span>
              ) : null}
            </div>
            {club.description ? <p className="max-w-2xl text-brand-50">{club.description}</p> : null}
          </div>
        </section>
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[1fr_20rem]">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Upcoming Sessions</CardTitle>
            </CardHeader>
            <CardContent>
              {data.upcomingSessions.length === 0 ? (
                <p className="text-muted">No upcoming sessions scheduled</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {data.upcomingSessions.map((s) => (
                    <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                      <div>
                        <p className="flex items-center gap-2 font-semibold">
                          {s.name}
                          {s.live ? <Badge tone="brand">Playing now</Badge> : null}
                        </p>
                        {s.league ? <p className="text-sm font-medium text-brand-700">{s.league}</p> : null}
                        <p className="flex items-center gap-1 text-sm text-muted">
                          <CalendarDays className="h-4 w-4" /> {s.dateLabel} · {s.timeLabel}
                        </p>
                        {teamsListed(s.teams) === null ? null : (
                          <p className="text-sm text-muted" data-testid="session-teams">
                            {teamsListed(s.teams)}
                          </p>
                        )}
                      </div>
                      {s.paymentRequired && s.paymentAmount !== null ? (
                        <Badge tone="brand">{formatCents(s.paymentAmount)}</Badge>
                      ) : (
                        <Badge>Free</Badge>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <div className="flex flex-col gap-6">
            <JoinCard data={data} here={here} />
            <PlansCard data={data} />
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Opens a page of the app on this club (a member of several has it chosen first). */
function DashboardButton({
  clubId,
  size,
  to = "/dashboard",
  label = "Go to Dashboard",
}: {
  clubId: string;
  size?: "sm" | "md";
  to?: string;
  label?: string;
}) {
  const { select } = useOrganization();
  const navigate = useNavigate();
  return (
    <Button
      size={size}
      variant={to === "/dashboard" ? "primary" : "secondary"}
      onClick={() => {
        select(clubId);
        navigate(to);
      }}
    >
      {label}
    </Button>
  );
}

const JoinWithPlan = lazy(() => import("../memberships/join-with-plan.js"));

/**
 * The membership plans the club offers, each joined in one flow: a visitor signs in (or up) and
 * comes back to the plan they chose; signed in, one tap buys it and makes them a member.
 */
function PlansCard({ data }: { data: PublicClubPage }) {
  const [search] = useSearchParams();
  if (data.plans.length === 0) return null;
  const { slug, name } = data.club;
  const chosen = search.get("plan");
  const paid = search.get("dues") === "success";
  return (
    <Card className="h-fit" data-testid="club-plans">
      <CardHeader>
        <CardTitle as="h2">Membership</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {paid && data.viewer !== "member" ? (
          <p className="rounded-lg bg-brand-50 p-3 text-sm" role="status">
            Payment received: you'll be a member as soon as the card payment is confirmed.
          </p>
        ) : null}
        <ul className="flex flex-col gap-4">
          {data.plans.map((plan) => (
            <li key={plan.id} className="flex flex-col gap-1">
              <p className="font-semibold">{plan.name}</p>
              <p className="text-sm font-medium">{plan.price}</p>
              {plan.benefits.length > 0 ? (
                <p className="text-sm text-muted">{plan.benefits.join(" · ")}</p>
              ) : null}
              {data.viewer === "anonymous" ? (
                <Button asChild variant={chosen === plan.id ? "primary" : "secondary"} className="mt-1">
                  <Link
                    to={`/auth?next=${encodeURIComponent(`/club/${slug}?plan=${plan.id}`)}&club=${encodeURIComponent(name)}`}
                  >
                    Join: {plan.name}
                  </Link>
                </Button>
              ) : data.viewer === "member" && chosen !== plan.id ? null : (
                <Suspense fallback={null}>
                  <div className="mt-1">
                    <JoinWithPlan
                      slug={slug}
                      plan={plan}
                      chosen={chosen === plan.id}
                      page={publicClubKey(slug)}
                    />
                  </div>
                </Suspense>
              )}
            </li>
          ))}
        </ul>
        {data.viewer === "member" ? (
          <DashboardButton clubId={data.club.id} to="/membership" label="See Membership" />
        ) : (
          <p className="text-sm text-muted">Join with a plan and you're a member as soon as it is paid.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The 'Join This Club' card: signed out, member, may ask, or waiting for an answer. */
function JoinCard({ data, here }: { data: PublicClubPage; here: string }) {
  const [message, setMessage] = useState("");
  const join = useRequestToJoin(data.club.slug, {
    onSuccess: () => setMessage(""),
    success: { title: "Request Sent", description: "Your join request has been sent to the club admins." },
    errorDescription: "Failed to send join request",
  });
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle as="h2">Join This Club</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {data.viewer === "anonymous" ? (
          <>
            <p className="text-sm text-muted">
              Sign in or create a free account to ask to join {data.club.name}.
            </p>
            <Button asChild>
              <Link to={`/auth?next=${encodeURIComponent(here)}&club=${encodeURIComponent(data.club.name)}`}>
                Sign In to Join
              </Link>
            </Button>
          </>
        ) : data.viewer === "member" ? (
          <>
            <Badge tone="brand" className="w-fit">
              Already a Member
            </Badge>
            <DashboardButton clubId={data.club.id} />
          </>
        ) : data.viewer === "pending" ? (
          <>
            <Badge tone="ball" className="w-fit">
              Request Pending
            </Badge>
            <p className="text-sm text-muted">Your join request is being reviewed by the club admins.</p>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">
              Ask to join and the club's admins will review your request. You'll get an email either way.
            </p>
            <label htmlFor="join-message" className="sr-only">
              Message to the admins
            </label>
            <Textarea
              id="join-message"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder="Why do you want to join? (optional)"
              maxLength={1000}
            />
            <Button disabled={join.busy} onClick={() => join.run(message)}>
              {join.busy ? "Sending..." : "Request to Join"}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
