import { Smartphone } from "lucide-react";
import { useState } from "react";
import { pushEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { Button } from "../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.js";
import { Switch } from "../../components/ui/switch.js";
import { call } from "../../lib/api.js";
import { showErrorToast, useAction } from "../../lib/use-action.js";
import { useNotificationPreferences, usePushDevices, useSavePreferences } from "./api.js";

/** "Chrome on Android": enough for a person to tell their devices apart in the list. */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iPhone"
      : /Mac OS/.test(ua)
        ? "Mac"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : "this device";
  return `${browser} on ${system}`;
}

const canPush = () =>
  typeof window !== "undefined" &&
  window.isSecureContext &&
  "serviceWorker" in navigator &&
  "PushManager" in window;

/** Settings: this phone called to its court by a notice, and the devices already opted in. */
export function PushDevices() {
  const devices = usePushDevices();
  const prefs = useNotificationPreferences();
  const save = useSavePreferences({ success: "Preferences updated", errorTitle: "Update failed" });
  const [busy, setBusy] = useState(false);
  const remove = useAction({
    run: (id: string) => call(pushEndpoints.removeDevice, { params: { id } }),
    invalidates: [["push-devices"]],
    success: "This device will not be called any more",
  });

  const optIn = async () => {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        showErrorToast(null, "Notifications are off", {
          description: "Allow notifications for this site in the browser, then try again.",
        });
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await call(pushEndpoints.publicKey);
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        // The key as base64url text, which the Push API takes as it is.
        applicationServerKey: publicKey,
      });
      // The browser's JSON leaves its parts optional; a subscription it made always has them,
      // and the server refuses one without.
      const { endpoint = "", keys = {} } = subscription.toJSON();
      await call(pushEndpoints.addDevice, {
        body: { endpoint, keys: { p256dh: keys.p256dh ?? "", auth: keys.auth ?? "" }, label: deviceLabel() },
      });
      await devices.refetch();
    } catch (error) {
      showErrorToast(error, "This device could not be turned on");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Called to your court</CardTitle>
        <CardDescription>
          A notice on your phone when your group is called, with "On my way" to answer from it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {canPush() ? (
          <Button size="touch" className="self-start" disabled={busy} onClick={() => void optIn()}>
            <Smartphone className="h-4 w-4" /> {busy ? "Turning on..." : "Notify Me on This Device"}
          </Button>
        ) : (
          <p className="text-muted">
            This browser cannot show notices from a site (on an iPhone, add Courtside to the home screen
            first).
          </p>
        )}
        {devices.data?.length && prefs.data ? (
          <div className="flex items-center justify-between gap-4">
            <label htmlFor="pref-called-to-court" className="font-medium">
              Call me on these devices
            </label>
            <Switch
              id="pref-called-to-court"
              checked={prefs.data.called_to_court}
              onCheckedChange={(value) =>
                prefs.data && void save.run({ ...prefs.data, called_to_court: value })
              }
            />
          </div>
        ) : null}
        {devices.data?.length ? (
          <ul className="divide-y divide-slate-100" data-testid="push-devices">
            {devices.data.map((device) => (
              <li key={device.id} className="flex items-center justify-between gap-3 py-2">
                <span className="font-medium">{device.label}</span>
                <Button size="sm" variant="secondary" onClick={() => void remove.run(device.id)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
