// Invitations by email: a single-use link valid INVITATION_DAYS days, revocable, resendable
// (a resend issues a fresh link and retires the old one).

import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Invitation, InvitationPreview } from "../../../shared/contracts/members.js";
import { INVITATION_DAYS } from "../../../shared/contracts/members.js";
import { addDays } from "../../../shared/domain/dates.js";
import { messages } from "../../../shared/domain/messages.js";
import type { Db, Tx } from "../../db/database.js";
import { invitations } from "../../db/schema/members.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { emailEffect, type Writes, withEffects } from "../../platform/jobs/outbox.js";
import type { MailMessage } from "../../platform/mail/mailer.js";
import { actionEmail } from "../../platform/mail/templates.js";
import { people, person, personByEmail } from "../account/service.js";
import { getOrganization } from "../clubs/service.js";
import { addMember, isMember } from "./memberships.js";
import type { ClubAccess } from "./policy.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(24).toString("base64url");

type InvitationRow = typeof invitations.$inferSelect;

function toInvitation(row: InvitationRow, invitedByName: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function listPendingInvitations(
  db: Db,
  organizationId: string,
  now: Date,
): Promise<Invitation[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  const inviters = await people(
    db,
    rows.flatMap((r) => (r.invitedBy ? [r.invitedBy] : [])),
  );
  return rows.map((r) => toInvitation(r, (r.invitedBy && inviters.get(r.invitedBy)?.name) || null));
}

type Sent = { invitation: Invitation; mail: MailMessage };

export async function createInvitation(
  deps: Writes,
  access: ClubAccess,
  input: { email: string; role: Invitation["role"] },
  appUrl: string,
  now: Date,
): Promise<Invitation> {
  if (input.role === "admin" && access.role !== "owner") {
    throw new AppError("FORBIDDEN", "Only the owner can invite admins.");
  }
  const { result } = await withEffects(deps, async (tx, effects) => {
    const invitee = await personByEmail(tx, input.email);
    if (invitee && (await isMember(tx, access.organizationId, invitee.id)))
      throw new AppError("ALREADY_MEMBER", `${input.email} is already a member of this club.`);
    // Inviting the same address again replaces the earlier pending invitation.
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.organizationId, access.organizationId),
          eq(invitations.email, input.email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      );
    const token = newToken();
    const [row] = await tx
      .insert(invitations)
      .values({
        organizationId: access.organizationId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: access.userId,
        createdAt: now,
        expiresAt: addDays(now, INVITATION_DAYS),
      })
      .returning();
    const sent = await inviteMail(tx, row!, token, access.userId, appUrl);
    effects.push(emailEffect(sent.mail));
    return sent.invitation;
  });
  return result;
}

export async function resendInvitation(
  deps: Writes,
  access: ClubAccess,
  invitationId: string,
  appUrl: string,
  now: Date,
): Promise<Invitation> {
  const { result } = await withEffects(deps, async (tx, effects) => {
    const token = newToken();
    const [row] = await tx
      .update(invitations)
      .set({
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: addDays(now, INVITATION_DAYS),
        invitedBy: access.userId,
      })
      .where(
        and(
          eq(invitations.id, invitationId),
          eq(invitations.organizationId, access.organizationId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw notFound("Invitation not found");
    const sent = await inviteMail(tx, row, token, access.userId, appUrl);
    effects.push(emailEffect(sent.mail));
    return sent.invitation;
  });
  return result;
}

export async function revokeInvitation(db: Db, access: ClubAccess, invitationId: string, now: Date) {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.organizationId, access.organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw notFound("Invitation not found");
}

/** Every open invitation of the club stops working (closing the club). */
export async function revokeOpenInvitations(tx: Tx, organizationId: string, now: Date): Promise<void> {
  await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    );
}

async function inviteMail(
  tx: Tx,
  row: InvitationRow,
  token: string,
  inviterId: string,
  appUrl: string,
): Promise<Sent> {
  const club = await getOrganization(tx, row.organizationId);
  const inviter = await person(tx, inviterId);
  const url = `${appUrl}/invite/${token}`;
  const mail = actionEmail(
    row.email,
    `You're invited to join ${club.name} on Courtside`,
    `Join ${club.name}`,
    [
      `${inviter?.name ?? "A club admin"} invited you to join ${club.name} on Courtside, where the club runs its sessions, court queue and ladder.`,
      `The link works once and is valid for ${INVITATION_DAYS} days.`,
    ],
    { label: "Accept invitation", url },
  );
  return { invitation: toInvitation(row, inviter?.name ?? null), mail };
}

async function findByToken(db: Db, token: string) {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!invitation) throw notFound("This invitation link is not valid.");
  return { invitation, club: await getOrganization(db, invitation.organizationId) };
}

function statusOf(row: InvitationRow, now: Date): InvitationPreview["status"] {
  if (row.acceptedAt) return "used";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt <= now) return "expired";
  return "valid";
}

export async function previewInvitation(
  db: Db,
  token: string,
  viewer: { id: string; email: string } | null,
  now: Date,
): Promise<InvitationPreview> {
  const { invitation, club } = await findByToken(db, token);
  const userId = viewer?.id;
  let alreadyMember = false;
  if (userId) alreadyMember = await isMember(db, club.id, userId);
  return {
    status: statusOf(invitation, now),
    email: invitation.email,
    club: { name: club.name, slug: club.slug, logoUrl: club.logoUrl },
    alreadyMember,
    forSomeoneElse: viewer !== null && !sameAddress(viewer.email, invitation.email),
  };
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const invitationProblems = {
  used: { code: "INVITATION_USED", message: "This invitation has already been used." },
  revoked: { code: "INVITATION_REVOKED", message: "This invitation was withdrawn by the club." },
  expired: {
    code: "INVITATION_EXPIRED",
    message: "This invitation has expired. Ask the club for a new one.",
  },
} as const;

/**
 * Joins the club through the link; the link is spent in the same transaction. An invitation
 * is bound to the address it was sent to: a forwarded link (or a shared computer signed in
 * as someone else) cannot hand its role to another account.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now: Date,
) {
  const userId = user.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)))
      .for("update")
      .limit(1);
    if (!row) throw notFound("This invitation link is not valid.");
    const status = statusOf(row, now);
    if (status !== "valid")
      throw new AppError(invitationProblems[status].code, invitationProblems[status].message);
    if (!sameAddress(user.email, row.email))
      throw new AppError("INVITATION_FOR_SOMEONE_ELSE", messages.invitationForSomeoneElse(row.email));
    const joined = await addMember(tx, row.organizationId, userId, row.role, now);
    if (!joined) throw new AppError("ALREADY_MEMBER", "You are already a member of this club.");
    await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(invitations.id, row.id));
    return { organizationId: row.organizationId };
  });
}
