// A demo club to look at in the first minute: 24 members with ratings built from six weeks of
// real (made-up) matches, sessions past and upcoming, and open play running now on 4 courts.
// Everything goes through the features' own services (the ladder replays its matches, the
// board fills its courts), so the demo is exactly what a club would see.
import { instantOf, wallTimeAt, weekdayAt } from "../../../shared/domain/time-zones.js";
import type { TeamRule } from "../../../shared/rotation/types.js";
import type { AppDeps } from "../../app-deps.js";
import { AppError } from "../../platform/errors/app-error.js";
import { ensureProfile, personByEmail } from "../account/service.js";
import { subscribeInSandbox } from "../billing/service.js";
import {
  clubBySlug,
  deleteClub,
  setClubCreatedAt,
  setClubSlug,
  updateClubBilling,
} from "../clubs/service.js";
import { recordPlayedNight, refreshQueue, startFilling } from "../courts/service.js";
import { logMatch, settleResultsQuietly } from "../ladder/service.js";
import { addMember, createOrganization } from "../members/service.js";
import { connectSandboxPayouts } from "../payments/service.js";
import { addWalkIn, createSessions, register, transition } from "../sessions/service.js";
import { seedDuesHistory } from "./dues-history.js";

export const DEMO_OWNER = {
  email: "owner@demo.courtside.local",
  password: "courtside-demo",
  name: "Dana Demo",
};
const DEMO_SLUG = "riverside-demo";
const DEMO_TIME_ZONE = "America/Los_Angeles";
/** The made-up players' mail domain: nobody reads it, so their mail is not listed in the log. */
export const DEMO_MEMBER_DOMAIN = "demo.courtside.local";

const FIRST = ["Ava", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena"];
const LAST = ["Park", "Ruiz", "Chen", "Okafor", "Novak", "Singh"];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small, fixed random stream: the demo is the same every time. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function makeMember(deps: AppDeps, email: string, name: string, withPassword?: string) {
  const existing = await personByEmail(deps.database.db, email);
  if (existing) return existing.id;
  const context = await deps.auth.$context;
  const user = await context.internalAdapter.createUser(
    { email, name, emailVerified: true },
    { method: "admin" },
  );
  if (withPassword) {
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(withPassword),
    });
  }
  await ensureProfile(deps.database.db, user.id, name);
  return user.id;
}

/** The demo owner's account (the one `npm run demo` prints), made once. */
export function demoOwner(deps: AppDeps) {
  return makeMember(deps, DEMO_OWNER.email, DEMO_OWNER.name, DEMO_OWNER.password);
}

/**
 * Builds the demo club for `ownerId`, or returns the one already built by the same seed
 * (`slug` names it): running it again changes nothing.
 */
