// What other features may use of clubs (decision 022): an interface only, each name from the
// file that holds it, so the feature's own files never import it back.

export { accessRules, guestRulesOf, updateAccessRules } from "./access-rules.js";
export type { Club, ClubBilling } from "./club-rows.js";
export {
  activeCourts,
  allClubs,
  claimClubRef,
  clubBySlug,
  clubIdByRef,
  clubIsOpen,
  clubTimeZone,
  deleteClub,
  getOrganization,
  insertClub,
  lockClosingClub,
  lockClub,
  markClubClosing,
  openClubAtSlug,
  openClubFields,
  openClubSlugs,
  openClubsSubquery,
  publicClubQuery,
  setClubCreatedAt,
  setClubSlug,
  timeZoneOf,
  toOrganization,
  updateClubBilling,
} from "./club-rows.js";
export { addCourt, listCourts, updateCourt } from "./courts.js";
export { checkSubscription, currentPlan, lockPlanLimits } from "./plan.js";
export { updateProfile } from "./profile.js";
