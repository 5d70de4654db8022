// The one way the client talks to the API. Errors come back as ApiError with the server's
// code, message and field issues; a 401 tells the auth provider the session has ended.
import type { ErrorBody } from "../../shared/contracts/common.js";
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

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
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
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
