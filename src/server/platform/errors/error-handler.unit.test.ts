import { Writable } from "node:stream";
import Fastify, { type FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logging/logger.js";
import { drainBeforeClosing } from "../web/draining.js";
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

  it("logs the database going away as one line without a stack trace, and not at all while the app stops", async () => {
    const lines: Array<{ level: number; msg: string; err?: unknown }> = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, disableRequestLogging: true });
    registerErrorHandler(app);
    drainBeforeClosing(app);
    const gone = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    // In a plugin scope, as every feature's routes are.
    await app.register(async (scope) => {
      scope.get("/boom", async () => {
        throw Object.assign(new Error("Failed query"), { cause: gone });
      });
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get("/held", async () => {
      await held;
      throw Object.assign(new Error("Failed query"), { cause: gone });
    });

    expect((await app.inject({ method: "GET", url: "/boom" })).statusCode).toBe(503);
    const warnings = lines.filter((line) => line.msg.startsWith("database unavailable"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, msg: "database unavailable (57P01)" });
    expect(warnings[0]!.err).toBeUndefined();

    // A request in flight when the stop begins, failing as PostgreSQL stops with the app.
    const inFlight = app.inject({ method: "GET", url: "/held" });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect((await inFlight).statusCode).toBe(503);
    await closing;
    expect(lines.filter((line) => line.msg.startsWith("database unavailable"))).toHaveLength(1);
  });
});
