import { z } from "zod";
import { roles } from "../domain/roles.js";
import { patternText } from "./common.js";
import { pageOf, pageQuery, timestampKey } from "./paging.js";

export const member = z.object({
  userId: z.string(),
  name: z.string(),
  /** Only for admins and the owner, and for the member themself: null for everyone else. */
  email: z.string().nullable(),
  role: z.enum(roles),
  joinedAt: z.iso.datetime(),
});
export type Member = z.infer<typeof member>;

export const memberParams = z.object({ orgId: z.uuid(), userId: z.string().min(1).max(100) });

/**
 * A page of the members, in joining order, optionally those whose name holds `q` (or, for
 * admins, whose address does). The cursor holds when the last one joined and their id.
 */
export const membersQuery = pageQuery(z.tuple([timestampKey, z.string().max(100)])).extend({
  q: z.string().trim().max(100).optional(),
});
export type MembersQuery = z.output<typeof membersQuery>;
export const memberPage = pageOf("members", member).extend({
  /** How many members the search finds, or the club has: the page shows the count. */
  total: z.number().int(),
});

/** Roles that can be given by a role change; the owner changes only by a transfer. */
export const assignableRoles = ["admin", "organizer", "member"] as const;
export const changeRoleBody = z.object({ role: z.enum(assignableRoles) });
export const transferOwnershipBody = z.object({ userId: patternText(z.string().min(1).max(100)) });

export const INVITATION_DAYS = 7;

export const inviteBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Invalid email address")),
  role: z.enum(assignableRoles).default("member"),
});
export type InviteBody = z.input<typeof inviteBody>;

export const invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(assignableRoles),
  invitedByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationParams = z.object({ orgId: z.uuid(), invitationId: z.uuid() });
export const invitationTokenParams = z.object({ token: z.string().min(10).max(200) });

/** What the invitation link shows before it is accepted. */
export const invitationPreview = z.object({
  status: z.enum(["valid", "expired", "used", "revoked"]),
  email: z.string(),
  club: z.object({ name: z.string(), slug: z.string(), logoUrl: z.string().nullable() }),
  alreadyMember: z.boolean(),
  /** Signed in as someone other than the invited address: only that address can accept. */
  forSomeoneElse: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const joinRequest = z.object({
  id: z.uuid(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type JoinRequest = z.infer<typeof joinRequest>;

export const joinRequestParams = z.object({ orgId: z.uuid(), requestId: z.uuid() });
