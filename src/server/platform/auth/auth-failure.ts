// better-auth answers some of its own errors with a 500 response (it catches the database's
// error, logs it and throws its own), with no way to tell a bug from the database being away.
// While it handles one of our requests, the error it logged is kept here (per request, through
// async context), so the route can answer 503 for an outage.
import { AsyncLocalStorage } from "node:async_hooks";

export type AuthFailure = { error?: unknown };

export const authFailure = new AsyncLocalStorage<AuthFailure>();
