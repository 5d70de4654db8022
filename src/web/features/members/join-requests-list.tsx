import { Check, X } from "lucide-react";
import type { JoinRequest } from "../../../shared/contracts/members.js";
import { Button } from "../../components/ui/button.js";
import { formatDate } from "../../lib/format.js";
import { useDecideJoinRequest } from "./api.js";

export function JoinRequestsList({ orgId, requests }: { orgId: string; requests: JoinRequest[] }) {
  const decide = useDecideJoinRequest(orgId, {
    success: (_, { request, decision }) =>
      decision === "approve" ? `${request.name} joined the club` : `Request from ${request.name} declined`,
    errorTitle: "Could not update the request",
  });
  const act = (request: JoinRequest, decision: "approve" | "reject") => decide.run({ request, decision });
  if (requests.length === 0) return <p className="py-2 text-sm text-muted">No pending join requests.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {requests.map((request) => (
        <li
          key={request.id}
          className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
          data-testid="join-request"
        >
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {request.name} <span className="text-sm font-normal text-muted">· {request.email}</span>
            </p>
            <p className="text-xs text-muted">Asked {formatDate(request.createdAt)}</p>
            {request.message ? (
              <p className="mt-1 rounded-lg bg-slate-50 p-2 text-sm">“{request.message}”</p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button size="sm" onClick={() => act(request, "approve")} disabled={decide.busy}>
              <Check className="h-4 w-4" /> Approve
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => act(request, "reject")}
              disabled={decide.busy}
            >
              <X className="h-4 w-4" /> Reject
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
