// The night's record for those who run sessions: read as JSON for the Past sessions view, and
// downloaded as CSV for one session or a whole month. Attendance and money are the club's
// books, so the record is for organizers up, not for every member; each player reads their
// own night. All are served from their shared definitions (board-endpoints.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordEndpoints as endpoints } from "../../../shared/contracts/board-endpoints.js";
import { instantOf } from "../../../shared/domain/time-zones.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { clubTimeZone } from "../clubs/service.js";
import { myNight } from "./my-night.js";
import { attendanceCsv, monthCsv } from "./record-csv.js";
import { sessionRecord } from "./session-record.js";

export function recordRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;

  return async (app) => {
    serve(app, endpoints.record, async (request) => {
      const member = request.club;
      return sessionRecord(db, member.organizationId, request.params.sessionId);
    });

    serve(app, endpoints.myNight, async (request) => {
      const member = request.club;
      return myNight(db, member.organizationId, request.params.sessionId, member.userId);
    });

    serve(app, endpoints.recordCsv, async (request, reply) => {
      const { club } = request;
      const record = await sessionRecord(db, club.organizationId, request.params.sessionId);
      const session = { name: record.session.name, startsAt: new Date(record.session.startsAt) };
      reply.header("content-disposition", `attachment; filename="session-${record.session.id}.csv"`);
      return attendanceCsv([{ session, attendees: record.attendees }], record.timeZone);
    });

    serve(app, endpoints.monthCsv, async (request, reply) => {
      const { club } = request;
      const timeZone = await clubTimeZone(db, club.organizationId);
      const [year, month] = request.query.month.split("-").map(Number) as [number, number];
      const start = (y: number, m: number) =>
        instantOf({ year: y, month: m, day: 1, hour: 0, minute: 0 }, timeZone);
      const from = start(year, month);
      const to = month === 12 ? start(year + 1, 1) : start(year, month + 1);
      reply.header("content-disposition", `attachment; filename="sessions-${request.query.month}.csv"`);
      return monthCsv(db, club.organizationId, timeZone, from, to);
    });
  };
}
