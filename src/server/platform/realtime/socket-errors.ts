// What an error on an open WebSocket means. A frame the server refuses (over maxPayload, a
// broken frame) is the client's doing: `ws` has already closed the socket with the matching
// code (1009 "too big", 1002 "protocol error"), and it is logged as a client error is, not as
// ours. Anything else is a bug of ours: logged as an error, and the socket dropped.
import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";

const refusedFrame = (error: Error) => String((error as { code?: unknown }).code).startsWith("WS_ERR_");

export function answerSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (refusedFrame(error)) {
    request.log.info({ err: error }, "websocket closed: the client sent a frame it may not send");
    return;
  }
  request.log.error(error);
  socket.terminate();
}
