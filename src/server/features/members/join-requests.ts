// Join requests from the public club page: at most one pending per person and club (the
// database's partial unique index decides, so 20 simultaneous requests leave one). A new
// request is mailed to the club's owner and admins who want such emails (a switch in
// Settings), in the transaction that records it, so a request already pending mails nobody
// again. They review it on the Members page; the requester is emailed either way.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { JoinRequest } from "../../../shared/contracts/members.js";
import { capabilities } from "../../../shared/domain/capabilities.js";
import type { Config } from "../../config.js";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { organizationJoinRequests, organizationMembers, userRoles } from "../../db/schema/members.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { type Effect, emailEffect, type Writes, withEffects } from "../../platform/jobs/outbox.js";
import type { MailMessage } from "../../platform/mail/mailer.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people, person } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { claimNotifications, unsubscribeFor, wantEmail } from "../notifications/service.js";
import { addMember } from "./memberships.js";
import { type ClubAccess, roleOfMembership } from "./policy.js";

const pending = (organizationId: string) =>
  and(
    eq(organizationJoinRequests.organizationId, organizationId),
    eq(organizationJoinRequests.status, "pending"),
  );

export async function listPendingJoinRequests(db: Db, organizationId: string): Promise<JoinRequest[]> {
  const rows = await db
    .select({
      id: organizationJoinRequests.id,
      userId: organizationJoinRequests.userId,
      message: organizationJoinRequests.message,
      createdAt: organizationJoinRequests.createdAt,
    })
    .from(organizationJoinRequests)
    .where(pending(organizationId))
    .orderBy(asc(organizationJoinRequests.createdAt));
  const byId = await people(
    db,
    rows.map((r) => r.userId),
  );
  return rows.flatMap(({ createdAt, ...r }) => {
    const requester = byId.get(r.userId);
    return requester
      ? [{ ...r, name: requester.name, email: requester.email, createdAt: createdAt.toISOString() }]
      : [];
  });
}

const pendingRequestOf = preparedStatement("pending_join_request", (db) =>
  db
    .select({ id: organizationJoinRequests.id })
    .from(organizationJoinRequests)
    .where(
      and(
        eq(organizationJoinRequests.organizationId, sql.placeholder("organizationId")),
        eq(organizationJoinRequests.status, "pending"),
        eq(organizationJoinRequests.userId, sql.placeholder("userId")),
      ),
    )
    .limit(1),
);

export async function hasPendingJoinRequest(db: Queryable, organizationId: string, userId: string) {
  const [request] = await pendingRequestOf(db, { organizationId, userId });
  return request !== undefined;
}

/** What recording a request needs: the database and queue, and the app's address for links. */
export type JoinRequestDeps = Writes & { config: Pick<Config, "appUrl" | "sessionSecret"> };

/**
 * Records the request and queues its emails to the club's reviewers. True when a new request
 * was recorded; false when one was already pending (and nobody is mailed).
 */
export async function requestToJoin(
  deps: JoinRequestDeps,
  organizationId: string,
  userId: string,
  message: string | undefined,
): Promise<boolean> {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const [request] = await tx
      .insert(organizationJoinRequests)
      .values({ organizationId, userId, message: message ?? null })
      .onConflictDoNothing()
      .returning({ id: organizationJoinRequests.id });
    if (!request) return false;
    effects.push(...(await reviewerEmails(tx, deps.config, organizationId, request.id, userId, message)));
    return true;
  });
  return result;
}

/** The club's members whose role reviews join requests (its owner and admins). */
async function reviewersOf(tx: Tx, organizationId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(userRoles, roleOfMembership)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        inArray(userRoles.role, capabilities["joinRequests.review"]),
      ),
    );
  return rows.map((r) => r.userId);
}

/**
 * One email to each reviewer who wants it, claimed in the notification log under the request's
 * id, so whatever runs this again for the same request mails nobody twice.
 */
