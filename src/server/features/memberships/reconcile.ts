// The reconciliation of card dues with the provider (decision 039): a webhook can be lost (an
// outage longer than the provider's retries, an endpoint misconfigured for a day), so every
// hour the card memberships read longest ago are read again from the provider, and what
// changed is applied as a webhook's would be (syncDues). A hundred an hour reads each of a few
// thousand members about daily. A membership that could not be read keeps its place at the
// front of the line, and the job fails once the batch is done, so the job system logs it.
import { randomUUID } from "node:crypto";
import { asc, eq, isNotNull, sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { planMemberships } from "../../db/schema/memberships.js";
import { getOrganization } from "../clubs/service.js";
import { syncDues } from "./card-dues.js";

export const RECONCILE_DUES = "reconcile-dues";
const BATCH = 100;

/** Reads the next batch of card memberships from the provider; answers how many it read. */
export async function reconcileDues(deps: AppDeps): Promise<number> {
  const { dues } = deps.payments;
  if (!dues) return 0;
  const { db } = deps.database;
  const batch = await db
    .select({
      id: planMemberships.id,
      organizationId: planMemberships.organizationId,
      ref: planMemberships.providerRef,
    })
    .from(planMemberships)
    .where(isNotNull(planMemberships.providerRef))
    .orderBy(sql`${planMemberships.reconciledAt} asc nulls first`, asc(planMemberships.id))
    .limit(BATCH);
  let read = 0;
  const failures: unknown[] = [];
  for (const membership of batch) {
    try {
      const club = await getOrganization(db, membership.organizationId);
      if (club.payoutAccountRef) {
        const state = await dues.retrieve(membership.ref!, club.payoutAccountRef);
        // Its own id each time: a second read in the hour that finds a newer change applies it too.
        if (state)
          await syncDues(deps, state, club.payoutAccountRef, `reconcile_${membership.id}_${randomUUID()}`);
      }
      await db
        .update(planMemberships)
        .set({ reconciledAt: deps.now() })
        .where(eq(planMemberships.id, membership.id));
      read += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0)
    throw new AggregateError(
      failures,
      `${failures.length} of ${batch.length} card memberships could not be read again`,
    );
  return read;
}
