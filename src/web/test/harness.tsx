// The world a component test renders into: the app's providers (query cache, the signed-in
// person, their club, a router, the toaster) and a fake API at the one boundary the client
// has, `fetch`. Tests answer requests by "METHOD /path" and read back what was sent.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { vi } from "vitest";
import type { Me } from "../../shared/contracts/account.js";
import type { BoardView } from "../../shared/contracts/board.js";
import type { Membership } from "../../shared/contracts/clubs.js";
import type { MatchView } from "../../shared/contracts/ladder.js";
import type { Session } from "../../shared/contracts/sessions.js";
import { AuthProvider, meQueryKey } from "../app/auth-provider.js";
import { OrganizationProvider } from "../app/organization-provider.js";

export const ORG_ID = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

export const club: Membership = {
  id: ORG_ID,
  name: "Riverside Pickleball Club",
  slug: "riverside",
  location: "Austin, TX",
  contactEmail: "hello@riverside.example",
  contactPhone: null,
  logoUrl: null,
  description: null,
  timeZone: "America/Chicago",
  trialEndsAt: "2030-01-01T00:00:00.000Z",
  subscriptionStatus: "active",
  createdAt: "2026-01-01T00:00:00.000Z",
  role: "owner",
};

export const me: Me = {
  user: {
    id: "user-1",
    email: "jordan@example.com",
    name: "Jordan Smith",
    fullName: "Jordan Smith",
    gender: null,
    avatarUrl: null,
  },
  organizations: [club],
};

/** A ladder match as the server answers it: Jordan Smith beat Ben Brooks 11-7 in doubles. */
export const matchView = (change: Partial<MatchView> = {}): MatchView => ({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  format: "doubles",
  teamA: [{ userId: "user-1", name: "Jordan Smith" }],
  teamB: [{ userId: "user-3", name: "Ben Brooks" }],
  games: [{ a: 11, b: 7 }],
  winner: "A",
  playedAt: "2026-11-19T00:00:00.000Z",
  status: "confirmed",
  counts: true,
  fromBoard: false,
  eventName: null,
  loggedBy: "user-1",
  canAnswer: false,
  deltas: {},
  why: {},
  ...change,
});

/** A session as the server answers it: a free, open, scheduled Tuesday night, as `change` says. */
export const sessionView = (change: Partial<Session> = {}): Session => ({
  id: "5b2c1f0e-8d7a-4c3b-9e1f-0a1b2c3d4e5f",
  name: "Tuesday Open Play",
  description: null,
  startsAt: "2026-12-02T00:00:00.000Z",
  endsAt: "2026-12-02T02:00:00.000Z",
  paymentRequired: false,
  paymentAmount: null,
  refundCutoffHours: 24,
  capacity: null,
  skillMin: null,
  skillMax: null,
  status: "scheduled",
  seriesId: null,
  registeredCount: 0,
  waitlistCount: 0,
  registrationOpensAt: null,
  earlyOpensAt: null,
  lotteryDrawAt: null,
  lotteryLookbackDays: 60,
  lotteryGuaranteeAfter: null,
  lotterySeedHash: null,
  lotteryDrawnAt: null,
  noShowReleaseMinutes: null,
  noShowsReleasedAt: null,
  teams: "open",
  membersOnly: false,
  ...change,
});

/** A player waiting in the line at `position`, about 8-12 minutes from a court. */
export const queued = (
  player: { registrationId: string; name: string },
  position: number,
): BoardView["queue"][number] => ({
  ...player,
  position,
  estimatedWaitMinutes: 10,
  waitRange: { low: 8, high: 12 },
  gamesPlayed: 1,
  wantsBye: false,
  leavesAt: null,
});

/** The court board as an organizer reads it: fair rotation, open teams, as `change` says. */
export const boardView = (change: Partial<BoardView> = {}): BoardView => ({
  session: null,
  club: { name: "Riverside", logoUrl: null },
  mode: "fair",
  balanceByRating: false,
  teams: "open",
  pairings: { together: [], apart: [] },
  callTimeoutMinutes: null,
  version: 7,
  courts: [],
  queue: [],
  onBreak: [],
  stats: { waiting: 0, joiningWait: null, averageWaitMinutes: null, activePlayers: 0, inEvent: 0 },
  me: null,
  canManage: true,
  organizer: { genders: {}, teamsNote: null },
  checkInUrl: null,
  ...change,
});

/** What a route answers: a JSON body (status 200), or a status with a body. */
type Answer = unknown | { status: number; body: unknown };
type Routes = Record<string, Answer | ((body: unknown) => Answer)>;

export type Request = { method: string; path: string; body: unknown };

const isStatusAnswer = (answer: unknown): answer is { status: number; body: unknown } =>
  typeof answer === "object" && answer !== null && "status" in answer && "body" in answer;

/**
 * Stubs `fetch` with `routes` ("GET /api/session" -> answer), matched on the path without its
 * query; anything else answers 404. `GET /api/session` answers the signed-in person unless
 * overridden. Returns every request made, with its parsed JSON body.
 */
export function mockApi(routes: Routes = {}) {
  const requests: Request[] = [];
  const all: Routes = { "GET /api/session": { me }, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname + url.search, body });
    const route = all[`${method} ${url.pathname}`];
    const answer =
      route === undefined
        ? { status: 404, body: { error: { code: "NOT_FOUND", message: "Not found" } } }
        : typeof route === "function"
          ? route(body)
          : route;
    const { status, body: payload } = isStatusAnswer(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(payload), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    requests,
    /** The bodies sent to `METHOD /path`, oldest first. */
    sent: (key: string) =>
      requests.filter((r) => `${r.method} ${r.path.split("?")[0]}` === key).map((r) => r.body),
  };
}

/**
 * Renders `ui` inside the app's providers, with a fresh query cache and a toaster. The person
 * is signed in from the first render (`signedIn: false` for a visitor).
 */
/** `as`: who is signed in (Jordan, the club's owner, unless said). */
export function renderWithApp(
  ui: ReactNode,
  { signedIn = true, as = me }: { signedIn?: boolean; as?: Me } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(meQueryKey, signedIn ? as : null);
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <OrganizationProvider>
          <MemoryRouter>{ui}</MemoryRouter>
          <Toaster />
        </OrganizationProvider>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/**
 * The message a form shows under the field labelled `label`, read the way a screen reader
 * finds it (the field is marked invalid and described by the message); null when unmarked.
 */
export function fieldError(label: string): string | null {
  const field = screen.getByLabelText(label);
  if (field.getAttribute("aria-invalid") !== "true") return null;
  const describedBy = field.getAttribute("aria-describedby");
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}
