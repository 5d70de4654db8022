// The security headers every answer carries (CSP, HSTS, frame and referrer policy...).
//
// helmet decides them, but through @fastify/helmet it re-parses its options and rebuilds its
// middleware on every request: about 3% of a signed-in read's CPU for headers that never change
// (decision 011). So helmet is asked once, at start, against a stand-in response, and its
// answer is set on every reply from then on.
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "https:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'", "ws:", "wss:"],
      upgradeInsecureRequests: null,
    },
  },
};

/** What helmet sets with these options, as a header map. */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous: it has set everything when it calls next().
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export function addSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders();
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });
}