async function reviewerEmails(
  tx: Tx,
  config: JoinRequestDeps["config"],
  organizationId: string,
  requestId: string,
  requesterId: string,
  message: string | undefined,
): Promise<Effect[]> {
  const wanting = await wantEmail(tx, await reviewersOf(tx, organizationId), "joinRequests");
  const key = (reviewerId: string) => `join-request:${requestId}:${reviewerId}`;
  const claimed = await claimNotifications(
    tx,
    [...wanting].map((userId) => ({ key: key(userId), userId })),
  );
  const byId = await people(tx, [requesterId, ...wanting]);
  const requester = byId.get(requesterId);
  if (!requester || claimed.size === 0) return [];
  const club = await getOrganization(tx, organizationId);
  return [...wanting].flatMap((reviewerId) => {
    const reviewer = byId.get(reviewerId);
    if (!reviewer || !claimed.has(key(reviewerId))) return [];
    return [
      emailEffect(
        actionEmail(
          reviewer.email,
          `${requester.name} asks to join ${club.name}`,
          "A request to join your club",
          [
            `Hi ${reviewer.name},`,
            `${requester.name} (${requester.email}) asked to join ${club.name}.`,
            ...(message ? [`Their note: "${message}"`] : []),
            "Approve or decline the request on the Members page.",
          ],
          // The club named in the link, for reviewers of more than one club.
          { label: "Review join requests", url: `${config.appUrl}/members?org=${club.id}` },
          { ...unsubscribeFor({ config }, reviewer.id, "joinRequests"), club },
        ),
      ),
    ];
  });
}

export async function decideJoinRequest(
  deps: Writes,
  access: ClubAccess,
  requestId: string,
  decision: "approved" | "rejected",
  appUrl: string,
  now: Date,
): Promise<void> {
  await withEffects(deps, async (tx, effects) => {
    const [request] = await tx
      .select()
      .from(organizationJoinRequests)
      .where(and(eq(organizationJoinRequests.id, requestId), pending(access.organizationId)))
      .for("update");
    if (!request) throw notFound("Join request not found");
    if (decision === "approved") {
      const joined = await addMember(tx, access.organizationId, request.userId, "member", now);
      if (!joined) throw new AppError("ALREADY_MEMBER", "This person is already a member.");
    }
    await tx
      .update(organizationJoinRequests)
      .set({ status: decision, decidedAt: now, decidedBy: access.userId })
      .where(eq(organizationJoinRequests.id, request.id));
    const club = await getOrganization(tx, access.organizationId);
    const requester = await person(tx, request.userId);
    effects.push(emailEffect(decisionMail(requester!, club, decision, appUrl)));
  });
}

function decisionMail(
  person: { email: string; name: string },
  club: { name: string; slug: string },
  decision: "approved" | "rejected",
  appUrl: string,
): MailMessage {
  if (decision === "approved") {
    return actionEmail(
      person.email,
      `Welcome to ${club.name}`,
      `You're in: welcome to ${club.name}`,
      [
        `Hi ${person.name},`,
        `${club.name} accepted your request to join. See the club's sessions, court board and ladder.`,
      ],
      { label: "Go to the club", url: `${appUrl}/dashboard` },
    );
  }
  return actionEmail(
    person.email,
    `Your request to join ${club.name}`,
    "About your join request",
    [
      `Hi ${person.name},`,
      `${club.name} did not accept your request to join this time. You may ask again from the club's page.`,
    ],
    { label: "Open the club page", url: `${appUrl}/club/${club.slug}` },
  );
}

/**
 * Makes the payer a member. `pastLimit` when their card has already paid: the club's member
 * limit was checked before the checkout opened, and money taken is not turned away.
 */
export async function admitPayer(
  tx: Tx,
  member: { organizationId: string; userId: string },
  now: Date,
  pastLimit: boolean,
) {
  const { organizationId, userId } = member;
  await addMember(tx, organizationId, userId, "member", now, { pastLimit });
  // A request to join left waiting is answered by joining: the admins are not asked again.
  await tx
    .update(organizationJoinRequests)
    .set({ status: "approved", decidedAt: now })
    .where(
      and(
        eq(organizationJoinRequests.organizationId, organizationId),
        eq(organizationJoinRequests.userId, userId),
        eq(organizationJoinRequests.status, "pending"),
      ),
    );
}
