import { type NotificationPreferences, notificationLabels } from "../../../shared/contracts/notifications.js";
import { can } from "../../../shared/domain/capabilities.js";
import { useAuth } from "../../app/auth-provider.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Switch } from "../../components/ui/switch.js";
import { useNotificationPreferences, useSavePreferences } from "./api.js";

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
