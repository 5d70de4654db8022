// A route whose definition needs a session (any access but "public": a signed-in person, or a
// club's member, who is signed in first) asks who is calling before it checks what was sent.
// Fastify validates the input before the handler's own requireUser runs, so without this a
// signed-out caller with a bad body heard 400 and the input rules of a route they may not
// call, where 401 (sign in) is due. serve() asks again, after validation, to hand the
// handler its caller: the session cache answers that second question from memory.
import type { FastifyInstance } from "fastify";
import type { Auth } from "./auth.js";
import { requireUser } from "./current-user.js";

export function signInBeforeValidation(app: FastifyInstance, auth: Auth): void {
  // preValidation: after the body is read (a malformed or cross-site body is still refused for
  // what it is), before params, query and body are checked against their schemas.
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config?.endpoint?.access;
    if (access !== undefined && access !== "public") await requireUser(auth, request);
  });
}
