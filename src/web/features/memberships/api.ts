// Membership plans and dues from the browser (decision 039): the person's own membership and
// what they can buy, their household, and for the club's treasurers its plans and roster.
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  AddChildBody,
  boughtPlan,
  Household,
  MyMembership,
  Plan,
  PlanBody,
  RosterEntry,
} from "../../../shared/contracts/memberships.js";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { memberPriceCents } from "../../../shared/domain/member-price.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const membershipKeys = {
  mine: (orgId: string) => ["membership", orgId] as const,
  plans: (orgId: string) => ["membership-plans", orgId] as const,
  roster: (orgId: string) => ["membership-roster", orgId] as const,
  household: (orgId: string) => ["household", orgId] as const,
};

export function useMyMembership(orgId: string, enabled = true) {
  return useQuery({
    queryKey: membershipKeys.mine(orgId),
    enabled,
    queryFn: () => call(endpoints.mine, { params: { orgId } }),
  });
}

/** The plan whose benefits the person has now (active, or past due within grace), or null. */
export function useCurrentPlan(orgId: string, enabled = true) {
  const mine = useMyMembership(orgId, enabled).data?.membership;
  return mine && (mine.status === "active" || mine.status === "past_due") ? mine.plan : null;
}

/**
 * What a paid place costs the person: the price less their plan's discount while they are a
 * member (null: the session is free). Shown only: the server decides as it takes the place.
 */
export function useYourPrice(orgId: string, priceCents: number | null): number | null {
  const plan = useCurrentPlan(orgId, priceCents !== null);
  if (priceCents === null) return null;
  return plan ? memberPriceCents(priceCents, plan.discount) : priceCents;
}

export function usePlans(orgId: string) {
  return useQuery({
    queryKey: membershipKeys.plans(orgId),
    queryFn: async () => (await call(endpoints.plans, { params: { orgId } })).plans,
  });
}

export type RosterFilter = RosterEntry["status"] | "all";

export function useRoster(orgId: string, status: RosterFilter) {
  return useQuery({
    queryKey: [...membershipKeys.roster(orgId), status] as const,
    queryFn: async () =>
      (await call(endpoints.roster, { params: { orgId }, query: status === "all" ? {} : { status } }))
        .members,
  });
}

/** Every change to a membership changes the person's page, the plans' counts and the roster. */
const everything = (orgId: string) => [
  membershipKeys.mine(orgId),
  membershipKeys.plans(orgId),
  membershipKeys.roster(orgId),
  membershipKeys.household(orgId),
];

export const useBuyPlan = (orgId: string, feedback?: ActionFeedback<z.infer<typeof boughtPlan>, string>) =>
  useAction({
    run: (planId: string) => call(endpoints.buy, { params: { orgId }, body: { planId } }),
    invalidates: everything(orgId),
    ...feedback,
  });

export const useSetCancellation = (orgId: string, feedback?: ActionFeedback<MyMembership, boolean>) =>
  useAction({
    run: (cancel: boolean) => call(cancel ? endpoints.cancel : endpoints.resume, { params: { orgId } }),
    invalidates: everything(orgId),
    ...feedback,
  });

export const useSandboxRenewal = (
  orgId: string,
  feedback?: ActionFeedback<MyMembership, "paid" | "failed">,
) =>
  useAction({
    run: (outcome: "paid" | "failed") =>
      call(endpoints.sandboxRenewal, { params: { orgId }, body: { outcome } }),
    invalidates: everything(orgId),
    ...feedback,
  });

/** Opens the provider's page where a card member changes their card. */
export const useDuesPortal = (orgId: string) =>
  useAction({
    run: () => call(endpoints.portal, { params: { orgId } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });

export const useSavePlan = (
  orgId: string,
  feedback?: ActionFeedback<Plan, { planId?: string; body: PlanBody }>,
) =>
  useAction({
    run: ({ planId, body }: { planId?: string; body: PlanBody }) =>
      planId
        ? call(endpoints.updatePlan, { params: { orgId, planId }, body })
        : call(endpoints.createPlan, { params: { orgId }, body }),
    invalidates: everything(orgId),
    ...feedback,
  });

export const useRetirePlan = (orgId: string, feedback?: ActionFeedback<undefined, string>) =>
  useAction({
    run: async (planId: string) => {
      await call(endpoints.retirePlan, { params: { orgId, planId } });
      return undefined;
    },
    invalidates: everything(orgId),
    ...feedback,
  });

/** A season plan's link, emailed to every member (each once per season plan). */
export const useSendSeasonLink = (orgId: string, feedback?: ActionFeedback<{ sent: number }, string>) =>
  useAction({
    run: (planId: string) => call(endpoints.sendSeasonLink, { params: { orgId, planId } }),
    ...feedback,
  });

/** A member's membership history, read when a treasurer opens it. */
export function useMemberDues(orgId: string, userId: string | null) {
  return useQuery({
    queryKey: [...membershipKeys.roster(orgId), "history", userId] as const,
    enabled: userId !== null,
    queryFn: async () => (await call(endpoints.memberDues, { params: { orgId, userId: userId! } })).history,
  });
}

export function useHousehold(orgId: string, enabled = true) {
  return useQuery({
    queryKey: membershipKeys.household(orgId),
    enabled,
    queryFn: () => call(endpoints.household, { params: { orgId } }),
  });
}

const householdChanges = (orgId: string) => [membershipKeys.household(orgId)];

export const useAddChild = (orgId: string, feedback?: ActionFeedback<Household, AddChildBody>) =>
  useAction({
    run: (body: AddChildBody) => call(endpoints.addChild, { params: { orgId }, body }),
    invalidates: householdChanges(orgId),
    ...feedback,
  });

export const useInviteAdult = (orgId: string, feedback?: ActionFeedback<Household, string>) =>
  useAction({
    run: (email: string) => call(endpoints.addAdult, { params: { orgId }, body: { email } }),
    invalidates: householdChanges(orgId),
    ...feedback,
  });

export const useAcceptHousehold = (orgId: string, feedback?: ActionFeedback<Household, void>) =>
  useAction({
    run: () => call(endpoints.acceptHousehold, { params: { orgId } }),
    invalidates: [...householdChanges(orgId), membershipKeys.mine(orgId)],
    ...feedback,
  });

export const useRemoveFromHousehold = (orgId: string, feedback?: ActionFeedback<Household, string>) =>
  useAction({
    run: (memberId: string) => call(endpoints.removeFromHousehold, { params: { orgId, memberId } }),
    invalidates: householdChanges(orgId),
    ...feedback,
  });
