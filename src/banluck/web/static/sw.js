/* The page's service worker (an installable app): the page's own files are kept in a cache
   named by their version, so a second visit loads from it and a new version replaces it;
   the API is never cached (the server is the only authority, and the table is played on
   it). Without the server a page opened shows offline.html: start the server. The server
   fills in VERSION (a digest of the page's files) and FILES (the page's files, kept at
   install) when it serves this file at /sw.js. */

const CACHE = "banluck-__VERSION__";
const OFFLINE = "/static/offline.html";
const LEDGER = "/ledger";
const FIRST = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FIRST)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The page's files: from the cache of this version, else from the server (then kept). */
async function ownFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request, answer.clone());
  return answer;
}

/** A page: always the server's (its state is there); without the server, offline.html,
    but for the ledger's page, which keeps its ledger in the browser and opens from the
    cache (the last one the server sent). */
async function page(request) {
  const ledger = new URL(request.url).pathname === LEDGER;
  try {
    const answer = await fetch(request);
    if (ledger && answer.ok) await (await caches.open(CACHE)).put(LEDGER, answer.clone());
    return answer;
  } catch (err) {
    const kept = ledger ? await caches.match(LEDGER) : null;
    return kept || (await caches.match(OFFLINE)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(page(request));
  else if (url.pathname.startsWith("/static/")) event.respondWith(ownFile(request));
  // anything else (the API, the sockets) goes to the server as it is
});
