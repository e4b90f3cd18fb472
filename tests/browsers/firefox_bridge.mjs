// Firefox for the cross-browser tests: puppeteer-core drives Debian's Firefox ESR over WebDriver
// BiDi (no geckodriver), and this bridge lets the Python tests use it. One JSON object a line:
// the tests write {"id", "cmd", ...args} to stdin; the bridge answers {"id", "ok": true, "value"}
// or {"id", "ok": false, "error"} on stdout, in order. Nothing else is ever written to stdout.
//
//   node tests/browsers/firefox_bridge.mjs /usr/bin/firefox-esr
//
// Each page lives in a browser context of its own (empty storage, its own service workers), and
// collects what must never happen on it (console errors, page errors, failed requests, requests
// to another origin) until the tests ask for them with "problems".
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2] || "/usr/bin/firefox-esr";
const pages = new Map();
let nextPage = 1;
let browser = null;

// A failed request counts, unless the player never sees it: aborted because the page navigated
// away meanwhile (a list the game fetches after it is ready, cut short by a reload), as
// tests/e2e/tablepage.py's Navigations says for Chromium. Firefox reports such a failure before
// the request of the navigation that caused it: an aborted request is judged when the problems
// are asked for.
function watch(page, origin, failingWarnings) {
  const problems = [];
  const aborted = []; // [problem, the navigation its request belongs to]
  let navigations = 0; // main-frame navigations started so far
  const startedIn = new WeakMap(); // request -> the navigation it belongs to
  page.on("console", (message) => {
    const type = message.type();
    const text = message.text();
    if (type === "error") problems.push(`console error: ${text}`);
    else if (type === "warn" && failingWarnings.some((w) => text.includes(w))) {
      problems.push(`console warning: ${text}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message ?? error}`));
  page.on("requestfailed", (request) => {
    const failure = request.failure()?.errorText ?? "";
    const problem = `request failed: ${request.url()} (${failure})`;
    if (failure.includes("ABORTED")) aborted.push([problem, startedIn.get(request) ?? navigations]);
    else problems.push(problem);
  });
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    startedIn.set(request, navigations);
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.origin !== origin) problems.push(`request to another origin: ${request.url()}`);
  });
  // what the page met since the last call
  return () => [
    ...problems.splice(0, problems.length),
    ...aborted.splice(0, aborted.length).filter(([, made]) => made >= navigations)
      .map(([problem]) => problem),
  ];
}

function entry(id) {
  const found = pages.get(id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
}

const commands = {
  async launch() {
    browser = await puppeteer.launch({ browser: "firefox", executablePath, headless: true });
    return browser.version();
  },

  // `downloads`: the folder the page's downloads are saved in
  async newPage({ origin, width, height, failingWarnings, downloads }) {
    const context = await browser.createBrowserContext({
      downloadBehavior: { policy: "allow", downloadPath: downloads },
    });
    const page = await context.newPage();
    await page.setViewport({ width, height });
    // an Error handed to console.error reads "JSHandle@error" here: hand over its name, message
    // and stack as text instead
    await page.evaluateOnNewDocument(() => {
      const error = console.error.bind(console);
      console.error = (...args) => error(...args.map((a) => (a instanceof Error
        ? [String(a), a.stack].filter(Boolean).join("\n") : a)));
    });
    const id = nextPage++;
    pages.set(id, { context, page, problems: watch(page, origin, failingWarnings) });
    return id;
  },

  async closePage({ page }) {
    await entry(page).context.close();
    pages.delete(page);
    return null;
  },

  async goto({ page, url }) {
    await entry(page).page.goto(url);
    return null;
  },

  async reload({ page }) {
    await entry(page).page.reload();
    return null;
  },

  // `source` is a JS function of one argument; its (awaited) result comes back as JSON text.
  async evaluate({ page, source, arg }) {
    const expression = `(async () => JSON.stringify(await (${source})(${JSON.stringify(arg)})))()`;
    return entry(page).page.evaluate(expression);
  },

  async mouse({ page, action, x, y, steps }) {
    const mouse = entry(page).page.mouse;
    if (action === "click") await mouse.click(x, y);
    else if (action === "move") await mouse.move(x, y, { steps: steps ?? 1 });
    else if (action === "down") await mouse.down();
    else if (action === "up") await mouse.up();
    else throw new Error(`unknown mouse action ${action}`);
    return null;
  },

  // Clicks `gap` ms apart in one command, so the bridge's round trips do not add to the gap.
  async clicks({ page, points, gap }) {
    const mouse = entry(page).page.mouse;
    for (const [i, [x, y]] of points.entries()) {
      if (i && gap) await new Promise((resolve) => setTimeout(resolve, gap));
      await mouse.click(x, y);
    }
    return null;
  },

  // A file handed to a file input, as a file chooser does (the input's change event follows).
  async setFiles({ page, selector, path }) {
    const input = await entry(page).page.$(selector);
    if (!input) throw new Error(`no ${selector} on the page`);
    await input.uploadFile(path);
    return null;
  },

  async key({ page, key }) {
    await entry(page).page.keyboard.press(key);
    return null;
  },

  async viewport({ page, width, height }) {
    await entry(page).page.setViewport({ width, height });
    return null;
  },

  async screenshot({ page, path }) {
    await entry(page).page.screenshot({ path });
    return path;
  },

  async offline({ page, value }) {
    await entry(page).page.setOfflineMode(value);
    return null;
  },

  async problems({ page }) {
    return entry(page).problems();
  },

  async quit() {
    if (browser) await browser.close();
    browser = null;
    return null;
  },
};

function answer(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

// Commands run one after another, in the order they arrive.
let queue = Promise.resolve();
const input = createInterface({ input: process.stdin });
input.on("line", (line) => {
  if (!line.trim()) return;
  queue = queue.then(async () => {
    let request;
    try {
      request = JSON.parse(line);
      const run = commands[request.cmd];
      if (!run) throw new Error(`unknown command ${request.cmd}`);
      answer({ id: request.id, ok: true, value: await run(request) });
    } catch (error) {
      answer({ id: request?.id ?? null, ok: false, error: String(error?.stack ?? error) });
    }
  });
});
input.on("close", () => {
  queue.then(() => commands.quit()).finally(() => process.exit(0));
});
