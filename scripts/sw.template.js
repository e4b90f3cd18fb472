// The Plot's service worker: after one visit the game plays with no network at all.
// Written to _site/sw.js by scripts/build.py, which fills in VERSION (a hash of every file of the
// site) and PRECACHE (every file the page needs, as a URL relative to this script -> its SHA-256)
// and UNUSED_IN_WEBKIT (those of them WebKit never asks for).
//
// One cache per version. A new version installs into its own cache while the old one keeps
// serving open pages; every file is checked against its hash, so a cache never holds files of
// two versions (Pyodide refuses a pyodide.mjs and pyodide.asm.mjs from different releases).
// Files that did not change are copied from the previous cache instead of downloaded again.
// Activation deletes the other versions' caches. Saves live in localStorage, which this worker
// never touches, so a version switch cannot lose a game.

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;

// Several sites can share an origin (GitHub Pages project sites): name caches by scope too.
const PREFIX = `the-plot ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const MATCH = { ignoreVary: true };

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A navigation may not be answered with a redirected response: keep only the body and headers.
async function plain(response) {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

async function fromOldCache(url, digest) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await (await caches.open(name)).match(url, MATCH);
    if (old && (await sha256(old.clone())) === digest) return old;
  }
  return undefined;
}

// The HTTP cache first (no second download on a first visit); if what it holds is not this
// version's file, the server itself; if the server has another version by now, fail the install
// (the browser tries again on the next visit).
async function download(url, digest) {
  for (const cache of ["default", "reload"]) {
    const response = await fetch(new Request(url, { cache }));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    if ((await sha256(response.clone())) === digest) return plain(response);
  }
  throw new Error(`${url} on the server is not the file of version ${VERSION}`);
}

// WebKit never restores the interpreter's snapshot (web/boot.js): its 6 MB are not fetched there.
// A worker has no navigator.vendor, which the page asks: WebKit is the engine whose user agent
// names AppleWebKit but no Chrome (Safari, iOS's browsers, WebKitGTK). Were the two ever to
// disagree, a start would fetch the snapshot through this worker, or it would be kept unused.
const AGENT = self.navigator.userAgent;
const WEBKIT = AGENT.includes("AppleWebKit/") && !AGENT.includes("Chrome/");
const UNUSED = WEBKIT ? __UNUSED_IN_WEBKIT__ : [];
const CHROMIUM = AGENT.includes("Chrome/"); // Chrome, Edge, Android's browsers...

// Two big files the site ships gzipped are also kept unzipped, each under a name of its own, for
// the pages this worker serves (web/boot.js):
//  - Pyodide's WebAssembly, under the name of the unzipped file (not in WebKit, where the page
//    unzips it itself). The browser keeps a WebAssembly module's compiled code beside a response
//    it can name, from its HTTP cache or this cache, never beside one a page made up after
//    unzipping: served from here, a return's interpreter runs compiled code from its start.
//  - The interpreter's snapshot (31 MB unzipped, 6 MB gzipped), in Chromium only: there a page
//    that unzipped it spent 0.15-0.25 s of its main thread on it at every start, while Pyodide's
//    own start waited, and reading the unzipped copy is sooner; Firefox unzips faster than it
//    reads the 31 MB through this worker (README), and WebKit never restores it.
// Should a copy be missing (the storage full when the worker installed), the worker unzips the
// gzipped file as it answers: a page never waits for the network for it. Should the gzipped file
// be missing too (the cache dropped by Try again and refilling behind the reload), the worker
// downloads it and unzips it: the server need not have a file by a copy's name (it has none by
// the snapshot's).
const UNZIPPED = {
  "web/vendor/pyodide/pyodide.asm.wasm": {
    gzipped: "web/vendor/pyodide/pyodide.asm.wasm.gz", type: "application/wasm", kept: !WEBKIT },
  "web/vendor/pyodide-snapshot.raw": {
    gzipped: "web/vendor/pyodide-snapshot.bin", type: "application/octet-stream", kept: CHROMIUM },
};
const UNZIPPED_BY_URL = new Map(
  Object.entries(UNZIPPED).map(([name, copy]) => [new URL(name, self.location).href, copy]));

function unzip(response, type) {
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { headers: { "Content-Type": type } });
}

async function keepUnzipped(cache) {
  for (const [name, { gzipped, type, kept }] of Object.entries(UNZIPPED)) {
    if (!kept || !(gzipped in PRECACHE) || (await cache.match(name, MATCH))) continue;
    try {
      await cache.put(name, unzip(await cache.match(gzipped, MATCH), type));
    } catch (error) { // the pages are served all the same (the fetch handler below)
      console.warn(`The Plot: ${name} not kept unzipped (${error.message})`);
    }
  }
}

async function precache() {
  const cache = await caches.open(CACHE);
  const needed = Object.entries(PRECACHE).filter(([url]) => !UNUSED.includes(url));
  await Promise.all(needed.map(async ([url, digest]) => {
    if (await cache.match(url, MATCH)) return; // checked by an earlier, interrupted install
    const response = (await fromOldCache(url, digest)) || (await download(url, digest));
    await cache.put(url, response);
  }));
  await keepUnzipped(cache);
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page's "Reload now" button: take over the open pages, which then reload. Its "Try again"
// after a failed start (web/startup.js): drop every cached file, answer at once (the page then
// reloads from the network), and download this version's files again behind it.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "repair") {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX)) await caches.delete(name);
      }
      event.ports[0]?.postMessage("repaired");
      await precache().catch(() => {}); // offline now: the next visit's install tries again
    })());
  }
});

// Cache first for this site's own GET requests; anything not precached goes to the network.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const options = { ...MATCH, ignoreSearch: request.mode === "navigate" };
    const found = await cache.match(request, options);
    if (found) return found;
    const copy = UNZIPPED_BY_URL.get(request.url);
    if (!copy) return fetch(request);
    const gzipped = (await cache.match(copy.gzipped, MATCH)) ||
      (await fetch(new URL(copy.gzipped, self.location)));
    return gzipped.ok ? unzip(gzipped, copy.type) : gzipped;
  })());
});
