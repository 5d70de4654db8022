// The real server as a child process (src/server/main.ts under tsx), for what only a process
// shows: signals, exit codes, a kill -9. Every wait is bounded.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { freePort } from "../platform/net/free-port.js";
import { serverCommand } from "./compiled-server.js";

const root = path.resolve(import.meta.dirname, "../../..");

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far, for failure messages. */
  output: () => string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<number | string>;
};

/** Starts the server process without waiting for it to answer (it may be meant to fail). */
export function spawnServerProcess(env: Record<string, string>, port: number): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { url, child, output: () => output, exited };
}

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await answering(spawnServerProcess(env, await freePort()), deadline, timeoutMs);
    } catch (error) {
      // freePort's port is free when asked, not when the child listens: another test file running
      // alongside took it once (EADDRINUSE). A fresh port then, twice at most.
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function answering(server: ServerProcess, deadline: number, timeoutMs: number): Promise<ServerProcess> {
  const { url, child, output, exited } = server;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (true) {
    if (ended) {
      const message = `the server exited before answering:\n${output()}`;
      throw output().includes("EADDRINUSE") ? new PortTaken(message) : new Error(message);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
