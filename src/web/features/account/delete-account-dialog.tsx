// Settings, Account: deleting the account. An owner cannot leave their club without an owner:
// the dialog offers to delete the clubs they own with the account (each as "Delete club" does),
// and says so again if the server answers that they still own one.
import { useId, useState } from "react";
import { messages } from "../../../shared/domain/messages.js";
import { useAuth } from "../../app/auth-provider.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { ApiError } from "../../lib/api.js";
import { useDeleteAccount } from "./api.js";

export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const { me } = useAuth();
  const [open, setOpen] = useState(false);
  const [withClubs, setWithClubs] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const checkboxId = useId();
  // A club has exactly one owner: every club the person owns, nobody else does.
  const owned = (me?.organizations ?? []).filter((club) => club.role === "owner");
  const names = owned.map((club) => club.name).join(", ");
  const remove = useDeleteAccount({
    success: messages.account.deleted,
    onSuccess: onDeleted,
    onError: (error) => {
      if (!(error instanceof ApiError && error.is("OWNER_MUST_TRANSFER"))) return false;
      setRefusal(error.message);
      return true;
    },
  });
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setWithClubs(false);
      setRefusal(null);
    }
  };
  const blocked = owned.length > 0 && !withClubs;
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete My Account</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="You leave every club and cannot sign in again. Matches and sessions others played with you stay, under 'Former member'."
      >
        <div className="flex flex-col gap-4">
          {owned.length > 0 ? (
            <div className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
              <p>
                You own <span className="font-semibold break-words">{names}</span>, and nobody else does. Hand
                it over to another member in Members, or delete it with your account: its sessions are
                cancelled, paid places refunded and its members told.
              </p>
              <label htmlFor={checkboxId} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input
                  id={checkboxId}
                  type="checkbox"
                  className="h-5 w-5 shrink-0 accent-red-600"
                  checked={withClubs}
                  onChange={(event) => {
                    setWithClubs(event.target.checked);
                    setRefusal(null);
                  }}
                />
                <span className="font-medium break-words">Delete {names} too</span>
              </label>
            </div>
          ) : null}
          {refusal ? (
            <p role="alert" className="text-sm text-red-700">
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Keep My Account
            </Button>
            <Button
              variant="destructive"
              disabled={blocked || remove.busy}
              onClick={() => void remove.run({ deleteOwnedClubs: withClubs })}
            >
              {remove.busy ? "Working..." : "Delete My Account"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
