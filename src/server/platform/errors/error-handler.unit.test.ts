import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "./error-handler.js";

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get("/boom", async () => {
    throw error;
  });
  return app.inject({ method: "GET", url: "/boom" });
}

describe("error handler", () => {
  it("answers 503 with Retry-After while the database restarts", async () => {
    const cause = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const response = await appThrowing(Object.assign(new Error("Failed query"), { cause }));
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json().error.code).toBe("UNAVAILABLE");
  });

  it("answers 503 when PostgreSQL broke a deadlock by ending the request's transaction", async () => {
    const cause = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    const response = await appThrowing(Object.assign(new Error("Failed query"), { cause }));
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
  });

  it("answers 500 with a request id and no internals for anything unexpected", async () => {
    const response = await appThrowing(new Error("secret table name in here"));
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("secret");
    expect(response.json().error.requestId).toBeTruthy();
  });
});
