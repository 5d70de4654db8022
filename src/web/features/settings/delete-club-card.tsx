// Settings, the owner's danger zone: deleting the club. The owner types the club's name to
// enable the button, so a slip deletes nothing; the server checks the same name.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { Membership } from "../../../shared/contracts/clubs.js";
import { messages } from "../../../shared/domain/messages.js";
import { useOrganization } from "../../app/organization-provider.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Input, Label } from "../../components/ui/input.js";
import { useDeleteClub } from "./api.js";

/** What deleting a club does, as the card and the dialog say it. */
const consequences = [
  "Every upcoming and running session is cancelled.",
  "Everyone who paid for a place is refunded in full.",
  "Every member is emailed that the club has closed.",
  "The schedule, board, ladder, members and settings are removed for good.",
];

export function DeleteClubCard({ club }: { club: Membership }) {
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-700">Delete club</CardTitle>
        <CardDescription>Closes {club.name} for everyone, at once. This cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Consequences />
        <div>
          <DeleteClubDialog club={club} />
        </div>
      </CardContent>
    </Card>
  );
}

function Consequences() {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
      {consequences.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function DeleteClubDialog({ club }: { club: Membership }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const navigate = useNavigate();
  const { organizations } = useOrganization();
  const others = organizations.filter((org) => org.id !== club.id);
  const remove = useDeleteClub(club.id, {
    success: messages.clubs.deleted(club.name),
    onSuccess: () => {
      setOpen(false);
      navigate(others.length > 0 ? "/dashboard" : "/onboarding", { replace: true });
    },
  });
  const matches = typed.trim() === club.name.trim();
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setTyped("");
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete Club</Button>
      </DialogTrigger>
      <DialogContent
        title={`Delete ${club.name}?`}
        description="The club closes for everyone as soon as you confirm. This cannot be undone."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) void remove.run(typed);
          }}
        >
          <Consequences />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={inputId}>
              Type <span className="font-semibold break-words">{club.name}</span> to confirm
            </Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => changeOpen(false)}>
              Keep Club
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches || remove.busy}>
              {remove.busy ? "Deleting..." : "Delete Club"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
