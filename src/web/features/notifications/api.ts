import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationPreferences, PushDevice } from "../../../shared/contracts/notifications.js";
import { api } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const url = "/api/me/notification-preferences";
const queryKey = ["notification-preferences"] as const;

export const useNotificationPreferences = () =>
  useQuery({ queryKey, queryFn: () => api<NotificationPreferences>(url) });

/** The switches move at once; a failed save reloads them from the server. */
export function useSavePreferences(
  feedback?: Omit<ActionFeedback<unknown, NotificationPreferences>, "onError">,
) {
  const queryClient = useQueryClient();
  return useAction({
    run: (next: NotificationPreferences) => {
      queryClient.setQueryData(queryKey, next);
      return api(url, { method: "PUT", body: next });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey });
      return false;
    },
    ...feedback,
  });
}

/** The devices calls to a court are pushed to. */
export const usePushDevices = () =>
  useQuery({
    queryKey: ["push-devices"],
    queryFn: async () => (await api<{ devices: PushDevice[] }>("/api/me/push-devices")).devices,
  });
