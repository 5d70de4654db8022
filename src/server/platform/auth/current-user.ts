// Resolves the signed-in user of a request from its session cookie.

import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import { unauthorized } from "../errors/app-error.js";
import type { Auth } from "./auth.js";

export type CurrentUser = { id: string; email: string; name: string };

export async function currentUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

export async function requireUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized();
  return user;
}
