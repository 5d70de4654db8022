// Registers a route from its shared definition (shared/contracts/endpoint.ts): the method, the
// path, the schemas that check its input and write its answer, and what the OpenAPI document
// says of it (operationId, summary, error codes, whether it is open to visitors) all come from
// the one definition. The handler returns the success body; the status is the definition's.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Endpoint, EndpointParsed } from "../../../shared/contracts/endpoint.js";

type App = Parameters<FastifyPluginAsyncZod>[0];

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParsed<E, "params">;
  Querystring: EndpointParsed<E, "query">;
  Body: EndpointParsed<E, "body">;
}>;

/** What a handler returns: the success body as the answer's schema takes it, a file's text, or nothing. */
export type EndpointResult<E extends Endpoint> = E["success"]["body"] extends z.ZodType
  ? z.input<E["success"]["body"]>
  : E["success"] extends { file: string }
    ? string
    : // biome-ignore lint/suspicious/noConfusingVoidType: a handler with no body to answer returns nothing, and an async function that returns nothing is a Promise<void>
      void;

declare module "fastify" {
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
  const { success } = definition;
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
      const body = await handler(request as unknown as EndpointRequest<E>, reply);
      if (success.file) return reply.status(success.status).type(success.file).send(body);
      return reply.status(success.status).send(success.body ? body : undefined);
    },
  });
}
