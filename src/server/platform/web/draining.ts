// Stopping without cutting anyone off. Node's server.close() stops accepting and, in the same
// call, destroys every idle keep-alive socket; a client that was writing its next request on
// one of them at that moment gets ECONNRESET for a request it did send (7 of 50 in a review).
// So a stop drains first: the listener closes alone, every answer from then on says
// `Connection: close`, and a request that arrives on an open connection gets our 503 with
// Retry-After (it may be retried elsewhere, nothing ran). Busy clients are told to hang up by
// the answers themselves; only the connections still open after the drain period are closed,
// by app.close(). See docs/decisions/006-hardening.md.
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors/app-error.js";

/** Seconds a client is asked to wait before trying again: a restart takes about that long. */
const RETRY_AFTER_SECONDS = 5;

type DrainState = {
  stopping: boolean;
  /** Open sockets that speak HTTP (a WebSocket's is taken out when it asks to upgrade). */
  connections: Set<net.Socket>;
  onEmpty?: () => void;
};

// Kept by the app's HTTP server rather than decorated on the app: only the process entry
// drains, tests just close, and every plugin scope of an app shares its one server.
const states = new WeakMap<object, DrainState>();

/** Whether the app serving `request.server` (any of its plugin scopes) has begun to stop. */
export function isStopping(app: FastifyInstance): boolean {
  return states.get(app.server)?.stopping ?? false;
}

/**
 * Registers the hooks a stop relies on. Call it after the hooks that set headers on every
 * answer, so the 503s carry them too. app.close() alone answers the same 503s (Fastify's own
 * 503, off in app.ts, has not our envelope), without the drain period.
 */
export function drainBeforeClosing(app: FastifyInstance): void {
  const state: DrainState = { stopping: false, connections: new Set() };
  states.set(app.server, state);

  app.server.on("connection", (socket: net.Socket) => {
    state.connections.add(socket);
    socket.once("close", () => forget(state, socket));
  });
  app.addHook("onRequest", async (request) => {
    // A viewer's WebSocket stays open until app.close() tells it to reconnect: not a
    // connection the drain waits for.
    if (request.headers.upgrade !== undefined) forget(state, request.raw.socket);
    if (state.stopping)
      throw new AppError("UNAVAILABLE", "Courtside is restarting. Please try again in a moment.", {
        headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
      });
  });
  // Requests already running when the stop began finish normally, and end their connection.
  app.addHook("onSend", async (_request, reply) => {
    if (state.stopping) reply.header("connection", "close");
  });
  app.addHook("preClose", (done) => {
    state.stopping = true;
    done();
  });
}

function forget(state: DrainState, socket: net.Socket) {
  if (state.connections.delete(socket) && state.connections.size === 0) state.onEmpty?.();
}

/**
 * Stops accepting connections and answers on the open ones as above, until each has been
 * closed (by its client, after an answer that said so) or `periodMs` has passed. Then call
 * app.close(): it closes the idle connections left and waits for the requests still running.
 * Says which ended it: every connection closed ("emptied"), or the period.
 */
export async function drainConnections(
  app: FastifyInstance,
  periodMs: number,
): Promise<"emptied" | "period ended"> {
  const state = states.get(app.server);
  if (!state) throw new Error("drainConnections: drainBeforeClosing was not registered on this app");
  state.stopping = true;
  if (!app.server.listening) return "emptied";
  // net.Server's close, not http.Server's: the same refusal of new connections, without
  // destroying the idle keep-alive sockets now (app.close() does that after the drain).
  net.Server.prototype.close.call(app.server);
  if (state.connections.size === 0) return "emptied";
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve("period ended"), periodMs);
    state.onEmpty = () => {
      clearTimeout(timer);
      resolve("emptied");
    };
  });
}
