// The game's service worker: after the first visit the page, the game's archive and
// the runtime files the page fetched come from this browser's cache, so the game
// starts with the network off, and sooner. `make web` writes VERSION (a digest of the
// build): a changed build is a changed worker, which the browser installs beside the
// old one; it fills a new cache, takes over and deletes the old cache, so the next
// load is the new build, whole (never a new page with an old archive).
//
// The runtime (pygbag's pythons.js, its interpreter script, WebAssembly and data)
// usually comes from another origin. The browser asks for most of those files in CORS
// mode (pythons.js is a module script; the interpreter fetches its WebAssembly with
// fetch()) and refuses an opaque answer to such a request, so this worker keeps a
// cross-origin file only as a CORS response, which every request for it may use; a
// file its host sends without CORS headers passes through to the network each time
// (online only) and is never kept. Every answer streams to the page while a copy is
// stored. A kept answer the browser could refuse (an opaque one an older worker kept)
// is dropped and fetched again, so a worker never stays in a bad state.
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
    const cache = await caches.open(CACHE);
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      // The runtime files an older build kept serve this one too (the same address
      // is the same file): copied, so a new build starts offline at once.
      const old = await caches.open(name);
      for (const request of await old.keys()) {
        if (new URL(request.url).origin === self.location.origin) continue;
        const response = await old.match(request);
        if (usable(response) && !(await cache.match(request, { ignoreVary: true }))) {
          await cache.put(request, response);
        }
      }
      await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function usable(response) {
  // A whole, readable answer: never an error, a partial range, or an opaque one.
  return !!response && response.status === 200 && response.type !== "opaque" &&
    response.type !== "error";
}

function keepable(request, response) {
  return usable(response) && request.method === "GET" && !request.headers.has("range");
}

function corsRequest(url) {
  // What this worker fetches a cross-origin runtime file with: CORS, no cookies.
  return new Request(url, { mode: "cors", credentials: "omit" });
}

async function fromNetwork(event, cache) {
  const request = event.request;
  const url = new URL(request.url);
  let response;
  if (url.origin !== self.location.origin && request.mode === "no-cors") {
    // A classic script of the runtime (its interpreter's main.js): asked for with
    // CORS it can be kept; a host without CORS headers gets the page's own request.
    try {
      response = await fetch(corsRequest(url.href));
    } catch (e) {
      return fetch(request);
    }
  } else if (request.mode === "navigate") {
    response = await fetch(request);
  } else {
    // Past the browser's HTTP cache: this worker keeps what it keeps, and a request
    // the cache held open for a stalled download of the same file (a page that went
    // away and came back with Try again) would wait on it for twenty seconds.
    response = await fetch(request, { cache: "no-store" });
  }
  if (keepable(request, response)) {
    // Stored as it streams to the page: the page sees its download's progress.
    event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
  }
  return response;
}

async function answer(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, {
    ignoreSearch: request.mode === "navigate", ignoreVary: true });
  if (kept && usable(kept)) return kept;
  if (kept) await cache.delete(request, { ignoreVary: true });  // unusable: fetch again
  return fromNetwork(event, cache);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !url.protocol.startsWith("http")) return;
  if (event.request.headers.has("range")) return;  // the browser's own business
  event.respondWith(answer(event));
});

// The page names the runtime files it fetched before this worker took it over (on the
// first visit nothing passes through the worker): keep them too, fetched with CORS;
// one its host sends without CORS headers is left to the network. "forget" empties
// the cache (the page asks after a failed load, so Try again meets the network).
// "skip" is the page asking this worker, installed and waiting, to take over now:
// Chromium can drop an activation when the old worker is stopped and started again
// as it is replaced (the new worker then waited behind an idle old one for minutes,
// about one deploy in ten in the browser test), and skipWaiting() once more makes it
// try again.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip") {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (data.type === "forget") {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX)) await caches.delete(name);
      }
      if (event.source) event.source.postMessage({ type: "forgotten", version: VERSION });
    })());
    return;
  }
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const href of data.urls) {
      try {
        const url = new URL(href, self.registration.scope);
        if (!url.protocol.startsWith("http")) continue;
        // The build's own files have no query: a page's ?table=CODE is the same page.
        if (url.origin === self.location.origin) url.search = "";
        const kept = await cache.match(url.href, { ignoreVary: true });
        if (usable(kept)) continue;
        const same = url.origin === self.location.origin;
        const request = same ? new Request(url.href) : corsRequest(url.href);
        const response = await fetch(request);
        if (keepable(request, response)) await cache.put(request, response);
      } catch (e) {
        // Not reachable now, or no CORS: fetched (and kept if it can be) later.
      }
    }
    if (event.source) event.source.postMessage({ type: "kept", version: VERSION });
  })());
});
