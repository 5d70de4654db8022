// The signed-in person's own endpoints (endpoint.ts): who is signed in and their clubs, their
// profile, deleting their account, their second factors, their notification preferences, the
// devices calls are pushed to, and the demo club for someone in no club yet. All but the two
// questions a visitor may ask (who is signed in, whether a demo can be loaded) need a session.
import { z } from "zod";
import { deleteAccountBody, me, profileBody } from "./account.js";
import {
  factorList,
  friendlyNameBody,
  passwordConfirmBody,
  phoneFactorConfirmBody,
  phoneFactorStartBody,
} from "./auth.js";
import { endpoint } from "./endpoint.js";
import {
  notificationPreferences,
  notificationPreferencesBody,
  pushDevice,
  pushSubscriptionBody,
} from "./notifications.js";

const factorParams = z.object({ factorId: z.string().min(1).max(100) });

export const meEndpoints = {
  me: endpoint({
    method: "GET",
    path: "/api/me",
    operationId: "getMe",
    summary: "The signed-in user and their clubs",
    tags: ["account"],
    access: "signed-in",
    success: { status: 200, body: me },
  }),
  // The client's first question on every page: a visitor is an answer, not an error (a 401
  // would be logged in every visitor's console).
  session: endpoint({
    method: "GET",
    path: "/api/session",
    operationId: "getSession",
    summary: "Who is signed in, if anyone: the same as /api/me, or null for a visitor",
    tags: ["account"],
    access: "public",
    success: { status: 200, body: z.object({ me: me.nullable() }) },
  }),
  saveProfile: endpoint({
    method: "PUT",
    path: "/api/me/profile",
    operationId: "saveProfile",
    summary: "Change your full name and avatar",
    tags: ["account"],
    access: "signed-in",
    body: profileBody,
    success: { status: 200, body: me },
  }),
  deleteAccount: endpoint({
    method: "DELETE",
    path: "/api/me",
    operationId: "deleteAccount",
    summary:
      "Delete your account: you leave every club; what others rely on stays, anonymised. With deleteOwnedClubs, the clubs you own are deleted too",
    tags: ["account"],
    access: "signed-in",
    body: deleteAccountBody,
    success: { status: 204, body: null },
    errors: ["OWNER_MUST_TRANSFER"],
  }),
};

// POST /api/me/factors/phone (text a code to a new phone) is not here: it answers 202 with no
// body, a status a definition cannot declare, so account/routes.ts registers it directly.
export const accountEndpoints = {
  factors: endpoint({
    method: "GET",
    path: "/api/me/factors",
    operationId: "listFactors",
    summary: "Your second factors: type, name, status; enrol and remove under /api/auth/two-factor",
    tags: ["account"],
    access: "signed-in",
    success: { status: 200, body: factorList },
  }),
  renameFactor: endpoint({
    method: "PUT",
    path: "/api/me/factors/:factorId",
    operationId: "renameFactor",
    summary: "Name one of your second factors",
    tags: ["account"],
    access: "signed-in",
    params: factorParams,
    body: friendlyNameBody,
    success: { status: 200, body: factorList },
  }),
  startPhone: endpoint({
    method: "POST",
    path: "/api/me/factors/phone",
    operationId: "startPhoneFactor",
    summary: "Add a phone for sign-in codes: texts it a code to confirm",
    tags: ["account"],
    access: "signed-in",
    body: phoneFactorStartBody,
    success: { status: 202, body: null },
    errors: ["RATE_LIMITED"],
  }),
  confirmPhone: endpoint({
    method: "POST",
    path: "/api/me/factors/phone/verify",
    operationId: "confirmPhoneFactor",
    summary: "Confirm the phone with the texted code and your password; two-step sign-in is then on",
    tags: ["account"],
    access: "signed-in",
    body: phoneFactorConfirmBody,
    success: { status: 200, body: factorList },
    errors: ["RATE_LIMITED"],
  }),
  removePhone: endpoint({
    method: "POST",
    path: "/api/me/factors/phone/remove",
    operationId: "removePhoneFactor",
    summary: "Remove your phone factor (asks for your password)",
    tags: ["account"],
    access: "signed-in",
    body: passwordConfirmBody,
    success: { status: 200, body: factorList },
    // 404: there is no phone factor to remove.
    errors: ["RATE_LIMITED", "NOT_FOUND"],
  }),
  removePasskey: endpoint({
    method: "DELETE",
    path: "/api/me/passkeys/:factorId",
    operationId: "removePasskey",
    summary: "Remove one of your passkeys",
    tags: ["account"],
    access: "signed-in",
    params: factorParams,
    success: { status: 200, body: factorList },
  }),
};

export const notificationEndpoints = {
  preferences: endpoint({
    method: "GET",
    path: "/api/me/notification-preferences",
    operationId: "getNotificationPreferences",
    summary: "Your notification preferences",
    tags: ["notifications"],
    access: "signed-in",
    success: { status: 200, body: notificationPreferences },
  }),
  savePreferences: endpoint({
    method: "PUT",
    path: "/api/me/notification-preferences",
    operationId: "saveNotificationPreferences",
    summary: "Save your notification preferences",
    tags: ["notifications"],
    access: "signed-in",
    body: notificationPreferencesBody,
    success: { status: 200, body: notificationPreferences },
  }),
};

export const pushEndpoints = {
  publicKey: endpoint({
    method: "GET",
    path: "/api/push/public-key",
    operationId: "getPushPublicKey",
    summary: "The server's VAPID public key, for PushManager.subscribe",
    tags: ["notifications"],
    access: "signed-in",
    success: { status: 200, body: z.object({ publicKey: z.string() }) },
  }),
  devices: endpoint({
    method: "GET",
    path: "/api/me/push-devices",
    operationId: "listPushDevices",
    summary: "The devices calls are pushed to",
    tags: ["notifications"],
    access: "signed-in",
    success: { status: 200, body: z.object({ devices: z.array(pushDevice) }) },
  }),
  addDevice: endpoint({
    method: "POST",
    path: "/api/me/push-devices",
    operationId: "addPushDevice",
    summary: "Opt this device in: its push subscription (PushSubscription.toJSON()) and a name",
    tags: ["notifications"],
    access: "signed-in",
    body: pushSubscriptionBody,
    success: { status: 201, body: pushDevice },
    errors: ["TOO_MANY_DEVICES"],
  }),
  removeDevice: endpoint({
    method: "DELETE",
    path: "/api/me/push-devices/:id",
    operationId: "removePushDevice",
    summary: "Stop pushing to one of your devices",
    tags: ["notifications"],
    access: "signed-in",
    params: z.object({ id: z.uuid() }),
    success: { status: 204, body: null },
  }),
};

export const demoEndpoints = {
  availability: endpoint({
    method: "GET",
    path: "/api/demo",
    operationId: "getDemoAvailability",
    summary: "Whether a demo club can be loaded here",
    tags: ["demo"],
    access: "public",
    success: { status: 200, body: z.object({ available: z.boolean() }) },
  }),
  start: endpoint({
    method: "POST",
    path: "/api/demo",
    operationId: "startDemo",
    summary: "Load a demo club owned by the signed-in person (local installs only)",
    tags: ["demo"],
    access: "signed-in",
    success: { status: 201, body: z.object({ organizationId: z.uuid() }) },
    errors: ["ALREADY_IN_A_CLUB"],
  }),
};
