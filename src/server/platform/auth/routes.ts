// Mounts better-auth under /api/auth. Before it sees a request, the bodies of the account
// forms are checked with the shared schemas and the rate limits are counted.

import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  resetPasswordBody,
  resetRequestBody,
  signInBody,
  signUpBody,
} from "../../../shared/contracts/auth.js";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { users } from "../../db/schema.js";
import { AppError } from "../errors/app-error.js";
import type { Auth } from "./auth.js";
import { consume, type Limit } from "./rate-limit.js";

const MINUTE = 60;

type Guard = {
  schema: z.ZodType<object>;
  limits: (ip: string, email: string | undefined) => Limit[];
};

const perAddress = (name: string, ip: string, max: number, windowSeconds = 15 * MINUTE): Limit => ({
  key: `${name}:ip:${ip}`,
  max,
  windowSeconds,
});
const perAccount = (
  name: string,
  email: string | undefined,
  max: number,
  windowSeconds = 15 * MINUTE,
): Limit[] => (email ? [{ key: `${name}:email:${email.toLowerCase()}`, max, windowSeconds }] : []);

export const guards: Record<string, Guard> = {
  "/api/auth/sign-up/email": {
    schema: signUpBody,
    limits: (ip, email) => [perAddress("sign-up", ip, 20), ...perAccount("sign-up", email, 5)],
  },
  "/api/auth/sign-in/email": {
    schema: signInBody,
    limits: (ip, email) => [perAddress("sign-in", ip, 50), ...perAccount("sign-in", email, 10)],
  },
  "/api/auth/request-password-reset": {
    schema: resetRequestBody,
    limits: (ip, email) => [perAddress("reset", ip, 20), ...perAccount("reset", email, 5)],
  },
  "/api/auth/reset-password": {
    schema: resetPasswordBody,
    limits: (ip) => [perAddress("reset-password", ip, 20)],
  },
};

export function registerAuthRoutes(app: FastifyInstance, auth: Auth, db: Db): void {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.split("?")[0] ?? "";
      const guard = request.method === "POST" ? guards[path] : undefined;
      if (guard) {
        const parsed = guard.schema.safeParse(request.body ?? {});
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
          throw new AppError(400, "VALIDATION_ERROR", issues[0]?.message ?? "Invalid request", { issues });
        }
        const email = "email" in parsed.data ? String(parsed.data.email) : undefined;
        await consume(db, guard.limits(request.ip, email));
        if (path === "/api/auth/sign-up/email" && email) await refuseExistingEmail(db, email);
      }
      const response = await auth.handler(toFetchRequest(request));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

// SPEC §8 tells a newcomer plainly that the address is taken ('Account exists'), so sign-up
// answers that instead of better-auth's silent success; the rate limits above keep this
// from becoming a cheap way to test addresses.
async function refuseExistingEmail(db: Db, email: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (existing) throw new AppError(422, "USER_ALREADY_EXISTS", messages.toasts.accountExistsBody);
}

function toFetchRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `http://${request.headers.host ?? "localhost"}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: fromNodeHeaders(request.headers),
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}
