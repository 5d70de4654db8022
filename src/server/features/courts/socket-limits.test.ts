// Caps on open WebSockets (platform/realtime/socket-limits.ts), on a real listening server with
// real clients: one past a cap is answered 429 before the upgrade, places come back whenever a
// socket ends, and ordinary requests are answered as usual while sockets sit at the caps.
// Bounded: at most a few hundred sockets in all, every one ended after its test.
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createLogger } from "../../platform/logging/logger.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";

/** Small enough to reach in a test; the app's own is 500. */
const CLUB_CAP = 30;

const logLines: string[] = [];
let t: TestApp;
let base: string;
let orgId: string;
let member: TestUser;
let otherMember: TestUser;
let owner: TestUser;
const live: WebSocket[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // Behind a trusted proxy, X-Forwarded-For names the client: one machine plays many addresses.
  t = await createTestApp({
    env: { TRUST_PROXY: "true" },
    socketLimits: { perClub: CLUB_CAP },
    log: createLogger("info", capture),
  });
  owner = await makeUser(t, "owner@caps.example");
  member = await makeUser(t, "member@caps.example");
  otherMember = await makeUser(t, "other@caps.example");
  orgId = (
    await makeClub(t, owner, [
      [member, "member"],
      [otherMember, "member"],
    ])
  ).id;
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of live.splice(0)) socket.terminate();
});
afterAll(async () => {
  await t?.close();
});

type Refusal = { status: number; retryAfter: string | undefined; body: { error: { code: string } } };

/** Opens a socket as `from` (an address, a person's cookie); resolves with it, or with its refusal. */
function open(path: string, from: { address?: string; cookie?: string } = {}) {
  const socket = new WebSocket(`ws://${base}${path}`, {
    headers: {
      ...(from.address ? { "x-forwarded-for": from.address } : {}),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
  });
  live.push(socket);
  return new Promise<WebSocket | Refusal>((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
    socket.once("unexpected-response", (request, response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"],
          body: JSON.parse(body),
        });
      });
    });
  });
}

const opened = async (attempt: Promise<WebSocket | Refusal>) => {
  const result = await attempt;
  if (!(result instanceof WebSocket))
    throw new Error(`refused: ${result.status} ${JSON.stringify(result.body)}`);
  return result;
};

const refused = async (attempt: Promise<WebSocket | Refusal>) => {
  const result = await attempt;
  if (result instanceof WebSocket) throw new Error("opened, but should have been refused");
  return result;
};

const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) resolve(1005);
    else socket.once("close", (code) => resolve(code));
  });

/** Opens `count` sockets at once, all of which must open. */
const openMany = (
  count: number,
  path: (i: number) => string,
  from: (i: number) => Parameters<typeof open>[1],
) => Promise.all(Array.from({ length: count }, (_, i) => opened(open(path(i), from(i)))));

/** Tries to open until it opens (a place given back on the server a moment after the client saw its close). */
async function openSoon(path: string, from: Parameters<typeof open>[1]) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const result = await open(path, from);
    if (result instanceof WebSocket) return result;
    if (Date.now() > deadline) throw new Error(`still refused: ${result.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newDisplayLink() {
  const response = await t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/display-tokens`,
    cookie: owner.cookie,
  });
  expect(response.statusCode).toBe(201);
  return `/api/display/${response.json().token as string}/ws`;
}

const boardSocket = () => `/api/orgs/${orgId}/board/ws`;

function expectRateLimited(refusal: Refusal) {
  expect(refusal.status).toBe(429);
  expect(refusal.body.error.code).toBe("RATE_LIMITED");
  expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
}

