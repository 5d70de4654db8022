// Tests call endpoints the way the client does: by their shared definitions, never by a path
// string, so a changed contract (a path, a parameter, a body's shape, an answer's fields)
// breaks its tests when they compile, not when they run. A success answer is read through the
// definition's own schema; any other status comes back with its error envelope.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  pathOf,
  queryOf,
} from "../../shared/contracts/endpoint.js";
import type { ErrorCode } from "../../shared/domain/error-codes.js";

/** The app's own origin, as the tests' browser is on it. */
export const APP_URL = "http://localhost:3000";

/** A request as a browser on our origin sends it (its Origin, and a cookie when given). */
export async function request(
  app: FastifyInstance,
  opts: InjectOptions & { cookie?: string },
): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = opts;
  return app.inject({
    ...rest,
    headers: { origin: APP_URL, ...(cookie ? { cookie } : {}), ...headers },
  });
}

export type Called<E extends Endpoint> = {
  status: number;
  /** The success answer as its schema reads it; read it after checking `status`. */
  body: EndpointAnswer<E>;
  /** The error envelope of any other answer. */
  error: { code: ErrorCode; message: string; issues?: unknown[] } | undefined;
  /** The raw answer (headers, the text of a file), and every cookie it set as a Cookie header. */
  response: { headers: Record<string, unknown>; text: string; cookies: string };
};

/** The input of a call; endpoints that take nothing may omit it. */
export type CallArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

export type CallOptions = { cookie?: string; headers?: Record<string, string> };

/** Where a definition's call goes: its path with the parameters filled in, and its query. */
export const urlOf = <E extends Endpoint>(definition: E, input?: EndpointInput<E>) =>
  pathOf(definition, input?.params ?? {}) + queryOf(input?.query);

/** Set-Cookie lines (one per cookie) as the Cookie header a browser would send back. */
const cookieHeader = (setCookies: readonly string[]) =>
  setCookies.map((line) => line.split(";")[0]).join("; ");

function answerOf<E extends Endpoint>(
  definition: E,
  status: number,
  text: string,
  headers: Record<string, unknown>,
  setCookies: readonly string[],
) {
  const json = text && /json/.test(String(headers["content-type"] ?? "")) ? JSON.parse(text) : undefined;
  const ok = status === definition.success.status;
  const body = ok && definition.success.body ? definition.success.body.parse(json) : null;
  return {
    status,
    // The schema's output is the answer's type; TypeScript cannot follow a generic schema there.
    body: body as EndpointAnswer<E>,
    error: ok ? undefined : json?.error,
    response: { headers, text, cookies: cookieHeader(setCookies) },
  } satisfies Called<E>;
}

/** Calls `definition` on the app in this process (app.inject), as a browser on our origin. */
export async function callApp<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  ...[input, options]: CallArgs<E>
): Promise<Called<E>> {
  const response: LightMyRequestResponse = await request(app, {
    method: definition.method,
    url: urlOf(definition, input),
    ...(input?.body === undefined ? {} : { payload: input.body as object }),
    cookie: options?.cookie,
    headers: options?.headers,
  });
  const setCookies = [response.headers["set-cookie"] ?? []].flat().map(String);
  return answerOf(definition, response.statusCode, response.body, response.headers, setCookies);
}

/** Calls `definition` over HTTP on a server at `baseUrl` (a child process, a proxy in between). */
export async function callHttp<E extends Endpoint>(
  baseUrl: string,
  definition: E,
  ...[input, options]: CallArgs<E>
): Promise<Called<E>> {
  const response = await fetch(baseUrl + urlOf(definition, input), {
    method: definition.method,
    headers: {
      origin: baseUrl || APP_URL,
      ...(input?.body === undefined ? {} : { "content-type": "application/json" }),
      ...(options?.cookie ? { cookie: options.cookie } : {}),
      ...options?.headers,
    },
    body: input?.body === undefined ? undefined : JSON.stringify(input.body),
  });
  // Object.fromEntries keeps one header of each name: the cookies are read from their own list.
  const headers = Object.fromEntries(response.headers);
  return answerOf(
    definition,
    response.status,
    await response.text(),
    headers,
    response.headers.getSetCookie(),
  );
}
