// Every endpoint definition in one list, for what looks at them all: the tests that hold each
// route to its definition (the authorization matrix derives its expectations from here).
import {
  accountEndpoints,
  demoEndpoints,
  meEndpoints,
  notificationEndpoints,
  pushEndpoints,
} from "./account-endpoints.js";
import { billingEndpoints, paymentEndpoints } from "./billing-endpoints.js";
import { boardEndpoints, dashboardEndpoints, displayEndpoints, recordEndpoints } from "./board-endpoints.js";
import { clubsEndpoints, publicClubEndpoints } from "./clubs-endpoints.js";
import type { Endpoint } from "./endpoint.js";
import { eventsEndpoints } from "./events-endpoints.js";
import { ladderEndpoints } from "./ladder-endpoints.js";
import { ledgerEndpoints } from "./ledger-endpoints.js";
import { membersEndpoints } from "./members-endpoints.js";
import { membershipsEndpoints } from "./memberships-endpoints.js";
import { sessionsEndpoints } from "./sessions-endpoints.js";

const groups: Record<string, Endpoint>[] = [
  meEndpoints,
  accountEndpoints,
  notificationEndpoints,
  pushEndpoints,
  demoEndpoints,
  billingEndpoints,
  paymentEndpoints,
  boardEndpoints,
  displayEndpoints,
  recordEndpoints,
  dashboardEndpoints,
  clubsEndpoints,
  publicClubEndpoints,
  eventsEndpoints,
  ladderEndpoints,
  ledgerEndpoints,
  membersEndpoints,
  membershipsEndpoints,
  sessionsEndpoints,
];

export const allEndpoints: readonly Endpoint[] = groups.flatMap((group) => Object.values(group));

/** The definition served at "METHOD path" (Fastify's form of the path), if there is one. */
export const endpointAt = (method: string, path: string): Endpoint | undefined =>
  allEndpoints.find((definition) => definition.method === method && definition.path === path);
