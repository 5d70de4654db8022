import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.js";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.js";
import { Input } from "../../components/ui/input.js";
import { copyText } from "../../lib/copy.js";
import { useCalendarFeed, useRotateCalendarFeed } from "./api.js";

/** The club's secret calendar feed address, to paste into a calendar app; rotating revokes it. */
export function CalendarFeedButton({ orgId }: { orgId: string }) {
  const [url, setUrl] = useState<string>();
  const show = (feed: { url: string }) => setUrl(feed.url);
  const load = useCalendarFeed(orgId, { onSuccess: show, errorTitle: "Could not load the calendar feed" });
  const rotate = useRotateCalendarFeed(orgId, {
    onSuccess: show,
    success: {
      title: "New calendar address",
      description: "Calendars subscribed to the old one stop updating.",
    },
    errorTitle: "Could not rotate",
  });
  return (
    <Dialog onOpenChange={(open) => open && load.run()}>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <CalendarPlus className="h-4 w-4" /> Calendar Feed
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Subscribe in a calendar app"
        description="Paste this address into Google Calendar, Apple Calendar or Outlook (add calendar from URL). Keep it private."
      >
        <div className="flex flex-col gap-3">
          <Input
            readOnly
            value={url ?? "Loading..."}
            onFocus={(event) => event.currentTarget.select()}
            aria-label="Calendar feed address"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={!url} onClick={() => url && copyText(url)}>
              Copy
            </Button>
            <Button variant="ghost" className="text-red-600" onClick={() => rotate.run()}>
              Revoke and make a new address
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
