// The courts feature's one entry (feature.ts, decision 022): the court board and its actions,
// check-in and the session's start and end, the night's record, the TV's links, the live
// board's WebSocket, and the board's jobs.
import websocket from "@fastify/websocket";
import type { Feature } from "../../feature.js";
import { answerSocketError } from "../../platform/realtime/socket-errors.js";
import { attendanceRoutes } from "./attendance-routes.js";
import { displayRoutes } from "./display-routes.js";
import { registerCourtJobs } from "./jobs.js";
import { registerLiveRoutes } from "./live-routes.js";
import { recordRoutes } from "./record-routes.js";
import { courtRoutes } from "./routes.js";

/** The WebSocket close code for "the server is restarting: reconnect shortly" (RFC 6455 registry). */
const SERVICE_RESTART = 1012;

export const courtsFeature: Feature = {
  name: "courts",
  register: async (app, deps, options) => {
    await app.register(courtRoutes(deps));
    await app.register(attendanceRoutes(deps));
    await app.register(recordRoutes(deps));
    await app.register(displayRoutes(deps));
    // Runs before the plugin's own closing hook, so viewers hear "restarting", not a bare close.
    app.addHook("preClose", function tellViewersToReconnect(done) {
      for (const client of this.websocketServer?.clients ?? [])
        client.close(SERVICE_RESTART, "Server restarting");
      done();
    });
    // Viewers send nothing but pongs and closes: a larger frame is closed with 1009.
    await app.register(websocket, { options: { maxPayload: 4096 }, errorHandler: answerSocketError });
    await app.register(async (live) => registerLiveRoutes(live, deps, options.socketLimits));
    await registerCourtJobs(deps);
  },
};
