import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logDestination, REDACTED, redactText, redactUrl } from "./logger.js";

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger("info", destination), text: () => lines.join("") };
}

const token = "Zk3Jq8xP1mN4vB7cT2wR9yL5sD6gH0aE";

describe("redaction", () => {
  it("hides query values and token-like path segments, keeps ids readable", () => {
    expect(redactUrl(`/api/auth/verify-email?token=${token}&callbackURL=%2Fonboarding`)).toBe(
      `/api/auth/verify-email?token=${REDACTED}&callbackURL=${REDACTED}`,
    );
    expect(redactUrl(`/api/display/${token}/board`)).toBe(`/api/display/${REDACTED}/board`);
    const id = "0573dddf-dbf9-4412-8330-3433a3bfa92a";
    expect(redactUrl(`/api/orgs/${id}/sessions`)).toBe(`/api/orgs/${id}/sessions`);
  });

  it("cuts SQL parameters and mailed links out of messages", () => {
    const message = `Failed query: select * from "auth_sessions" where "token" = $1\nparams: ${token}`;
    expect(redactText(message)).not.toContain(token);
    expect(redactText(`open http://localhost:3000/reset-password/${token}?callbackURL=/auth`)).toBe(
      `open http://localhost:3000/reset-password/${REDACTED}?callbackURL=${REDACTED}`,
    );
  });

  it("never writes a cookie, a password, a token or SQL parameters to the log", () => {
    const { log, text } = capture();
    log.info(
      { req: { method: "GET", url: `/invite/${token}`, headers: { cookie: `s=${token}` } } },
      "request",
    );
    log.info({ body: { email: "a@b.example", password: "hunter2-secret", token } }, "body");
    const error = Object.assign(new Error(`Failed query: select 1\nparams: ${token}`), {
      params: [token],
      cause: new Error(`at http://localhost:3000/api/auth/reset-password/${token}`),
    });
    log.error({ err: error }, "failure");
    log.info(`mail link http://localhost:3000/api/auth/verify-email?token=${token}`);
    const written = text();
    expect(written).not.toContain(token);
    expect(written).not.toContain("hunter2-secret");
    expect(written).toContain("a@b.example");
    expect(written).toContain("Failed query: select 1");
  });
});

describe("redaction of errors, by construction", () => {
  const totpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

  it("redacts every string an error carries, however deep, wherever it sits", () => {
    const { log, text } = capture();
    // better-auth's APIError: the failed statement with its parameters nested in `body`.
    const apiError = Object.assign(new Error("Failed to get session"), {
      status: "INTERNAL_SERVER_ERROR",
      body: {
        message: `Failed query: select * from "auth_sessions" where "token" = $1\nparams: ${token}`,
        stack: `Error: Failed query\nparams: ${token},2026-11-26`,
        details: { value: `token ${token} and secret ${totpSecret}`, list: [[`${token}`]] },
      },
      cause: Object.assign(new Error("canceling statement due to statement timeout"), {
        code: "57014",
        query: `select ${token}`,
        parameters: [token],
      }),
    });
    log.warn({ err: apiError }, "database unavailable");
    const written = text();
    for (const secret of [token, totpSecret]) expect(written).not.toContain(secret);
    expect(written).toContain("Failed to get session");
    expect(written).toContain("canceling statement due to statement timeout");
    expect(written).toContain("57014");
  });

  it("keeps stack traces, SQL words, ids and Stripe's object ids readable", () => {
    const id = "0573dddf-dbf9-4412-8330-3433a3bfa92a";
    const text = `at processTicksAndRejections (node:internal/process/task_queues:95:5) idle_in_transaction_session_timeout ${id} pi_3NxYz9AbCdEfGhIjKlMn 0016_totp_last_used_step`;
    expect(redactText(text)).toBe(text);
  });

  it("hides a random token even with no digit in it", () => {
    const lettersOnly = "QwErTyUiOpAsDfGhJkLzXcVbNm";
    expect(redactText(`token ${lettersOnly} here`)).toBe(`token ${REDACTED} here`);
  });

  it("writes a buffer on an error as its size", () => {
    const { log, text } = capture();
    log.error({ err: Object.assign(new Error("bytes"), { payload: Buffer.alloc(5000) }) }, "with bytes");
    expect(text()).toContain("[5000 bytes]");
    expect(text().length).toBeLessThan(4000);
  });

  it("survives a circular error", () => {
    const { log, text } = capture();
    const error = new Error(`loop ${token}`) as Error & { self?: unknown };
    error.self = { again: error };
    log.error({ err: error }, "circular");
    expect(text()).not.toContain(token);
    expect(text()).toContain("circular");
  });
});

describe("log format", () => {
  function prettyCapture() {
    const lines: string[] = [];
    const output = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    return { log: createLogger("info", logDestination("pretty", output)), text: () => lines.join("") };
  }

  it("prints readable lines for people, with a mailbox link on its own line, still redacted", () => {
    const { log, text } = prettyCapture();
    log.info('mail to a@example.com: "Confirm"; open it at\n  http://localhost:3000/dev/mailbox');
    log.info(
      { password: "hunter2-hunter2", req: { method: "GET", url: `/api/display/${token}/board` } },
      "incoming request",
    );
    const printed = text();
    expect(printed).not.toMatch(/^\{/m);
    expect(printed).toMatch(
      /INFO.*mail to a@example\.com: "Confirm"; open it at\n\s+http:\/\/localhost:3000\/dev\/mailbox/,
    );
    expect(printed).toContain(`GET /api/display/${REDACTED}/board`);
    expect(printed).not.toContain("hunter2");
    expect(printed).not.toContain(token);
  });

  it("stays JSON when asked, or when nobody is watching", () => {
    expect(logDestination("json")).toBeUndefined();
    const notATerminal = Object.assign(new Writable({ write: (_c, _e, done) => done() }), { isTTY: false });
    expect(logDestination(undefined, notATerminal)).toBeUndefined();
    const { log, text } = capture();
    log.info("hello");
    expect(JSON.parse(text())).toMatchObject({ msg: "hello", level: 30 });
  });
});