describe("caps on open WebSockets", () => {
  it("refuses the 11th TV socket from one address on one link before the upgrade, and lets other addresses in", async () => {
    const link = await newDisplayLink();
    // Plain GETs of the socket's address (no upgrade) hold no place.
    for (let i = 0; i < 12; i++) {
      const plain = await fetch(`http://${base}${link}`, { headers: { "x-forwarded-for": "203.0.113.7" } });
      expect(plain.status).toBe(404);
    }
    const held = await openMany(
      10,
      () => link,
      () => ({ address: "203.0.113.7" }),
    );
    expectRateLimited(await refused(open(link, { address: "203.0.113.7" })));
    await opened(open(link, { address: "203.0.113.8" }));
    // Another club's TV behind the same address (a proxy without TRUST_PROXY shows every client
    // as one) gets in: the address's places are shared among its links, so its oldest socket
    // on the crowded link gives way. The address still holds no more than its ten.
    const oldest = closed(held[0]!);
    await opened(open(await newDisplayLink(), { address: "203.0.113.7" }));
    await oldest;
    expect(held.filter((socket) => socket.readyState === WebSocket.OPEN)).toHaveLength(9);
  });

  it("strangers holding a TV link from two addresses cannot keep the club's TV out", async () => {
    const link = await newDisplayLink();
    const strangers = (i: number) => ({ address: i % 2 ? "198.51.100.1" : "198.51.100.2" });
    const held = await openMany(20, () => link, strangers);
    // The link is full; the club's TV comes from its own address and takes a stranger's place.
    const tv = await opened(open(link, { address: "192.0.2.77" }));
    expect(held.filter((socket) => socket.readyState === WebSocket.OPEN).length).toBeLessThan(20);
    // The strangers try again and again: each time one of their own gives way, or they are refused.
    for (let i = 0; i < 10; i++) {
      const attempt = await open(link, strangers(i));
      if (!(attempt instanceof WebSocket)) expectRateLimited(attempt);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tv.readyState).toBe(WebSocket.OPEN);
  });

  it("a 21st socket on a TV link of 20 single holders takes the oldest's place; the club's other links are apart", async () => {
    const link = await newDisplayLink();
    const held = await openMany(
      20,
      () => link,
      (i) => ({ address: `198.51.100.${i + 10}` }),
    );
    // The server's oldest: the twenty opened at once, so which one that is is the server's order.
    const oneClosed = Promise.race(held.map(closed));
    await opened(open(link, { address: "198.51.100.200" }));
    await oneClosed;
    expect(held.filter((socket) => socket.readyState === WebSocket.OPEN)).toHaveLength(19);
    await opened(open(await newDisplayLink(), { address: "198.51.100.200" }));
  });

  it("refuses a person's 11th socket, while another member at the same address still gets in", async () => {
    await openMany(10, boardSocket, () => ({ cookie: member.cookie }));
    expectRateLimited(await refused(open(boardSocket(), { cookie: member.cookie })));
    // Members at a club share its Wi-Fi's address: the address cap is not theirs.
    await opened(open(boardSocket(), { cookie: otherMember.cookie }));
  });

  it("refuses one past the club's cap, answers ordinary reads as usual meanwhile, and lets in again once sockets close", async () => {
    const link = await newDisplayLink();
    const held = [
      ...(await openMany(10, boardSocket, () => ({ cookie: member.cookie }))),
      ...(await openMany(10, boardSocket, () => ({ cookie: owner.cookie }))),
      ...(await openMany(
        10,
        () => link,
        (i) => ({ address: `192.0.2.${i + 1}` }),
      )),
    ];
    expect(held).toHaveLength(CLUB_CAP);
    expectRateLimited(await refused(open(boardSocket(), { cookie: otherMember.cookie })));
    expectRateLimited(await refused(open(link, { address: "192.0.2.100" })));

    // Reads over HTTP, for a member and for the TV, answer as usual: the socket cap refuses
    // sockets only. (Not timed: a busy machine slows them for no bug.)
    for (const [path, cookie] of [
      [`/api/orgs/${orgId}/board`, member.cookie],
      [link.replace(/\/ws$/, "/board"), ""],
    ] as const) {
      const read = await fetch(`http://${base}${path}`, { headers: cookie ? { cookie } : {} });
      expect(read.status).toBe(200);
      expect(await read.json()).toHaveProperty("version");
    }

    for (const socket of held) socket.close();
    await Promise.all(held.map(closed));
    await openSoon(boardSocket(), { cookie: otherMember.cookie });
    await openMany(9, boardSocket, () => ({ cookie: member.cookie }));
  });

  it("a person reconnecting 50 times in a row, however each socket ends, is never refused", async () => {
    for (let i = 0; i < 50; i++) {
      const socket = await opened(open(boardSocket(), { cookie: member.cookie }));
      const ended = closed(socket);
      // A clean close, or a connection cut without one (the server sees an abrupt end).
      if (i % 2 === 0) socket.close();
      else socket.terminate();
      await ended;
    }
    // Every place came back: the person can hold a full set again.
    await openSoon(boardSocket(), { cookie: member.cookie });
    await openMany(9, boardSocket, () => ({ cookie: member.cookie }));
  });

  it("closes a frame over the size limit with 1009, logs no error, and gives the place back", async () => {
    const link = await newDisplayLink();
    const from = { address: "203.0.113.50" };
    const sockets = await openMany(
      10,
      () => link,
      () => from,
    );
    const codes = await Promise.all(
      sockets.map((socket) => {
        const code = closed(socket);
        socket.send("x".repeat(5000));
        return code;
      }),
    );
    expect(codes).toEqual(Array(10).fill(1009));
    const errors = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
    // The server ended those ten: the address has its places back.
    await openSoon(link, from);
    await openMany(
      9,
      () => link,
      () => from,
    );
  });
});
