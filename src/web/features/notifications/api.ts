import { useQuery, useQueryClient } from "@tanstack/react-query";
import { notificationEndpoints, pushEndpoints } from "../../../shared/contracts/account-endpoints.js";
import type { NotificationPreferences } from "../../../shared/contracts/notifications.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

const queryKey = ["notification-preferences"] as const;

export const useNotificationPreferences = () =>
  useQuery({ queryKey, queryFn: () => call(notificationEndpoints.preferences) });

/** The switches move at once; a failed save reloads them from the server. */
export function useSavePreferences(
  feedback?: Omit<ActionFeedback<unknown, NotificationPreferences>, "onError">,
) {
  const queryClient = useQueryClient();
  return useAction({
    run: (next: NotificationPreferences) => {
      queryClient.setQueryData(queryKey, next);
      return call(notificationEndpoints.savePreferences, { body: next });
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
    queryFn: async () => (await call(pushEndpoints.devices)).devices,
  });
