// sw.js: monotable's offline service worker. It caches the app shell, the engine (app.js +
// app.wasm) and the examples when installed, then answers from that cache first, so the site
// works offline after the first visit, from any static host under any path (every URL here is
// relative to this file; no special headers needed).
//
// The cache name carries a hash of the build (scripts/build-web writes it over the placeholder
// below), so a new build is a new worker with a new cache: it installs beside the old one, waits
// until the page agrees to switch (the page offers "Reload"), then deletes the old caches.
"use strict";
const kBuild = "__MONOTABLE_BUILD__";
const kCache = "monotable-" + kBuild;
const kFiles = [
  "./",
  "index.html",
  "embed.html",
  "article.html",
  "style.css",
  "article.css",
  "monotable.js",
  "embed-frame.js",
  "monotable-embed.js",
  "text_layer.js",
  "text_layer.css",
  "app.js",
  "app.wasm",
  "examples/orders.json",
  "examples/vaultcommerce.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(kCache).then((cache) => cache.addAll(kFiles)));
  // The very first install has no older version to replace: take over at once. A new version
  // waits for the page's "Reload" (a "skip-waiting" message).
  if (!self.registration.active) self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
      caches.keys()
          .then((names) => Promise.all(
                    names.filter((name) => name.startsWith("monotable-") && name !== kCache)
                        .map((name) => caches.delete(name))))
          .then(() => self.clients.claim()));
});

// The page asks a waiting worker to take over (the user chose "Reload").
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
      caches.open(kCache).then((cache) =>
          // embed.html?model=orders is embed.html: the query only configures the page.
          cache.match(request, { ignoreSearch: request.mode === "navigate" })
              .then((hit) => hit || fetch(request))));
});
