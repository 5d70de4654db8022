// What other features may use of members (decision 022): an interface only, each name from the
// file that holds it, so the feature's own files never import it back.

export { clubAccess } from "./club-access.js";
export { createOrganization } from "./founding.js";
export { revokeOpenInvitations } from "./invitations.js";
export {
  admitPayer,
  hasPendingJoinRequest,
  listPendingJoinRequests,
  requestToJoin,
} from "./join-requests.js";
export { memberNamesOf } from "./member-pages.js";
export type { ClubMember } from "./memberships.js";
export {
  addMember,
  assertRoomToJoin,
  changeRole,
  isMember,
  leaveAllClubs,
  leaveClub,
  listMembers,
  memberCount,
  memberCountOf,
  membersAmong,
  membershipsOf,
  membershipsSubquery,
  readMembers,
  removeMember,
  transferOwnership,
} from "./memberships.js";
export { accountWithClubs, keptAccountWithClubs, listMemberships } from "./my-clubs.js";
export type { ClubAccess } from "./policy.js";
export { forgetClubAccess, forgetUserAccess, memberRole, requireCapability } from "./policy.js";