export async function seedDemoClub(
  deps: AppDeps,
  owner: { id: string; name: string },
  slug = DEMO_SLUG,
): Promise<{ organizationId: string; created: boolean }> {
  const { db } = deps.database;
  const existing = await clubBySlug(db, slug);
  if (existing) return { organizationId: existing.id, created: false };
  const now = deps.now();
  const { organization } = await createOrganization(
    db,
    owner,
    {
      name: "Riverside Pickleball Club",
      courtsCount: 4,
      location: "Riverside Park, Portland, OR",
      description:
        "Open play every weekday evening and Saturday mornings. All levels welcome: paddles to borrow at the desk.",
      timeZone: DEMO_TIME_ZONE,
    },
    now,
  );
  const organizationId = organization.id;
  // createOrganization picks its own slug from the name; the demo's is fixed, so a second run
  // finds it. Two runs at once: the slug's unique key lets one win, and the other gives way.
  try {
    await setClubSlug(db, organizationId, slug);
  } catch (error) {
    await deleteClub(db, organizationId);
    const winner = await clubBySlug(db, slug);
    if (!winner) throw error;
    return { organizationId: winner.id, created: false };
  }

  const random = seeded(7);
  const memberIds: string[] = [];
  for (let i = 0; i < 24; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / 4) % LAST.length]}`;
    const id = await makeMember(deps, `player${i + 1}@${DEMO_MEMBER_DOMAIN}`, name);
    memberIds.push(id);
    const role = i === 0 ? "admin" : i < 3 ? "organizer" : "member";
    await db.transaction((tx) => addMember(tx, organizationId, id, role, now));
  }

  // Six weeks of doubles: stronger players (lower index) win more often, so the ladder spreads.
  // The club has played here that long: a match is dated only within the club's life.
  await setClubCreatedAt(db, organizationId, new Date(now.getTime() - 43 * DAY));
  // The demo shows open play on 4 courts, more than the trial's 2: it runs on the plan that
  // allows it (Pro, for a month), so its hints and limits tell the same story as the pricing page.
  // In the sandbox it is subscribed there, as its checkout would, or the first re-read of the
  // provider (a refresh, "Choose a plan") would find no subscription and put it on the trial.
  // With Stripe keys nobody can subscribe without a card: the club is given the plan itself.
  if (!(await subscribeInSandbox(deps, organizationId, owner.id, "pro")))
    await updateClubBilling(db, organizationId, {
      subscriptionStatus: "active",
      subscriptionPlan: "pro",
      subscriptionProductId: deps.config.planCatalog.pro.productId,
      subscriptionEndsAt: new Date(now.getTime() + 30 * DAY),
    });
  // Its paid clinic needs a payout account that takes charges, as every club's does: in the
  // sandbox the owner's one click on its onboarding page. With Stripe keys no account can be
  // onboarded without a person, so the clinic is free there.
  const takesCharges = await connectSandboxPayouts(deps, organizationId, owner.id);
  const access = { organizationId, userId: owner.id, role: "owner" as const };
  for (let m = 0; m < 72; m++) {
    const four = [...memberIds].sort(() => random() - 0.5).slice(0, 4);
    const strength = (id: string) => 24 - memberIds.indexOf(id);
    const aWins =
      random() * (strength(four[0]!) + strength(four[1]!) + strength(four[2]!) + strength(four[3]!)) <
      strength(four[0]!) + strength(four[1]!);
    const loser = 3 + Math.floor(random() * 8);
    const playedAt = new Date(now.getTime() - (42 - Math.floor(m / 2)) * DAY).toISOString().slice(0, 10);
    await logMatch(
      deps,
      access,
      {
        format: "doubles",
        teamA: four.slice(0, 2),
        teamB: four.slice(2),
        target: 11,
        games: [aWins ? { a: 11, b: loser } : { a: loser, b: 11 }],
        playedAt,
      },
      true,
      now,
    );
  }

  // Six weeks of made-up results are nobody's news: no result emails for them.
  await settleResultsQuietly(db, organizationId, now);

  // Sessions: four past, open play running now, four to come (one paid), on the days and at the
  // hours the club's description gives: weekday evenings, and its social on Saturday mornings.
  const at = (offset: number) => new Date(now.getTime() + offset);
  const clubHour = (days: number, hour: number) => {
    const day = wallTimeAt(at(days * DAY), DEMO_TIME_ZONE);
    return instantOf({ ...day, hour, minute: 0 }, DEMO_TIME_ZONE);
  };
  // The first `count` days from today, counted in whole days (1, 2, ... or -1, -2, ...), whose
  // weekday in the club (1 for Monday to 7 for Sunday) is `wanted`.
  const clubDays = (direction: 1 | -1, count: number, wanted: (weekday: number) => boolean) => {
    const found: number[] = [];
    for (let days = direction; found.length < count; days += direction) {
      if (wanted(weekdayAt(at(days * DAY), DEMO_TIME_ZONE))) found.push(days);
    }
    return found;
  };
  const [lastSaturday] = clubDays(-1, 1, isSaturday);
  const [nextSaturday] = clubDays(1, 1, isSaturday);
  const [nextEvening, clinicDay, ladderDay] = clubDays(1, 3, isWeekday);
  const past = [
    { name: "Saturday Social", startsAt: clubHour(lastSaturday!, 9), endsAt: clubHour(lastSaturday!, 11) },
    ...clubDays(-1, 3, isWeekday).map((days) => ({
      name: "Evening Open Play",
      startsAt: clubHour(days, 18),
      endsAt: clubHour(days, 20),
    })),
  ];
  const upcoming = [
    { name: "Evening Open Play", startsAt: clubHour(nextEvening!, 18), capacity: 24 },
    {
      name: "Beginners Clinic",
      startsAt: clubHour(clinicDay!, 17),
      capacity: 12,
      paymentRequired: takesCharges,
      paymentAmount: "15.00",
    },
    // A mixed night, as clubs run them: its page says so before anyone signs up.
    { name: "Saturday Social", startsAt: clubHour(nextSaturday!, 9), capacity: 32, teams: "mixed" as const },
    { name: "Ladder Night", startsAt: clubHour(ladderDay!, 19), capacity: 16 },
  ].map((s) => ({ ...s, endsAt: new Date(s.startsAt.getTime() + 2 * HOUR) }));
  // Made as an organizer would: created, then started and finished through their lifecycle.
  const create = async (s: { name: string; startsAt: Date; endsAt: Date } & Record<string, unknown>) => {
    const { name, startsAt, endsAt, capacity, paymentRequired, paymentAmount, teams, membersOnly } = s;
    const [created] = await createSessions(deps, organizationId, owner.id, {
      name,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      ...(capacity ? { capacity: capacity as number } : {}),
      ...(paymentRequired ? { paymentRequired: true, paymentAmount: String(paymentAmount) } : {}),
      ...(teams ? { teams: teams as TeamRule } : {}),
      ...(membersOnly ? { membersOnly: true } : {}),
    });
    return created!.id;
  };
  // Each past night was played: 16 to 20 of the members came, the engine ran the courts, and the
  // night's record, fairness report and the club's pace read from it.
  const strength = (userId: string | null) => (userId ? 24 - memberIds.indexOf(userId) : 12);
  for (const [night, s] of past.entries()) {
    const id = await create(s);
    await transition(deps, organizationId, id, "start");
    const came = [...memberIds].sort(() => random() - 0.5).slice(0, 16 + Math.floor(random() * 5));
    for (const userId of came) await addWalkIn(db, organizationId, id, { userId }, s.startsAt);
    await refreshQueue(deps, organizationId);
    await recordPlayedNight(db, { organizationId, sessionId: id, ...s, seed: night + 1, strength });
    await transition(deps, organizationId, id, "complete");
  }
  const upcomingIds = [];
  for (const s of upcoming) upcomingIds.push(await create(s));
  // The club's membership: plans, members on them, and a members-only night. Dues are played by
  // the sandbox; with Stripe keys nobody's card can be, so the demo has no plans there.
  if (takesCharges && deps.payments.kind === "sandbox") {
    await seedDuesHistory(deps, organizationId, memberIds, now);
    await create({
      name: "Members Night",
      startsAt: clubHour(ladderDay!, 17),
      endsAt: clubHour(ladderDay!, 19),
      capacity: 16,
      membersOnly: true,
    });
  }
  const liveId = await create({
    name: "Drop-in Open Play",
    startsAt: at(-40 * 60_000),
    endsAt: at(80 * 60_000),
  });
  await transition(deps, organizationId, liveId, "start");
  // 18 checked in: 16 on 4 courts, 2 waiting for the next one.
  for (const userId of memberIds.slice(0, 18)) await addWalkIn(db, organizationId, liveId, { userId }, now);
  // Some of the regulars have already signed up for the next open play.
  for (const userId of memberIds.slice(4, 14)) await register(deps, organizationId, upcomingIds[0]!, userId);
  await refreshQueue(deps, organizationId);
  await startFilling(deps, organizationId);
  return { organizationId, created: true };
}

const isSaturday = (weekday: number) => weekday === 6;
const isWeekday = (weekday: number) => weekday <= 5;

/** Refuses to seed where a real club could live: production, unless it was asked for in so many words. */
export function assertDemoAllowed(deps: AppDeps): void {
  if (!deps.config.demo) throw new AppError("NOT_FOUND", "No route for POST /api/demo");
}
