// The one way the client talks to the API. Errors come back as ApiError with the server's
// code, message and field issues; a 401 tells the auth provider the session has ended.
import type { ErrorBody } from "../../shared/contracts/common.js";
import {
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  pathOf,
  queryOf,
} from "../../shared/contracts/endpoint.js";
import type { ErrorCode } from "../../shared/domain/error-codes.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: NonNullable<ErrorBody["error"]["issues"]> = [],
  ) {
    super(message);
  }

  /** Branch on the shared catalogue's codes (type-checked), never on a message's wording. */
  is(code: ErrorCode | BetterAuthCode): boolean {
    return this.code === code;
  }
}

/** better-auth's own codes that the client answers specially. */
type BetterAuthCode = "INVALID_TOKEN" | "EMAIL_NOT_VERIFIED" | "INVALID_CODE" | "INVALID_BACKUP_CODE";

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Called when any request answers 401: the session is gone. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Calls an endpoint by its shared definition (shared/contracts/endpoint.ts): the path is built
 * from its parameters, and the answer is read through the definition's schema, so what the
 * caller gets is what the contract says or an error, never a guess.
 */
export async function call<E extends Endpoint>(
  definition: E,
  ...[input]: Record<string, never> extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>]
): Promise<EndpointAnswer<E>> {
  const url = pathOf(definition, input?.params ?? {}) + queryOf(input?.query);
  const data = await send(url, { method: definition.method, body: input?.body });
  const answer = definition.success.body ? definition.success.body.parse(data) : null;
  // The schema's output is the answer's type; TypeScript cannot follow a generic schema there.
  return answer as EndpointAnswer<E>;
}

async function send(path: string, init: { method?: string; body?: unknown }): Promise<unknown> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    credentials: "same-origin",
    headers: init.body === undefined ? {} : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith("/api/auth/")) {
      for (const listener of sessionEndedListeners) listener();
    }
    const error = (data as ErrorBody | null)?.error;
    // better-auth's own errors are { code, message } at the top level.
    const flat = data as { code?: string; message?: string } | null;
    throw new ApiError(
      response.status,
      error?.code ?? flat?.code ?? "ERROR",
      error?.message ?? flat?.message ?? response.statusText,
      error?.issues ?? [],
    );
  }
  return data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
