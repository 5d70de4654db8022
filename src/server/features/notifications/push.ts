// Web Push: the devices a person opted in from, and the pushes that call them to a court. A
// push is an effect of the transaction that decides it (a job through the outbox), so a crash
// neither loses nor doubles it; the job encrypts the payload for the device (web-push, RFC 8291)
// and hands it to the device's push service. Names and courts only: never a token or an address.

import { lookup } from "node:dns/promises";
import { Agent } from "node:https";
import { isIP } from "node:net";
import { and, count, eq, inArray, ne } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import webpush from "web-push";
import type { PushDevice, PushSubscriptionBody } from "../../../shared/contracts/notifications.js";
import type { AppDeps } from "../../app-deps.js";
import type { Config } from "../../config.js";
import type { Queryable } from "../../db/database.js";
import { pushSubscriptions } from "../../db/schema/notifications.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { claimNotifications, type EmailKind, wantEmail } from "./preferences.js";

export const SEND_PUSH = "send-push";
/** The devices one person may have called: phones, a tablet, a watch, with room to spare. */
export const MAX_DEVICES = 10;
type PushJob = { subscriptionId: string; payload: PushPayload };

/** What the service worker shows: a title, a line, where a tap goes, and what it may answer. */
export type PushPayload = {
  title: string;
  body: string;
  url: string;
  /** One notice per call: a newer one for the same call replaces it on the phone. */
  tag: string;
  /** The club whose board an answer goes to. */
  organizationId: string;
  actions: Array<"on-my-way" | "skip">;
};

// Names that only mean something inside a network: a push address there would have the server
// call into its own network.
const insideNames = /(^localhost$|\.localhost$|\.local$|\.internal$|\.lan$|\.home$)/i;

// IPv6 forms that lead to the IPv4 address in their last 32 bits: IPv4-mapped, IPv4-translated
// (RFC 6145), NAT64's well-known prefix (RFC 6052) and the old IPv4-compatible ::/96. Each is as
// good as that IPv4 address, and no better.
const carryingIPv4 = ["::ffff:0:0/96", "::ffff:0:0:0/96", "64:ff9b::/96", "::/96"].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);
// The global unicast space (RFC 4291): ipaddr.js calls the unassigned rest "unicast" too.
const globalUnicastV6 = ipaddr.IPv6.parseCIDR("2000::/3");

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high = 0, low = 0] = address.parts.slice(-2);
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

/**
 * Only an address on the public internet: ipaddr.js keeps the special-purpose ranges (private,
 * loopback, link-local, multicast, documentation, benchmarking, reserved...) so this does not.
 */
function isGlobalUnicast(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address instanceof ipaddr.IPv4) return address.range() === "unicast";
  if (carryingIPv4.some((range) => address.match(range))) return isGlobalUnicast(embeddedIPv4(address));
  return address.range() === "unicast" && address.match(globalUnicastV6);
}

function isPrivateHost(hostname: string): boolean {
  // "localhost." is localhost: a name's trailing dot changes nothing about where it goes.
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  if (insideNames.test(host)) return true;
  // Only a written-out address is parsed: ipaddr.js would also read names such as "0x7f.1".
  if (isIP(host)) return !isGlobalUnicast(ipaddr.parse(host));
  return false;
}

/** Why a push address is refused, or null: https to a public host (tests may allow their own). */
export function endpointProblem(endpoint: string, push: Config["push"]): string | null {
  const url = new URL(endpoint);
  if (push.allowPrivateEndpoints)
    return url.protocol === "https:" || url.protocol === "http:" ? null : "https only";
  if (url.protocol !== "https:") return "A push address must use https";
  if (url.port !== "" && url.port !== "443") return "A push address must use the https port";
  if (isPrivateHost(url.hostname))
    return "A push address must be on the internet, not a private or local one";
  return null;
}

/**
 * The address checked where it leads: a public-looking name that resolves to a private
 * address (rebinding, a wildcard DNS service) is refused too. Asked at opt-in and before each
 * send; a name that does not resolve is refused.
 */
