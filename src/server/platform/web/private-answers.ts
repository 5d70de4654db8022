// The API's answers are one person's data more often than not (a member list, a session with
// its registrations, the signed-in account), and a cache that keeps one may hand it to someone
// else, or leave it on a shared computer's disk after sign-out. So every JSON answer, and every
// answer under /api, says `private, no-store`, unless its route chose its own Cache-Control (the
// calendar feed, the client's hashed files, the icon): a route's explicit choice wins.
import type { FastifyInstance } from "fastify";

export const NOT_STORED = "private, no-store";

const json = /^application\/([\w.+-]+\+)?json\b/i;

export function keepAnswersPrivate(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (reply.hasHeader("cache-control")) return;
    const type = String(reply.getHeader("content-type") ?? "");
    if (json.test(type) || request.url.startsWith("/api/")) reply.header("cache-control", NOT_STORED);
  });
}
