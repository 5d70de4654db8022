import { useState } from "react";
import { useNavigate } from "react-router";
import type { Role } from "../../../shared/domain/roles.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { ConfirmButton } from "../../components/ui/confirm-dialog.js";
import { useLeaveClub, useTransferOwnership } from "./api.js";
import { MemberPicker, type PickedMember } from "./member-picker.js";

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
  // Only the owner hands the club over, to any member, found by name or address.
  const [newOwner, setNewOwner] = useState<PickedMember | null>(null);

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
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {myRole === "owner" ? (
          <>
            <div className="min-w-0 flex-1">
              <MemberPicker
                orgId={orgId}
                id="new-owner"
                label="New owner"
                placeholder="Find the new owner by name or email"
                unavailable={new Set([myUserId])}
                chosen={newOwner}
                onChoose={setNewOwner}
                detail={(m) => m.email}
              />
            </div>
            <ConfirmButton
              trigger={
                <Button variant="secondary" disabled={!newOwner}>
                  Transfer Ownership
                </Button>
              }
              title="Transfer ownership?"
              description={`${newOwner?.name ?? "The new owner"} gets full control, including billing. You stay in the club as an admin.`}
              confirmLabel="Transfer"
              onConfirm={async () => {
                if (newOwner) await transfer.run(newOwner.userId);
              }}
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
