// Who may do what in a club (docs/ARCHITECTURE.md has the same table). The server enforces
// it; the client reads it only to hide buttons a person cannot use.
import type { Role } from "./roles.js";

const everyone: Role[] = ["owner", "admin", "organizer", "member"];
const managers: Role[] = ["owner", "admin"];

export const capabilities = {
  "club.view": everyone,
  "club.edit": managers,
  "club.delete": ["owner"],
  "courts.manage": managers,
  "members.view": everyone,
  // An address is for reaching someone about the club: the people who run it read everyone's;
  // the rest see names and roles, and their own address.
  "members.viewEmails": managers,
  // Who missed the places they held (no-shows, late drops).
  "attendance.view": managers,
  "members.invite": managers,
  "members.remove": managers,
  "members.changeRole": managers,
  "ownership.transfer": ["owner"],
  "joinRequests.review": managers,
  "billing.manage": ["owner"],
  // Membership plans, and who is on which with what status: the club's treasurers.
  "memberships.manage": managers,
  "sessions.manage": ["owner", "admin", "organizer"],
  "matches.manage": ["owner", "admin", "organizer"],
} satisfies Record<string, Role[]>;

export type Capability = keyof typeof capabilities;

export function can(role: Role | undefined, capability: Capability): boolean {
  return role !== undefined && (capabilities[capability] as Role[]).includes(role);
}

/**
 * Whether `actor` may remove a member holding `target`, or move them between roles.
 * The owner manages admins, organizers and members; admins manage organizers and members.
 * Nobody manages the owner (ownership moves only by a transfer).
 */
export function canManageRole(actor: Role, target: Role): boolean {
  if (target === "owner") return false;
  if (actor === "owner") return true;
  if (actor === "admin") return target === "organizer" || target === "member";
  return false;
}
