// The night's record for those who run sessions: read as JSON for the Past sessions view, and
// downloaded as CSV for one session or a whole month. Attendance and money are the club's
// books, so the record is for organizers up, not for every member; each player reads their
// own night. The JSON reads are served from their shared definitions (board-endpoints.ts);
// the CSV downloads are files, so they are registered here directly.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordEndpoints as endpoints } from "../../../shared/contracts/board-endpoints.js";
import { orgParams } from "../../../shared/contracts/common.js";
import { recordMonthQuery } from "../../../shared/contracts/session-record.js";
import { sessionParams } from "../../../shared/contracts/sessions.js";
import { instantOf } from "../../../shared/domain/time-zones.js";
import type { AppDeps } from "../../app-deps.js";
import { serve } from "../../platform/web/serve-endpoint.js";
import { clubTimeZone } from "../clubs/service.js";
import { clubAccess } from "../members/service.js";
import { myNight } from "./my-night.js";
import { attendanceCsv, monthCsv } from "./record-csv.js";
import { sessionRecord } from "./session-record.js";

const csvType = "text/csv; charset=utf-8";

export function recordRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const access = clubAccess(deps);
  const tags = ["records"];

  return async (app) => {
    serve(app, endpoints.record, async (request) => {
      const member = await access(request, request.params.orgId, "sessions.manage");
      return sessionRecord(db, member.organizationId, request.params.sessionId);
    });

    serve(app, endpoints.myNight, async (request) => {
      const member = await access(request, request.params.orgId, "club.view");
      return myNight(db, member.organizationId, request.params.sessionId, member.userId);
    });

    app.get(
      "/api/orgs/:orgId/sessions/:sessionId/record.csv",
      {
        schema: {
          tags,
          summary: "The session's attendance and payments as CSV",
          params: sessionParams,
        },
      },
      async (request, reply) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        const record = await sessionRecord(db, member.organizationId, request.params.sessionId);
        const session = { name: record.session.name, startsAt: new Date(record.session.startsAt) };
        return reply
          .type(csvType)
          .header("content-disposition", `attachment; filename="session-${record.session.id}.csv"`)
          .send(attendanceCsv([{ session, attendees: record.attendees }], record.timeZone));
      },
    );

    app.get(
      "/api/orgs/:orgId/sessions/export.csv",
      {
        schema: {
          tags,
          summary: "Attendance and payments of every session that started in a month (club time), as CSV",
          params: orgParams,
          querystring: recordMonthQuery,
        },
      },
      async (request, reply) => {
        const member = await access(request, request.params.orgId, "sessions.manage");
        const timeZone = await clubTimeZone(db, member.organizationId);
        const [year, month] = request.query.month.split("-").map(Number) as [number, number];
        const start = (y: number, m: number) =>
          instantOf({ year: y, month: m, day: 1, hour: 0, minute: 0 }, timeZone);
        const from = start(year, month);
        const to = month === 12 ? start(year + 1, 1) : start(year, month + 1);
        return reply
          .type(csvType)
          .header("content-disposition", `attachment; filename="sessions-${request.query.month}.csv"`)
          .send(await monthCsv(db, member.organizationId, timeZone, from, to));
      },
    );
  };
}
