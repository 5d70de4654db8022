import { UserPlus } from "lucide-react";
import { useState } from "react";
import { inviteBody } from "../../../shared/contracts/members.js";
import type { Role } from "../../../shared/domain/roles.js";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Field, Input } from "../../components/ui/input.js";
import { useZodForm } from "../../lib/use-zod-form.js";
import { useInvite } from "./api.js";

/** Members: invite by email with a join link. */
export function InviteDialog({ orgId, myRole }: { orgId: string; myRole: Role }) {
  const [open, setOpen] = useState(false);
  const invite = useInvite(orgId, {
    onSuccess: () => setOpen(false),
    success: (_, { email }) => ({
      title: "Invitation sent",
      description: `We emailed a join link to ${email}.`,
    }),
    errorTitle: "Failed to send invitation",
  });
  const form = useZodForm(
    inviteBody,
    async (data) => {
      await invite.run(data);
    },
    { idPrefix: "invite-" },
  );

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
        <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4">
          <Field label="Email" htmlFor={form.id("email")} error={form.errors.email}>
            <Input type="email" placeholder="player@example.com" {...form.fieldProps("email")} />
          </Field>
          <Field label="Role" htmlFor={form.id("role")} error={form.errors.role}>
            <select
              {...form.fieldProps("role")}
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
