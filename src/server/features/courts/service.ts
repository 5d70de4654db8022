// The courts feature's surface for other features: they reach it only through this file
// (scripts/check-boundaries.mjs).
export { announceBoardClosed, refreshQueue, startFilling } from "./actions.js";
export { boardView } from "./board-view.js";
export { courtLeavingPlay } from "./court-actions.js";
export { organizationOfDisplay, revokeDisplayLinks } from "./display-routes.js";
export { type CourtOffered, courtsBackFromEvent, courtsForEvent } from "./event-courts.js";
export { latestGuestGames } from "./guest-results.js";
export { type PlayedNight, recordPlayedNight } from "./played-night.js";
