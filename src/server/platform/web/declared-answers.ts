// Every status a route answers is one its definition declares (and so its OpenAPI entry
// lists): outside production each error answer of a route served from a definition is held
// against answersOf, and one it does not declare is recorded and logged. The integration
// tests fail on any recorded (test/guard-setup.ts), so every test of the suite is a status
// conformance check, not only the authorization matrix's callers (which never met the 409s
// of completing or cancelling a session, or of checking in).
import type { FastifyInstance } from "fastify";
import { answersOf } from "./openapi.js";

type Method = Parameters<typeof answersOf>[0]["methods"][number];

/** "POST /api/orgs/:orgId/sessions/:sessionId/complete answered 409 (SESSION_CLOSED)", as met. */
export const undeclaredAnswers: string[] = [];

export function checkDeclaredAnswers(app: FastifyInstance): void {
  const declaredOf = new Map<string, Set<number>>();
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400 || !request.routeOptions.config?.endpoint) return payload;
    const url = request.routeOptions.url ?? "";
    const method = request.method as Method;
    const key = `${method} ${url}`;
    let declared = declaredOf.get(key);
    if (!declared) {
      const schema = (request.routeOptions.schema ?? {}) as Parameters<typeof answersOf>[0]["schema"];
      declared = new Set(answersOf({ url, methods: [method], schema }));
      declaredOf.set(key, declared);
    }
    if (!declared.has(reply.statusCode)) {
      const code = typeof payload === "string" ? /"code":"([A-Z_]+)"/.exec(payload)?.[1] : undefined;
      const answer = `${key} answered ${reply.statusCode}${code ? ` (${code})` : ""}`;
      undeclaredAnswers.push(answer);
      request.log.error(`${answer}, which its definition does not declare: add the code to its errors`);
    }
    return payload;
  });
}
