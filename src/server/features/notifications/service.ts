// What other features may use of notifications (decision 022): an interface only, each name from the
// file that holds it, so the feature's own files never import it back.

export type { EmailKind } from "./preferences.js";
export {
  claimedAlready,
  claimNotification,
  claimNotifications,
  ensurePreferences,
  forgetPreferences,
  setPreference,
  wantEmail,
} from "./preferences.js";
export { type PushPayload, pushEffects, reachableByPush } from "./push.js";
export { emailKindNames, unsubscribeFor } from "./unsubscribe.js";
