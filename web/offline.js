// Offline play: once the game is playable, register the service worker (sw.js, next to
// index.html, so it controls the whole site) and tell the player when a new version is ready.
// A new version waits until the game is next opened, or until the player presses "Reload now";
// either way the game in progress is in localStorage (saved after every move and when the page
// is left), which a version switch never touches.
const root = document.documentElement;
const notice = document.getElementById("update");
let reloading = false;
let ready = null; // the registration whose new version waits, once there is one

function whenReady(start) {
  if (root.dataset.ready === "true") return start();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready === "true") {
      watch.disconnect();
      start();
    }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// "Reload now": the waiting version takes over, and the page reloads once it has (below);
// "Later": the banner goes, and the new version starts the next time the game is opened
document.getElementById("update-now").addEventListener("click", () => {
  reloading = true;
  ready?.waiting?.postMessage("skip-waiting");
});
document.getElementById("update-later").addEventListener("click", () => { notice.hidden = true; });

function offer(registration) {
  ready = registration;
  notice.hidden = false;
}

async function register() {
  const registration = await navigator.serviceWorker.register("sw.js");
  // only a page that already runs on a service worker has an older version to replace
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && isUpdate()) offer(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && isUpdate()) offer(registration);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload(); // pagehide saves the game once more on the way out
  });
}

// Without a worker, the page's own cache keeps the interpreter's snapshot for the next start
// instead (web/boot.js restores it only from a cache: a first visit does not download it).
async function keepSnapshot() {
  try {
    const { SNAPSHOT_CACHE, RESTORES_SNAPSHOTS } = await import("./boot.js");
    if (!RESTORES_SNAPSHOTS) throw new Error("this browser starts from scratch");
    const url = new URL("web/vendor/pyodide-snapshot.bin", document.baseURI).href;
    const cache = await caches.open(SNAPSHOT_CACHE);
    if (!(await cache.match(url))) await cache.add(url);
    root.dataset.snapshot = "kept";
  } catch {
    root.dataset.snapshot = "none"; // no cache here (private mode...), or no snapshot to keep:
  } //                                  the next start is a full one, as a first visit's
}

whenReady(() => {
  const offline = "serviceWorker" in navigator ? register() : Promise.reject(new Error("none"));
  offline.catch((error) => {
    // no offline copy this time (private mode, blocked storage...): the game still plays
    console.warn("The Plot: offline play is not available:", error);
    keepSnapshot();
  });
});
