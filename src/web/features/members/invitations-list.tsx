import type { Invitation } from "../../../shared/contracts/members.js";
import { Button } from "../../components/ui/button.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { formatDate } from "../../lib/format.js";
import { useResendInvitation, useRevokeInvitation } from "./api.js";
import { RoleBadge } from "./role-badge.js";

export function InvitationsList({ orgId, invitations }: { orgId: string; invitations: Invitation[] }) {
  const resend = useResendInvitation(orgId, {
    success: { title: "Invitation sent again", description: "The earlier link no longer works." },
    errorTitle: "Failed to send invitation",
  });
  const revoke = useRevokeInvitation(orgId);
  if (invitations.length === 0) return <p className="py-2 text-sm text-muted">No pending invitations.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="invitation">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{invitation.email}</p>
            <p className="text-xs text-muted">Expires {formatDate(invitation.expiresAt)}</p>
          </div>
          <RoleBadge role={invitation.role} />
          <Button
            size="sm"
            variant="secondary"
            disabled={resend.busy}
            onClick={() => resend.run(invitation.id)}
          >
            Resend
          </Button>
          <ConfirmButton
            trigger={
              <Button size="sm" variant="ghost" className="text-red-600">
                Revoke
              </Button>
            }
            title="Revoke this invitation?"
            description={`The link sent to ${invitation.email} will stop working.`}
            confirmLabel="Revoke"
            onConfirm={() => revoke.run(invitation.id)}
          />
        </li>
      ))}
    </ul>
  );
}
