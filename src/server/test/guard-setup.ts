// A test fails on an unexpected console.error, on a route's answer its definition does not
// declare, and on any outbound network call: every connection a test makes stays on this machine.
import net from "node:net";
import { afterEach, beforeEach, vi } from "vitest";
import { undeclaredAnswers } from "../platform/web/declared-answers.js";

const loopback = /^(127\.|::1$|localhost$)/;
const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as { host?: string; path?: string } | number | string;
  const host =
    typeof first === "object" && first !== null
      ? first.host
      : typeof args[1] === "string"
        ? args[1]
        : undefined;
  const isSocketPath = typeof first === "object" && first !== null && typeof first.path === "string";
  if (!isSocketPath && host && !loopback.test(host)) {
    throw new Error(`Test tried to reach ${host}: tests may only talk to this machine.`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0)
    throw new Error(`Unexpected console.error: ${errors.map((e) => e.join(" ")).join("\n")}`);
  // An answer the route's definition does not declare (platform/web/declared-answers.ts).
  const undeclared = undeclaredAnswers.splice(0);
  if (undeclared.length > 0)
    throw new Error(
      `Answered a status its definition does not declare:\n${[...new Set(undeclared)].join("\n")}`,
    );
});
