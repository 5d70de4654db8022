// Resolves the signed-in user of a request from its session cookie.
//
// Asking better-auth costs two queries and its whole endpoint machinery (much of a
// signed-in read's CPU), and every page asks several times a second. So each instance keeps
// what better-auth answered for a session cookie for SESSION_CACHE_MS (decision 011):
//   - the key is the whole signed cookie value, so only a cookie better-auth accepted can hit;
//   - sign-out, sign out everywhere, a password change or reset, and a second factor turned
//     on or off forget the entries on the instance that handled them at once (routes.ts);
//   - on other instances a session that ended stays usable for at most SESSION_CACHE_MS;
//   - membership and roles are never cached: a removed member loses club data at once.
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import { unauthorized } from "../errors/app-error.js";
import { KeptPromises } from "../memo/kept-promises.js";
import { onePerOwner } from "../memo/one-per-owner.js";
import type { Auth } from "./auth.js";

export type CurrentUser = { id: string; email: string; name: string };

export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 20_000;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

class SessionCache {
  private readonly kept = new KeptPromises<CurrentUser | null>(MAX_ENTRIES);

  /** Who the cookie `token` signs in; concurrent requests with one cookie share one look-up. */
  user(token: string, now: number, lookUp: () => Promise<CurrentUser | null>): Promise<CurrentUser | null> {
    // Nobody signed in, or an outage, is not remembered: the next request asks again.
    return this.kept.read(token, now, now + SESSION_CACHE_MS, lookUp, null, (user) => user !== null);
  }

  forget(token: string): void {
    this.kept.forget(token);
  }

  async forgetUser(userId: string): Promise<void> {
    const tokens: string[] = [];
    for (const [token, entry] of this.kept.kept()) {
      const user = await entry.value.catch(() => null);
      if (!user || user.id === userId) tokens.push(token);
    }
    for (const token of tokens) this.kept.forget(token);
  }

  clear(): void {
    this.kept.clear();
  }
}

/** This instance's remembered sessions for the app whose better-auth this is. */
export const sessionCache = onePerOwner((_auth: Auth) => new SessionCache());

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return request.headers.cookie?.match(SESSION_COOKIE)?.[1];
}

export async function currentUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const token = sessionCookieOf(request);
  // No session cookie, no session: a visitor costs nothing.
  if (!token) return null;
  const now = Date.now();
  return sessionCache(auth).user(token, now, () => lookUp(auth, request, now));
}

async function lookUp(auth: Auth, request: FastifyRequest, now: number): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session || new Date(session.session.expiresAt).getTime() <= now) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized();
  return user;
}
