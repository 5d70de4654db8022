// Production refuses the stand-ins nobody chose (sandbox payments, the local mailbox), says a
// configuration mistake in one sentence, and, on the stand-ins its operator chose, tells every
// page. The server runs as a process, as an operator starts it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "./platform/net/free-port.js";
import { admin, withDatabase } from "./test/global-setup.js";
import { createTestApp, type TestApp } from "./test/harness.js";
import { liveStripeEnv } from "./test/live-stripe-env.js";
import { type ServerProcess, spawnServerProcess, startServerProcess } from "./test/server-process.js";

const running: ServerProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-production-"));
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the server until it exits (it is expected to refuse to start) and gives what it printed. */
async function refusal(env: Record<string, string>) {
  const server = spawnServerProcess({ DATA_DIR: dataDir, ...env }, await freePort());
  running.push(server);
  const code = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve("still running"), 30_000)),
  ]);
  return { code, output: server.output() };
}

/** One sentence of ours, and no stack trace. */
const expectOneSentence = (output: string) => {
  expect(output).toMatch(/^Courtside could not start: /m);
  expect(output).not.toMatch(/^\s+at /m);
};

describe("production and the local stand-ins", () => {
  it("refuses to start without payment keys or SMTP, naming what to set", async () => {
    const { code, output } = await refusal({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
    });
    expect(code, output).toBe(1);
    expectOneSentence(output);
    expect(output).toContain("payments need STRIPE_SECRET_KEY");
    expect(output).toContain("PAYMENTS=sandbox");
    expect(output).toContain("mail needs SMTP_URL");
    expect(output).toContain("MAIL=mailbox");
  }, 40_000);

  it("refuses the tests' private push addresses in production", async () => {
    const { code, output } = await refusal({
      NODE_ENV: "production",
      PAYMENTS: "sandbox",
      MAIL: "mailbox",
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
    });
    expect(code, output).toBe(1);
    expectOneSentence(output);
    expect(output).toContain("PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests only");
  }, 40_000);

  it("says a Stripe key with an http APP_URL in one sentence, not a stack trace", async () => {
    const { code, output } = await refusal({ ...liveStripeEnv, APP_URL: "http://club.example.com" });
    expect(code, output).toBe(1);
    expectOneSentence(output);
    expect(output).toContain("APP_URL must be an https address");
  }, 40_000);

  it("starts on the stand-ins its operator chose, and says so in its log", async () => {
    const { serverUrl, template } = inject("testDatabase");
    const name = `t_${process.pid}_standins`;
    await admin(serverUrl, async (client) => {
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name} template ${template}`);
    });
    const server = await startServerProcess({
      NODE_ENV: "production",
      PAYMENTS: "sandbox",
      MAIL: "mailbox",
      DATABASE_URL: withDatabase(serverUrl, name),
      DATA_DIR: dataDir,
    });
    running.push(server);
    try {
      expect(server.output()).toContain(
        "Trial server: payments are a sandbox, no money moves; mail is kept on the server, not sent.",
      );
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      await admin(serverUrl, async (client) => {
        await client.query(`drop database if exists ${name} with (force)`);
      });
    }
  }, 90_000);
});

describe("every page of a production server on the sandbox", () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), "courtside-stand-in-page-"));
    const source = path.resolve(import.meta.dirname, "../web/index.html");
    writeFileSync(path.join(webRoot, "index.html"), readFileSync(source));
    t = await createTestApp({ webRoot, env: { NODE_ENV: "production", PAYMENTS: "sandbox" } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("opens with the notice that no money moves", async () => {
    for (const url of ["/dashboard", "/sessions", "/no-such-page"]) {
      const page = await t.request({ method: "GET", url });
      const body = page.body.slice(page.body.indexOf("<body"));
      expect(body.indexOf("Trial server: payments are a sandbox, no money moves."), url).toBeGreaterThan(0);
      // Before the app's root, so no page of the app can leave it out.
      expect(body.indexOf("data-stand-in-notice")).toBeLessThan(body.indexOf('id="root"'));
    }
  });
});
