// Registers a route from its shared definition (shared/contracts/endpoint.ts): the method, the
// path, the schemas that check its input and write its answer, what the OpenAPI document says
// of it (operationId, summary, error codes, whether it is open to visitors), and who may call
// it all come from the one definition. serve() enforces the definition's access before the
// handler runs and hands the handler who is calling (request.user, or request.club with the
// caller's role), so no handler checks access again. The handler returns the success body;
// the status is the definition's.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Endpoint, EndpointParsed } from "../../../shared/contracts/endpoint.js";
import type { Capability } from "../../../shared/domain/capabilities.js";
import type { Role } from "../../../shared/domain/roles.js";
import type { CurrentUser } from "../auth/current-user.js";

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A member of the path's club who may do what the endpoint's access names. */
export type ClubCaller = { organizationId: string; userId: string; role: Role };

/**
 * How serve() learns who is calling; the app gives it (app.decorate("callers", ...)) because
 * what a role may do in a club is the members feature's to say, and platform code never
 * imports a feature.
 */
export type Callers = {
  /** The signed-in person, or 401. */
  user(request: FastifyRequest): Promise<CurrentUser>;
  /** A member of the club who may do this, or 401 (signed out), 404 (not a member), 403. */
  club(request: FastifyRequest, organizationId: string, capability: Capability): Promise<ClubCaller>;
};

/** Who is calling, as the endpoint's access resolves it. */
type CallerOf<E extends Endpoint> = E["access"] extends { club: Capability }
  ? { club: ClubCaller }
  : E["access"] extends "signed-in"
    ? { user: CurrentUser }
    : unknown;

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParsed<E, "params">;
  Querystring: EndpointParsed<E, "query">;
  Body: EndpointParsed<E, "body">;
}> &
  CallerOf<E>;

/** What a handler returns: the success body as the answer's schema takes it, a file's text, or nothing. */
export type EndpointResult<E extends Endpoint> = E["success"]["body"] extends z.ZodType
  ? z.input<E["success"]["body"]>
  : E["success"] extends { file: string }
    ? string
    : // biome-ignore lint/suspicious/noConfusingVoidType: a handler with no body to answer returns nothing, and an async function that returns nothing is a Promise<void>
      void;

declare module "fastify" {
  interface FastifyInstance {
    callers: Callers;
  }
  interface FastifyContextConfig {
    /** The shared definition the route was served from (serve), for the checks that hold the two together. */
    endpoint?: Endpoint;
  }
}

export function serve<E extends Endpoint>(
  app: App,
  definition: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResult<E>>,
): void {
  const { success, access } = definition;
  const { callers } = app;
  // Checked once, when the route is registered, not on every request.
  if (typeof access === "object" && !definition.path.includes("/:orgId"))
    throw new Error(`${definition.operationId}: a club's route names :orgId`);
  app.route({
    method: definition.method,
    url: definition.path,
    config: { endpoint: definition },
    schema: {
      operationId: definition.operationId,
      summary: definition.summary,
      tags: [...definition.tags],
      ...(definition.params ? { params: definition.params } : {}),
      ...(definition.query ? { querystring: definition.query } : {}),
      ...(definition.body ? { body: definition.body } : {}),
      ...(success.body ? { response: { [success.status]: success.body } } : {}),
      ...(!success.body && (success.status === 201 || success.status === 202)
        ? { answersEmpty: success.status }
        : {}),
      ...(definition.errors ? { errors: definition.errors } : {}),
      ...(definition.access === "public" ? { security: [] } : {}),
    },
    handler: async (request, reply) => {
      // After validation, as before: a member with a malformed body hears what is wrong with it.
      if (typeof access === "object") {
        const { orgId } = request.params as { orgId: string };
        (request as { club?: ClubCaller }).club = await callers.club(request, orgId, access.club);
      } else if (access === "signed-in") {
        (request as { user?: CurrentUser }).user = await callers.user(request);
      }
      const body = await handler(request as unknown as EndpointRequest<E>, reply);
      if (success.file) return reply.status(success.status).type(success.file).send(body);
      return reply.status(success.status).send(success.body ? body : undefined);
    },
  });
}
