import { Monitor } from "lucide-react";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { copyText } from "../../lib/copy.js";
import { useCreateDisplayToken, useDisplayTokens, useRevokeDisplayToken } from "./board-api.js";

/** Admins make and revoke the links a TV at the club opens to show the board. */
export function DisplayLinks({ orgId }: { orgId: string }) {
  const tokens = useDisplayTokens(orgId);
  const create = useCreateDisplayToken(orgId, { errorTitle: "Could not create a link" });
  const revoke = useRevokeDisplayToken(orgId, { errorTitle: "Could not revoke" });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="touch" variant="secondary">
          <Monitor className="h-4 w-4" /> TV Display
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Show the board on a TV"
        description="Open a link on the club's TV: no sign-in, live, full screen. Revoke it any time."
      >
        <div className="flex flex-col gap-3">
          {(tokens.data ?? []).map((t) => (
            <div
              key={t.token}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center"
            >
              <a
                href={t.url}
                target="_blank"
                rel="noreferrer"
                className="min-w-0 flex-1 truncate text-sm text-brand-700 underline"
              >
                {t.url}
              </a>
              {/* The TV's own browser is rarely the one this dialog is open in: the link travels. */}
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => copyText(t.url)}>
                  Copy
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600"
                  onClick={() => revoke.run(t.token)}
                >
                  Revoke
                </Button>
              </div>
            </div>
          ))}
          <Button onClick={() => create.run()}>New Display Link</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
