// A person's account at a club (endpoint.ts, decision 040): each member reads their own; the
// club's treasurers read anyone's and adjust it, saying why.
import { orgParams } from "./common.js";
import { endpoint } from "./endpoint.js";
import { adjustmentBody, ledgerAccount } from "./ledger.js";
import { memberParams } from "./members.js";

const tags = ["ledger"];

export const ledgerEndpoints = {
  mine: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/ledger",
    operationId: "getMyLedger",
    summary: "The caller's credit at the club and the entries it adds up to",
    tags,
    access: { club: "club.view" },
    params: orgParams,
    success: { status: 200, body: ledgerAccount },
  }),
  member: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/ledger/members/:userId",
    operationId: "getMemberLedger",
    summary: "A member's credit at the club and its entries, for the club's treasurers",
    tags,
    access: { club: "memberships.manage" },
    params: memberParams,
    success: { status: 200, body: ledgerAccount },
  }),
  adjust: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/ledger/adjustments",
    operationId: "adjustLedger",
    summary: "Add credit to a member's account, or take it away, with a note they read",
    tags,
    access: { club: "memberships.manage" },
    params: orgParams,
    body: adjustmentBody,
    success: { status: 201, body: ledgerAccount },
    errors: ["INSUFFICIENT_BALANCE"],
  }),
};
