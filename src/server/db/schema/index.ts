// The whole schema, one file per owner (features talk to each other through services, not
// through each other's tables: scripts/check-boundaries.mjs holds them to it). Migrations are
// generated from this folder (`npm run db:generate`); `npm run db:check` fails when they drift.

export * from "./account.js";
export * from "./auth.js";
export * from "./club-reads.js";
export * from "./clubs.js";
export * from "./courts.js";
export * from "./events.js";
export * from "./ladder.js";
export * from "./ledger.js";
export * from "./mail.js";
export * from "./members.js";
export * from "./memberships.js";
export * from "./notifications.js";
export * from "./payments.js";
export * from "./sandbox-payments.js";
export * from "./sessions.js";
