// The payments feature's surface for other features: they reach it only through this file
// (scripts/check-boundaries.mjs).
export { connectSandboxPayouts, syncPayoutAccount } from "./payout-account.js";
