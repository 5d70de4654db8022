import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { inviteBody } from "../../../shared/contracts/members.js";
import type { Role } from "../../../shared/domain/roles.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Field, Input } from "../../components/ui/input.js";
import { checkForm, clearValidationError, showValidationError } from "../../lib/form.js";
import { useInvite } from "./api.js";

/** SPEC §2 Members: invite by email with a join link. */
export function InviteDialog({ orgId, myRole }: { orgId: string; myRole: Role }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const invite = useInvite(orgId, {
    onSuccess: () => setOpen(false),
    success: (_, { email }) => ({
      title: "Invitation sent",
      description: `We emailed a join link to ${email}.`,
    }),
    errorTitle: "Failed to send invitation",
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkForm(inviteBody, Object.fromEntries(new FormData(event.currentTarget)));
    if (!checked.ok) {
      setError(checked.errors.email ?? checked.first);
      showValidationError(checked.first);
      return;
    }
    clearValidationError();
    setError(undefined);
    await invite.run(checked.data);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="h-4 w-4" /> Invite Member
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Invite a member"
        description="They get an email with a link to join. It works once, for 7 days."
      >
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <Field label="Email" htmlFor="invite-email" error={error}>
            <Input
              id="invite-email"
              name="email"
              type="email"
              placeholder="player@example.com"
              aria-invalid={error ? true : undefined}
            />
          </Field>
          <Field label="Role" htmlFor="invite-role">
            <select
              id="invite-role"
              name="role"
              defaultValue="member"
              className="h-11 rounded-lg border border-slate-300 bg-white px-3"
            >
              <option value="member">Member</option>
              <option value="organizer">Organizer</option>
              {myRole === "owner" ? <option value="admin">Admin</option> : null}
            </select>
          </Field>
          <Button type="submit" disabled={invite.busy}>
            {invite.busy ? "Sending..." : "Send Invitation"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
