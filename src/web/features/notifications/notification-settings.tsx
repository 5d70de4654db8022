import type { NotificationPreferences } from "../../../shared/contracts/notifications.js";
import { can } from "../../../shared/domain/capabilities.js";
import { useAuth } from "../../app/auth-provider.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Switch } from "../../components/ui/switch.js";
import { useNotificationPreferences, useSavePreferences } from "./api.js";

// Each switch's words: here, with the one page that shows them, not in the contract every page
// loads (the session's first download carries the contract).
const notificationLabels: Record<keyof NotificationPreferences, { title: string; body: string }> = {
  session_reminders: { title: "Session reminders", body: "A reminder before sessions you registered for." },
  court_up_next: {
    title: "Court up next",
    body: "When your group is called to a court, by email when no phone of yours gets it as a notice.",
  },
  match_results: { title: "Match results", body: "Your results and rating changes." },
  weekly_summary: { title: "Weekly summary", body: "A short digest of your club's week." },
  waitlist_notifications: { title: "Waitlist", body: "When a place opens for you in a full session." },
  night_receipt: {
    title: "Your night",
    body: "After each session you played: your games, partners and waits.",
  },
  called_to_court: {
    title: "Called to a court",
    body: "A notice on the phones you turned it on for (below) when your group is called.",
  },
  join_requests: {
    title: "Join requests",
    body: "When someone asks to join a club you own or run.",
  },
  membership_dues: {
    title: "Membership dues",
    body: "Before your membership renews, when a payment fails, and if it lapses.",
  },
};

/** Every switch but the push one, which sits with the devices it calls (push-devices.tsx). */
const emailKinds = (Object.keys(notificationLabels) as Array<keyof NotificationPreferences>).filter(
  (key) => key !== "called_to_court",
);

/**
 * Settings shows the five email toggles, the night's receipt, and join requests to those who
 * review them in some club; a failed save says so and reloads from the server.
 */
export function NotificationSettings() {
  const { me } = useAuth();
  const reviewer = me?.organizations.some((club) => can(club.role, "joinRequests.review")) ?? false;
  const shown = emailKinds.filter((key) => key !== "join_requests" || reviewer);
  const prefs = useNotificationPreferences();
  const save = useSavePreferences({
    success: "Preferences updated",
    errorTitle: "Update failed",
    errorDescription: "Failed to save preferences. Please try again.",
  });

  const toggle = (key: keyof NotificationPreferences, value: boolean) =>
    prefs.data && save.run({ ...prefs.data, [key]: value });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>Choose which emails Courtside sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {shown.map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <label htmlFor={`pref-${key}`} className="min-w-0">
                <span className="block font-medium">{notificationLabels[key].title}</span>
                <span className="block text-sm text-muted">{notificationLabels[key].body}</span>
              </label>
              <Switch
                id={`pref-${key}`}
                checked={prefs.data?.[key] ?? true}
                disabled={!prefs.data}
                onCheckedChange={(value) => toggle(key, value)}
              />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
