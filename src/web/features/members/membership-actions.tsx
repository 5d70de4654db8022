import { useState } from "react";
import { useNavigate } from "react-router";
import type { Role } from "../../../shared/domain/roles.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { useLeaveClub, useMembers, useTransferOwnership } from "./api.js";

/** Leaving the club, or (for the owner) handing it to another member first. */
export function MembershipActions({
  orgId,
  clubName,
  myRole,
  myUserId,
}: {
  orgId: string;
  clubName: string;
  myRole: Role;
  myUserId: string;
}) {
  const navigate = useNavigate();
  // Only the owner hands the club over, to any member: they choose among all of them.
  const members = useMembers(orgId, myRole === "owner");
  const others = (members.data ?? []).filter((m) => m.userId !== myUserId);
  const [newOwner, setNewOwner] = useState("");

  const leave = useLeaveClub(orgId, {
    onSuccess: () => navigate("/dashboard", { replace: true }),
    success: `You left ${clubName}`,
    errorTitle: "Could not leave the club",
  });
  const transfer = useTransferOwnership(orgId, {
    success: { title: "Ownership transferred", description: "You are now an admin of the club." },
    errorTitle: "Could not transfer ownership",
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your membership</CardTitle>
        <CardDescription>
          {myRole === "owner"
            ? "A club always has exactly one owner. Hand the club to another member before you leave it."
            : `You can leave ${clubName} at any time.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {myRole === "owner" ? (
          <>
            <label className="flex-1">
              <span className="sr-only">New owner</span>
              <select
                value={newOwner}
                onChange={(event) => setNewOwner(event.target.value)}
                className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
              >
                <option value="">Choose the new owner…</option>
                {others.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {m.email ? `${m.name} (${m.email})` : m.name}
                  </option>
                ))}
              </select>
            </label>
            <ConfirmButton
              trigger={
                <Button variant="secondary" disabled={!newOwner}>
                  Transfer Ownership
                </Button>
              }
              title="Transfer ownership?"
              description="The new owner gets full control, including billing. You stay in the club as an admin."
              confirmLabel="Transfer"
              onConfirm={() => transfer.run(newOwner)}
            />
          </>
        ) : (
          <ConfirmButton
            trigger={<Button variant="secondary">Leave Club</Button>}
            title={`Leave ${clubName}?`}
            description="You will need a new invitation or an approved request to come back."
            confirmLabel="Leave"
            onConfirm={() => leave.run()}
          />
        )}
      </CardContent>
    </Card>
  );
}
