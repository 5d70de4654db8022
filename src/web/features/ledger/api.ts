// A person's account at a club from the browser (decision 040): their own, and for the club's
// treasurers anyone's, with the adjustment that moves it.
import { useQuery } from "@tanstack/react-query";
import type { AdjustmentBody, LedgerAccount } from "../../../shared/contracts/ledger.js";
import { ledgerEndpoints as endpoints } from "../../../shared/contracts/ledger-endpoints.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export const ledgerKeys = {
  mine: (orgId: string) => ["ledger", orgId] as const,
  member: (orgId: string, userId: string) => ["ledger", orgId, userId] as const,
};

export function useMyLedger(orgId: string) {
  return useQuery({
    queryKey: ledgerKeys.mine(orgId),
    queryFn: () => call(endpoints.mine, { params: { orgId } }),
  });
}

export function useMemberLedger(orgId: string, userId: string) {
  return useQuery({
    queryKey: ledgerKeys.member(orgId, userId),
    queryFn: () => call(endpoints.member, { params: { orgId, userId } }),
  });
}

export const useAdjustLedger = (orgId: string, feedback?: ActionFeedback<LedgerAccount, AdjustmentBody>) =>
  useAction({
    run: (body: AdjustmentBody) => call(endpoints.adjust, { params: { orgId }, body }),
    invalidates: [["ledger", orgId]],
    ...feedback,
  });
