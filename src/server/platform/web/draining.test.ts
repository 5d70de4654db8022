// The drain before a stop, over real sockets: a request on a kept-alive connection after the
// stop began gets our 503 envelope with Retry-After and `Connection: close` (not Fastify's bare
// 503, not a reset), new connections are refused, and the drain ends once its connections have.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { drainConnections } from "./draining.js";

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reused: boolean;
};

function get(agent: http.Agent, path: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          reused: request.reusedSocket,
        }),
      );
    });
    request.on("error", reject);
  });
}

describe("draining before a stop", () => {
  it("answers 503 with Retry-After and our envelope on an open connection, then lets it go", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(agent, "/api/health");
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe("keep-alive");

      const drained = drainConnections(t.app, 10_000);
      const during = await get(agent, "/api/health");
      expect(during.reused).toBe(true);
      expect(during.status).toBe(503);
      expect(during.headers["retry-after"]).toBe("5");
      expect(during.headers.connection).toBe("close");
      expect(during.headers["cache-control"]).toBe("private, no-store");
      expect(during.headers["x-content-type-options"]).toBe("nosniff");
      expect(JSON.parse(during.body)).toEqual({
        error: { code: "UNAVAILABLE", message: "Courtside is restarting. Please try again in a moment." },
      });

      // The only connection closed after that answer: the drain is over before its period.
      expect(await drained).toBe("emptied");
      // The listener closed when the drain began: a new connection sends nothing.
      await expect(get(agent, "/api/health")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      agent.destroy();
    }
  });

  it("ends at its period when a connection stays idle, which app.close() then closes", async () => {
    const other = await t.secondInstance();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const port = (other.app.server.address() as AddressInfo).port;
      // Answered: the connection is open and idle when the drain begins.
      const socket = await new Promise<Socket>((resolve, reject) => {
        http
          .get(`http://127.0.0.1:${port}/api/health`, { agent }, (response) => {
            const { socket } = response;
            response.resume();
            response.on("end", () => resolve(socket));
          })
          .on("error", reject);
      });
      const socketClosed = new Promise((resolve) => socket.once("close", resolve));

      expect(await drainConnections(other.app, 300)).toBe("period ended");
      await other.app.close();
      await socketClosed;
    } finally {
      agent.destroy();
      await other.close();
    }
  });
});
