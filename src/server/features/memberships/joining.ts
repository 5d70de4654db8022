// A visitor joins the club by buying one of its visible plans from the club's page (decision
// 039): paying the club's dues is the club's own answer, so no admin reviews it. In the sandbox
// they are a member at once; by card, when the first payment goes through (card-dues.ts).
import type { AppDeps } from "../../app-deps.js";
import { notFound } from "../../platform/errors/app-error.js";
import { openClubAtSlug } from "../clubs/service.js";
import { isMember } from "../members/service.js";
import { buyPlan } from "./dues.js";

/** The club page's Join: buys the plan, admitting a visitor with it; a member just buys. */
export async function joinWithPlan(deps: AppDeps, slug: string, userId: string, planId: string) {
  const club = await openClubAtSlug(deps.database.db, slug.toLowerCase());
  if (!club) throw notFound("Club Not Found");
  const joining = !(await isMember(deps.database.db, club.id, userId));
  const { checkoutUrl } = await buyPlan(deps, club.id, userId, planId, joining);
  return { organizationId: club.id, member: await isMember(deps.database.db, club.id, userId), checkoutUrl };
}
