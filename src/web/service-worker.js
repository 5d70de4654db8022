// The service worker, served as /sw.js: scripts/build-service-worker.mjs writes it into dist/web
// with this build's version and its app shell (index.html and the entry's scripts and styles).
// - Pages (navigations) come from the network first; only when the network fails does the cached
//   shell answer, and the app says it is offline (offline-banner.tsx).
// - /api/ is never answered from a cache: a stale board must never be shown as live.
// - The other files of the shell (the icon) also come from the network first, the cache offline.
// - The hashed files under /assets/ never change: once fetched, they are kept for this version,
//   so the pages a person opened online open offline too.
// - A new version installs at once and takes over the open tabs; its install leaves the old
//   version's cache behind, and its activation deletes it.

// Replaced by the build; these values only stand in so this file is valid as it is.
const BUILD = { version: "unbuilt", precache: [] };

const CACHE = `courtside-${BUILD.version}`;
const SHELL = "/index.html";
/** Our own pages that are not the app: left to the network, with no offline stand-in. */
const NOT_THE_APP = /^\/(api|dev|sandbox|unsubscribe)\//;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The shell past the browser's HTTP cache, which may hold the previous version's.
      await cache.addAll(
        BUILD.precache.map((url) =>
          url.startsWith("/assets/") ? url : new Request(url, { cache: "reload" }),
        ),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("courtside-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    if (!NOT_THE_APP.test(url.pathname)) event.respondWith(pageOrShell(request));
    return;
  }
  if (url.pathname.startsWith("/assets/")) event.respondWith(keptAsset(event));
  else if (BUILD.precache.includes(url.pathname)) event.respondWith(networkOrCached(request, url.pathname));
});

const pageOrShell = (request) => networkOrCached(request, SHELL);

/** The network's answer; when there is no network, the cached copy of `cached`. */
async function networkOrCached(request, cached) {
  try {
    return await fetch(request);
  } catch (offline) {
    const copy = await caches.match(cached, { cacheName: CACHE });
    if (copy) return copy;
    throw offline;
  }
}

async function keptAsset(event) {
  const kept = await caches.match(event.request, { cacheName: CACHE });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

// A call to a court (notifications/push.ts): shown with what the player may answer from it.
const ACTION_TITLES = { "on-my-way": "On my way", skip: "Skip me this time" };

self.addEventListener("push", (event) => {
  let call;
  try {
    call = event.data ? event.data.json() : null;
  } catch {
    call = null;
  }
  if (!call || typeof call.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(call.title, {
      body: call.body,
      tag: call.tag,
      renotify: true,
      requireInteraction: true,
      icon: "/icons/icon-192.png",
      data: { url: call.url, organizationId: call.organizationId },
      actions: (call.actions ?? []).map((action) => ({ action, title: ACTION_TITLES[action] ?? action })),
    }),
  );
});

// A tap on an answer sends it as the player (their session's cookie goes with a same-origin
// request); a tap on the notice itself opens the board.
self.addEventListener("notificationclick", (event) => {
  const { url, organizationId } = event.notification.data ?? {};
  event.notification.close();
  event.waitUntil(
    (async () => {
      if (event.action && organizationId) {
        await fetch(`/api/orgs/${organizationId}/board/me`, {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ action: event.action }),
        }).catch(() => undefined);
      }
      const target = new URL(url ?? "/board", self.location.origin).href;
      for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
        if (client.url === target && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
