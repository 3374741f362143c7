// The game's service worker: after the first visit the page, the game's archive and
// the runtime files the page fetched come from this browser's cache, so the game
// starts with the network off, and sooner. `make web` writes VERSION (a digest of the
// build): a changed build is a changed worker, which the browser installs beside the
// old one; it fills a new cache, takes over and deletes the old cache, so the next
// load is the new build, whole (never a new page with an old archive).
"use strict";

const VERSION = "dev";
const CACHE = "spades-" + VERSION;
const PREFIX = "spades-";
// The build's own files, relative to this worker (the page's folder).
const BUILD = ["./", "index.html", "spades.apk", "favicon.png", "manifest.webmanifest",
               "icon-192.png", "icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Fetched past the HTTP cache: a new version must not store an older file.
    await Promise.all(BUILD.map(async (name) => {
      const response = await fetch(new Request(name, { cache: "reload" }));
      if (!response.ok) throw new Error(name + ": " + response.status);
      await cache.put(name, response);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function keepable(request, response) {
  // Whole answers only: no errors, no partial ranges; a cross-origin runtime file
  // fetched without CORS is opaque (status 0) and kept as it is.
  return response && (response.status === 200 || response.type === "opaque") &&
    request.method === "GET" && !request.headers.has("range");
}

async function fromCacheOrNetwork(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (kept) return kept;
  const response = await fetch(request);
  if (keepable(request, response)) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !url.protocol.startsWith("http")) return;
  event.respondWith(fromCacheOrNetwork(event.request));
});

// The page names the runtime files it fetched before this worker took it over (on the
// first visit nothing passes through the worker): keep them too.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const href of data.urls) {
      try {
        const url = new URL(href, self.registration.scope);
        if (!url.protocol.startsWith("http") || await cache.match(url.href)) continue;
        const same = url.origin === self.location.origin;
        const request = new Request(url.href, same ? {} : { mode: "no-cors" });
        const response = await fetch(request);
        if (keepable(request, response)) await cache.put(request, response);
      } catch (e) {
        // Not reachable now: it is fetched (and kept) on the next visit instead.
      }
    }
    if (event.source) event.source.postMessage({ type: "kept", version: VERSION });
  })());
});
