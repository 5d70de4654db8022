import * as Switch from "@radix-ui/react-switch";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type NotificationPreferences, notificationLabels } from "../../../shared/contracts/notifications.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { api } from "../../lib/api.js";

const url = "/api/me/notification-preferences";
const queryKey = ["notification-preferences"];

/** SPEC §2 Settings: the five email toggles; a failed save says so and reloads from the server (SPEC §8). */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey, queryFn: () => api<NotificationPreferences>(url) });

  const toggle = async (key: keyof NotificationPreferences, value: boolean) => {
    if (!prefs.data) return;
    const next = { ...prefs.data, [key]: value };
    queryClient.setQueryData(queryKey, next);
    try {
      await api(url, { method: "PUT", body: next });
      toast.success("Preferences updated");
    } catch (error) {
      console.warn("Saving preferences failed", error);
      toast.error("Update failed", { description: "Failed to save preferences. Please try again." });
      await queryClient.invalidateQueries({ queryKey });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>Choose which emails Courtside sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {(Object.keys(notificationLabels) as Array<keyof NotificationPreferences>).map((key) => (
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
