// Closing waits for every route handler still running, including those whose client has hung
// up. Fastify's close waits for open connections, but a client that leaves mid-request (a
// load balancer's timeout, a phone out of signal) takes its connection with it while the
// handler goes on: without this, the pool was closed under it and its next statement failed,
// after a board action had committed but before its notice went out.
import type { FastifyInstance, RouteHandlerMethod } from "fastify";

export function finishHandlersBeforeClosing(app: FastifyInstance) {
  let running = 0;
  let whenIdle: (() => void) | undefined;
  const finished = () => {
    running--;
    if (running === 0) whenIdle?.();
  };

  app.addHook("onRoute", (route) => {
    const handler = route.handler as RouteHandlerMethod;
    // Not an async wrapper: a handler that answers through reply.send and returns nothing
    // must keep returning nothing, or Fastify would take the undefined as its answer.
    route.handler = function countedHandler(this: FastifyInstance, request, reply) {
      running++;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        finished();
        throw error;
      }
      if (result instanceof Promise) {
        result.then(finished, finished);
      } else {
        finished();
      }
      return result;
    } as RouteHandlerMethod;
  });

  app.addHook("onClose", async () => {
    if (running === 0) return;
    await new Promise<void>((resolve) => {
      whenIdle = resolve;
    });
  });
}
