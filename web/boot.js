// Start Pyodide as soon as the table's skeleton is painted, in parallel with PyScript's own start
// (which fetches its chunks, pyscript.toml, the TOML parser and its plugins one after another
// before it asks for the interpreter). pyscript.toml names this module as the interpreter:
// PyScript imports it and calls loadPyodide(), which hands over the Pyodide started here, with
// PyScript's output handlers attached. Same vendored files, same options: only earlier.
import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
let started = null;

function start() {
  if (!started) {
    started = load({ indexURL });
    started.catch(() => {}); // a failure is reported when PyScript asks for the interpreter
  }
  return started;
}

// Once the skeleton is on screen (the browser reports the first contentful paint): the downloads
// and the compile never hold back the first paint. Where paint timing is missing, after the first
// frame. A page opened in a background tab paints nothing yet, and starts when PyScript asks.
if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length) {
      observer.disconnect();
      start();
    }
  }).observe({ type: "paint", buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(start));
}

export async function loadPyodide({ stdout, stderr, indexURL: _ignored, ...others } = {}) {
  const unsupported = Object.keys(others);
  if (unsupported.length) {
    // e.g. `packages` in pyscript.toml: this early start would silently drop them
    throw new Error(`web/boot.js does not pass on Pyodide options: ${unsupported.join(", ")}`);
  }
  const pyodide = await start();
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
