// The security headers every answer carries (CSP, HSTS, frame and referrer policy...).
//
// helmet decides them, but through @fastify/helmet it re-parses its options and rebuilds its
// middleware on every request: CPU spent on every read for headers that never change
// (decision 011). So helmet is asked once at start, against a stand-in response, for each of
// the two sets an answer can carry (over http, over https), and the request's protocol picks one.
// The plugin could not keep two things either: the router's own refusals (app.ts's
// frameworkErrors) run no hooks, so they would go without these headers, and its options are
// fixed at registration, so HSTS over https only would need helmet rebuilt per request.
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

type Protocol = "http" | "https";

const options = (protocol: Protocol, appHost: string): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "https:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The live board's socket, to our own origin only ('self' covers it only in CSP 3
      // browsers). The host is one of our own (APP_URL's, or on a local install another
      // loopback name for it), never whatever the request's Host header says: that is the
      // client's to write, and an answer naming it, kept by a shared cache, would let another
      // visitor's page talk to any host.
      connectSrc: ["'self'", `${protocol === "https" ? "wss" : "ws"}://${appHost}`],
      upgradeInsecureRequests: null,
    },
  },
  // Over plain http the header means nothing (RFC 6797 §8.1): browsers ignore it, and saying
  // it there claims a promise the answer did not keep.
  strictTransportSecurity: protocol === "https",
});

/** What helmet sets with these options, as a header map. */
export function helmetHeaders(helmetOptions: HelmetOptions): Record<string, string> {
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
  helmet(helmetOptions)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers for a request, by its protocol as Fastify sees it: the socket's, or
 * X-Forwarded-Proto from a proxy TRUST_PROXY trusts.
 */
export function securityHeaders(ownOrigins: string[]): (request: FastifyRequest) => Record<string, string> {
  const hosts = ownOrigins.map((origin) => new URL(origin).host);
  const sets = new Map(
    hosts.map((host) => [
      host,
      { http: helmetHeaders(options("http", host)), https: helmetHeaders(options("https", host)) },
    ]),
  );
  const appSet = sets.get(hosts[0]!)!;
  return (request) => {
    // A Host we do not know gets APP_URL's set: the header only picks among our own.
    const set = sets.get(request.headers.host ?? "") ?? appSet;
    return request.protocol === "https" ? set.https : set.http;
  };
}

export function addSecurityHeaders(
  app: FastifyInstance,
  headersFor: (request: FastifyRequest) => Record<string, string>,
): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headersFor(request));
  });
}
