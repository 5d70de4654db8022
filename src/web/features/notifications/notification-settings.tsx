import * as Switch from "@radix-ui/react-switch";
import { type NotificationPreferences, notificationLabels } from "../../../shared/contracts/notifications.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { useNotificationPreferences, useSavePreferences } from "./api.js";

/** Every switch but the push one, which sits with the devices it calls (push-devices.tsx). */
const emailKinds = (Object.keys(notificationLabels) as Array<keyof NotificationPreferences>).filter(
  (key) => key !== "called_to_court",
);

/** Settings shows the five email toggles (and the night's receipt); a failed save says so and reloads from the server. */
export function NotificationSettings() {
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
          {emailKinds.map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <label htmlFor={`pref-${key}`} className="min-w-0">
                <span className="block font-medium">{notificationLabels[key].title}</span>
                <span className="block text-sm text-muted">{notificationLabels[key].body}</span>
              </label>
              <Switch.Root
                id={`pref-${key}`}
                checked={prefs.data?.[key] ?? true}
                disabled={!prefs.data}
                onCheckedChange={(value) => toggle(key, value)}
                className="relative h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand-700 disabled:opacity-50"
              >
                <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