export async function endpointProblemResolved(
  endpoint: string,
  push: Config["push"],
): Promise<string | null> {
  const written = endpointProblem(endpoint, push);
  if (written || push.allowPrivateEndpoints) return written;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return null;
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.some(({ address }) => isPrivateHost(address)))
      return "A push address must be on the internet, not a private or local one";
    return null;
  } catch {
    return HOST_NOT_FOUND;
  }
}
const HOST_NOT_FOUND = "The push address's host could not be found";

/** Saves a device's subscription for `userId`; the same device again (its endpoint) is updated. */
export async function subscribeDevice(
  deps: AppDeps,
  userId: string,
  body: PushSubscriptionBody & { label: string },
) {
  const problem = await endpointProblemResolved(body.endpoint, deps.config.push);
  if (problem) throw new AppError("VALIDATION_ERROR", problem);
  const [{ devices } = { devices: 0 }] = await deps.database.db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.endpoint, body.endpoint)));
  // Each call is one request per device: a person's devices are few, and a list of thousands
  // would have the server send that many for one call.
  if (devices >= MAX_DEVICES)
    throw new AppError("TOO_MANY_DEVICES", `At most ${MAX_DEVICES} devices can be called: remove one first.`);
  const values = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label: body.label,
  };
  // A shared phone signed in by someone else now calls them: the device is theirs.
  const [row] = await deps.database.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return toDevice(row!);
}

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

export async function listDevices(db: Queryable, userId: string): Promise<PushDevice[]> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return rows.map(toDevice);
}

/** Removes one of the person's own devices; someone else's is not found. */
export async function removeDevice(db: Queryable, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Those of `userIds` who would hear a push: a device opted in, and calls to court wanted. */
export async function reachableByPush(tx: Queryable, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const devices = await tx
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  return wantEmail(
    tx,
    devices.map((d) => d.userId),
    "calledToCourt",
  );
}

/**
 * The pushes for one call, to every device of each person who wants calls pushed: once per
 * `key` and person (claimed in the caller's transaction, as emails are). A notice with its own
 * switch in Settings (`kind`: membership dues) goes by that switch instead.
 */
export async function pushEffects(
  tx: Queryable,
  calls: Array<{ userId: string; key: string; payload: PushPayload }>,
  kind: EmailKind = "calledToCourt",
): Promise<Effect[]> {
  if (calls.length === 0) return [];
  const devices = await tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...new Set(calls.map((c) => c.userId))]));
  if (devices.length === 0) return [];
  const wanting = await wantEmail(
    tx,
    devices.map((d) => d.userId),
    kind,
  );
  const reachable = calls.filter(
    (call) => wanting.has(call.userId) && devices.some((d) => d.userId === call.userId),
  );
  const claimed = await claimNotifications(
    tx,
    reachable.map((call) => ({ key: `push:${call.key}`, userId: call.userId })),
  );
  const effects: Effect[] = [];
  for (const call of reachable) {
    // Taken as it is used: the same key asked twice here sends once, as two claims would.
    if (!claimed.delete(`push:${call.key}`)) continue;
    const mine = devices.filter((d) => d.userId === call.userId);
    for (const device of mine)
      effects.push(
        jobEffect(SEND_PUSH, { subscriptionId: device.id, payload: call.payload } satisfies PushJob),
      );
  }
  return effects;
}

/** Sends one push; a device its push service no longer knows (404, 410) is removed. */
async function sendPush(deps: AppDeps, { subscriptionId, payload }: PushJob): Promise<void> {
  const { db } = deps.database;
  const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
  if (!device) return;
  // Checked again before any request, where it leads now: a name may resolve elsewhere since.
  const problem = await endpointProblemResolved(device.endpoint, deps.config.push);
  // A name not found now may be found in a moment (DNS has bad minutes too): the job is retried.
  if (problem === HOST_NOT_FOUND) throw new Error(problem);
  if (problem) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    return;
  }
  const { publicKey, privateKey, subject } = deps.config.push;
  try {
    await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: 300,
        urgency: "high",
        timeout: 10_000,
        // Tests only (refused in production): their push service on 127.0.0.1 has a self-signed certificate.
        ...(deps.config.push.allowPrivateEndpoints
          ? { agent: new Agent({ rejectUnauthorized: false }) }
          : {}),
      },
    );
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return;
    }
    throw error;
  }
}

export async function registerPushJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.handle<PushJob>(SEND_PUSH, (job) => sendPush(deps, job));
}
