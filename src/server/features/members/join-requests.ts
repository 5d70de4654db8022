// Join requests from the public club page: at most one pending per person and club (the
// database's partial unique index decides, so 20 simultaneous requests leave one), reviewed
// by admins; the requester is emailed either way.
import { and, asc, eq, sql } from "drizzle-orm";
import type { JoinRequest } from "../../../shared/contracts/members.js";
import type { Db, Queryable } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { organizationJoinRequests } from "../../db/schema/members.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { emailEffect, type Writes, withEffects } from "../../platform/jobs/outbox.js";
import type { MailMessage } from "../../platform/mail/mailer.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people, person } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import type { ClubAccess } from "./policy.js";
import { addMember } from "./service.js";

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

/** True when a new request was recorded; false when one was already pending. */
export async function requestToJoin(
  db: Db,
  organizationId: string,
  userId: string,
  message: string | undefined,
) {
  const inserted = await db
    .insert(organizationJoinRequests)
    .values({ organizationId, userId, message: message ?? null })
    .onConflictDoNothing()
    .returning({ id: organizationJoinRequests.id });
  return inserted.length > 0;
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
