// The signed-in person's email notification preferences (the toggles in Settings).
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notificationEndpoints as endpoints } from "../../../shared/contracts/account-endpoints.js";
import type { NotificationPreferences } from "../../../shared/contracts/notifications.js";
import type { AppDeps } from "../../app-deps.js";
import { notificationPreferences as table } from "../../db/schema/notifications.js";
import { serve } from "../../platform/web/serve-endpoint.js";

type Row = typeof table.$inferSelect;

const toBody = (
  row: Pick<
    Row,
    | "sessionReminders"
    | "courtUpNext"
    | "matchResults"
    | "weeklySummary"
    | "waitlistNotifications"
    | "nightReceipt"
    | "calledToCourt"
    | "joinRequests"
    | "membershipDues"
  >,
): NotificationPreferences => ({
  session_reminders: row.sessionReminders,
  court_up_next: row.courtUpNext,
  match_results: row.matchResults,
  weekly_summary: row.weeklySummary,
  waitlist_notifications: row.waitlistNotifications,
  night_receipt: row.nightReceipt,
  called_to_court: row.calledToCourt,
  join_requests: row.joinRequests,
  membership_dues: row.membershipDues,
});

export function notificationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    serve(app, endpoints.preferences, async (request) => {
      const { user } = request;
      const [row] = await db.select().from(table).where(eq(table.userId, user.id));
      // No row yet means the defaults: the spec's five on, the night's receipt off.
      return row
        ? toBody(row)
        : toBody({
            sessionReminders: true,
            courtUpNext: true,
            matchResults: true,
            weeklySummary: true,
            waitlistNotifications: true,
            nightReceipt: false,
            calledToCourt: true,
            joinRequests: true,
            membershipDues: true,
          });
    });

    serve(app, endpoints.savePreferences, async (request) => {
      const { user } = request;
      const b = request.body;
      const values = {
        sessionReminders: b.session_reminders,
        courtUpNext: b.court_up_next,
        matchResults: b.match_results,
        weeklySummary: b.weekly_summary,
        waitlistNotifications: b.waitlist_notifications,
        ...(b.night_receipt === undefined ? {} : { nightReceipt: b.night_receipt }),
        ...(b.called_to_court === undefined ? {} : { calledToCourt: b.called_to_court }),
        ...(b.join_requests === undefined ? {} : { joinRequests: b.join_requests }),
        ...(b.membership_dues === undefined ? {} : { membershipDues: b.membership_dues }),
        updatedAt: deps.now(),
      };
      const [row] = await db
        .insert(table)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: table.userId, set: values })
        .returning();
      return toBody(row!);
    });
  };
}
