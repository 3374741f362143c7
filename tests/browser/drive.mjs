// Drives Debian's Chromium (headless) through the browser test's steps and prints
// one JSON object with what each step returned. Files come from a server on
// 127.0.0.1 started here; any request to another host is refused and reported.
//
//   node drive.mjs [--decisions N] [--bids N] [--chromium /usr/bin/chromium]
//                  [--site DIR --next-site DIR] [--bridge FILE]
//
// --site is our page built as `make web` builds it (index.html from the template,
// the worker, the manifest) around a stand-in archive; --next-site is a changed build
// "deployed" over it part-way; --bridge is a JSON list of [sent, shown] pairs: what
// the Python side's status texts become on the byte-wise bridge, and what the page
// must show for each.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const decisions = Number(option("--decisions", "40"));
const bids = Number(option("--bids", "0"));
const siteDir = option("--site", null);
const nextSiteDir = option("--next-site", null);
const bridgeFile = option("--bridge", null);
const executablePath = option("--chromium", "/usr/bin/chromium");
const log = (...parts) => process.stderr.write(parts.join(" ") + "\n");

// --- the files the page may load -----------------------------------------------------

function gameFiles() {
  // The pure-Python packages (engine, players, storage, platform); not spades/ui,
  // which needs pygame and is not in Pyodide. The page copies them into its FS.
  const files = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "__pycache__" && rel !== "spades/ui") walk(rel);
      } else if (entry.name.endsWith(".py") || entry.name.endsWith(".json")) {
        files[rel] = path.join(root, rel);
      }
    }
  };
  walk("spades");
  files["scenario.py"] = path.join(here, "scenario.py");
  return files;
}

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".wasm": "application/wasm", ".json": "application/json", ".zip": "application/zip",
  ".py": "text/plain; charset=utf-8", ".map": "application/json",
  ".webmanifest": "application/manifest+json", ".png": "image/png",
};

// What the server does, changed by the steps: which build is deployed, which part of
// the stand-in runtime fails, whether the network is "off" (every request cut).
const net = { site: siteDir, pythons: "ok", main: "ok", wasm: "ok", archive: "ok",
              fault: "", offline: false, requests: 0, cut: [] };
const held = [];  // answers that never come (a stalled download)
const EMPTY_WASM = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);

function resolveUrl(pathname, files) {
  if (pathname === "/harness.html" || pathname === "/host.html") {
    return path.join(here, pathname.slice(1));
  }
  if (net.site && pathname.startsWith("/game/")) {
    const name = pathname.slice("/game/".length) || "index.html";
    if (/^[A-Za-z0-9._-]+$/.test(name)) return path.join(net.site, name);
  }
  if (pathname === "/runtime/pythons.js") return path.join(here, "stub-pythons.js");
  if (pathname.startsWith("/pyodide/")) {
    const name = pathname.slice("/pyodide/".length);
    if (/^[A-Za-z0-9._-]+$/.test(name)) return path.join(here, "node_modules", "pyodide", name);
  }
  if (pathname.startsWith("/app/")) {
    const rel = pathname.slice("/app/".length);
    if (rel in files) return files[rel];
  }
  return null;
}

function answerRuntime(url, res) {
  // The stand-in interpreter: its script (or a 404) and its WebAssembly (or a stall).
  if (url.pathname === "/runtime/pythons.js" && net.pythons === "404") return notFound(res);
  if (url.pathname === "/runtime/cpython312/main.js") {
    if (net.main === "404") return notFound(res);
    res.writeHead(200, { "Content-Type": TYPES[".js"] });
    res.end(`window.STUB_FAULT = ${JSON.stringify(net.fault)};\n` +
            fs.readFileSync(path.join(here, "stub-main.js"), "utf-8"));
    return true;
  }
  if (url.pathname === "/runtime/cpython312/main.wasm") {
    if (net.wasm === "stall") { held.push(res); return true; }
    res.writeHead(200, { "Content-Type": TYPES[".wasm"], "Content-Length": EMPTY_WASM.length });
    res.end(EMPTY_WASM);
    return true;
  }
  return false;
}

function answerArchive(file, res) {
  // The archive at once, slowly in eight parts, or half of it and then nothing.
  const data = fs.readFileSync(file);
  res.writeHead(200, { "Content-Type": "application/octet-stream",
                       "Content-Length": data.length });
  if (net.archive === "ok") return res.end(data);
  const parts = 8, size = Math.ceil(data.length / parts);
  let i = 0;
  const next = () => {
    if (net.archive === "stall" && i >= parts / 2) { held.push(res); return; }
    if (i >= parts) { res.end(); return; }
    res.write(data.subarray(i * size, (i + 1) * size));
    i += 1;
    setTimeout(next, 150);
  };
  next();
}

function notFound(res) {
  res.writeHead(404);
  res.end("not found");
  return true;
}

function serve(files) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (process.env.DRIVE_DEBUG) log("request", url.pathname, net.offline ? "cut" : "", net.site);
    if (net.offline) { net.cut.push(url.pathname); req.socket.destroy(); return; }
    net.requests += 1;
    // The sandboxed iframe has an opaque origin: its fetches need CORS.
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "no-store");
    if (url.pathname === "/blank.html") {
      res.writeHead(200, { "Content-Type": TYPES[".html"] });
      res.end("<!doctype html><title>A host page</title><body></body>");
      return;
    }
    if (url.pathname === "/app/manifest.json") {
      res.writeHead(200, { "Content-Type": TYPES[".json"] });
      res.end(JSON.stringify(Object.keys(files)));
      return;
    }
    if (answerRuntime(url, res)) return;
    const file = resolveUrl(url.pathname, files);
    if (!file || !fs.existsSync(file)) return notFound(res);
    if (file.endsWith(".apk")) return answerArchive(file, res);
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// --- the steps ----------------------------------------------------------------------

async function openHarness(page, origin) {
  await page.goto(`${origin}/harness.html`);
  return page.evaluate(() => window.harness);
}

async function canvasBox(frame) {
  return frame.evaluate(() => {
    const c = document.getElementById("canvas");
    const r = c.getBoundingClientRect();
    return { w: Math.round(r.width), h: Math.round(r.height), x: Math.round(r.left),
             y: Math.round(r.top), attr: [c.width, c.height],
             view: [document.documentElement.clientWidth, document.documentElement.clientHeight] };
  });
}

function release() {
  // Stalled answers end (cut off), as a server that gives up does.
  while (held.length) held.pop().destroy();
}

async function checkPage(context, origin) {
  // The runtime's WebAssembly never comes here: the page stays at "Loading" (its
  // limit is minutes) while its other parts are checked.
  net.wasm = "stall";
  const out = {};
  const page = await context.newPage();
  const dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.type()); d.dismiss(); });
  await page.setViewportSize({ width: 1000, height: 800 });
  // What the page decides as it loads, before anything here touches it (the driver's
  // calls count as a user gesture, after which sound may play anyway).
  await page.addInitScript(() => document.addEventListener("DOMContentLoaded", () => {
    window.atLoad = { needsClick: window.spadesPage.needsClick() };
  }));
  await page.goto(`${origin}/game/index.html`);
  await page.waitForFunction(() => window.stubRuntime !== undefined);
  out.title = await page.title();
  out.loading = await page.evaluate(() => ({
    visible: !document.getElementById("loading").hidden,
    text: document.getElementById("loading").innerText }));
  out.config = await page.evaluate(() => window.stubRuntime.config);
  out.python_head = await page.evaluate(() => window.stubRuntime.python.slice(0, 200));
  out.fit_wide = await canvasBox(page);
  await page.setViewportSize({ width: 600, height: 900 });
  await page.waitForTimeout(100);
  out.fit_tall = await canvasBox(page);
  // The game sets its own size, as pygame's set_mode does.
  await page.evaluate(() => { const c = document.getElementById("canvas");
                              c.width = 800; c.height = 600; });
  await page.waitForTimeout(100);
  out.fit_resized = await canvasBox(page);
  out.keys = await page.evaluate(() => ["Tab", "Space", "ArrowDown", "F1", "KeyS"].map((code) => {
    const e = new KeyboardEvent("keydown", { code, key: code === "KeyS" ? "s" : code,
                                             bubbles: true, cancelable: true });
    document.getElementById("canvas").dispatchEvent(e);
    return [code, e.defaultPrevented];
  }));
  // The start click: asked for only while the browser holds sound back and the
  // player's saved settings have the sound on.
  out.needs_click = await page.evaluate(() => window.atLoad.needsClick);
  await page.evaluate(() => localStorage.setItem("spades/settings", JSON.stringify({sound: false})));
  await page.reload();
  await page.waitForFunction(() => window.stubRuntime !== undefined);
  out.needs_click_sound_off = await page.evaluate(() => window.atLoad.needsClick);
  await page.evaluate(() => localStorage.removeItem("spades/settings"));
  await page.evaluate(() => window.spadesPage.askClick());
  out.start_shown = await page.evaluate(() => !document.getElementById("start-panel").hidden);
  await page.keyboard.press("Enter");
  out.started = await page.evaluate(() => [window.spadesPage.started(), window.MM.UME,
    document.getElementById("start-panel").hidden, document.activeElement.id]);
  out.bridge = await checkBridge(page);
  await page.close({ runBeforeUnload: true });
  await new Promise((r) => setTimeout(r, 300));
  out.dialogs_top = dialogs.slice();

  // Embedded in a smaller iframe of another site: fits the frame, closes quietly.
  const host = await context.newPage();
  const hostDialogs = [];
  host.on("dialog", (d) => { hostDialogs.push(d.type()); d.dismiss(); });
  await host.setViewportSize({ width: 900, height: 700 });
  const game = `${origin}/game/index.html`;
  await host.goto(`${origin.replace("127.0.0.1", "localhost")}/blank.html`);
  await host.evaluate((src) => {
    document.body.innerHTML = "";
    const f = document.createElement("iframe");
    f.id = "game"; f.src = src; f.width = "640"; f.height = "480";
    f.style.border = "0";
    f.allow = "autoplay; fullscreen";
    document.body.appendChild(f);
  }, game);
  const frame = await (await host.waitForSelector("#game")).contentFrame();
  await frame.waitForFunction(() => window.stubRuntime !== undefined);
  out.embedded = await frame.evaluate(() => window.spadesPage.embedded);
  out.fit_iframe = await canvasBox(frame);
  await frame.evaluate(() => window.spadesPage.ready());
  await frame.click("#canvas");
  out.iframe_focus = await frame.evaluate(() => [document.hasFocus(), document.activeElement.id]);
  await host.close({ runBeforeUnload: true });
  await new Promise((r) => setTimeout(r, 300));
  out.dialogs_embedded = hostDialogs;
  net.wasm = "ok";
  release();
  return out;
}

async function checkBridge(page) {
  // Each text as the byte-wise bridge delivers it: what does the page show?
  if (!bridgeFile) return [];
  const pairs = JSON.parse(fs.readFileSync(bridgeFile, "utf-8"));
  return page.evaluate((pairs) => pairs.map(([sent]) => {
    window.spadesPage.say(sent);
    return document.getElementById("spades-status").textContent;
  }), pairs);
}

// --- loading: the bar, the stages, their limits, Try again ------------------------

const SHORT_LIMITS = { runtime: 1500, wasm: 1500, archive: 1500, frame: 1500 };

async function samplePage(page) {
  // Every 20 ms from the page's first script on: the stage, the bar, the panel.
  await page.addInitScript(() => {
    window.samples = [];
    const take = () => {
      const p = window.spadesPage, bar = document.getElementById("spades-bar");
      if (!p || !bar) return;
      const loading = document.getElementById("loading");
      window.samples.push({
        t: Math.round(performance.now()), stage: p.stageName(), value: bar.value,
        max: bar.max, bar_shown: !bar.hidden && !loading.hidden && bar.offsetWidth > 0,
        panel: !loading.hidden,
        status: document.getElementById("spades-status").textContent,
      });
    };
    setInterval(take, 20);
    document.addEventListener("DOMContentLoaded", take);
  });
}

async function waitStage(page, wanted, timeout) {
  // As a visitor would: the Start button (sound held back by the browser) is clicked.
  for (;;) {
    await page.waitForFunction((wanted) => window.spadesPage &&
      wanted.concat(["click"]).includes(window.spadesPage.stageName()), wanted, { timeout });
    const stage = await page.evaluate(() => window.spadesPage.stageName());
    if (stage !== "click" || wanted.includes("click")) return stage;
    await page.click("#start");
  }
}

async function failure(context, origin, setup) {
  // One broken part: how long until the page says so, what it says, and whether
  // Try again, with the part mended, starts the game.
  Object.assign(net, { pythons: "ok", main: "ok", wasm: "ok", archive: "ok", fault: "" }, setup);
  const page = await context.newPage();
  await page.addInitScript((limits) => { window.spadesTimeouts = limits; }, SHORT_LIMITS);
  const t = Date.now();
  await page.goto(`${origin}/game/index.html`);
  const stage = await waitStage(page, ["failed:runtime", "failed:wasm", "failed:archive",
                                       "failed:frame", "game"], 20000);
  const out = {
    stage, ms: Date.now() - t,
    text: await page.evaluate(() => document.getElementById("spades-status").textContent),
    retry: await page.evaluate(() => {
      const b = document.getElementById("retry");
      return !b.hidden && b.offsetWidth > 0 && document.activeElement === b;
    }),
    bar_hidden: await page.evaluate(() => document.getElementById("spades-bar").hidden),
  };
  release();
  Object.assign(net, { pythons: "ok", main: "ok", wasm: "ok", archive: "ok", fault: "" });
  if (out.retry) {
    await Promise.all([page.waitForEvent("load"), page.click("#retry")]);
    out.after_retry = await waitStage(page, ["game", "failed:runtime", "failed:wasm",
                                             "failed:archive", "failed:frame"], 20000);
  }
  await page.close();
  return out;
}

async function checkLoading(context, origin) {
  const out = {};
  // A whole load with the archive coming in eight parts: the bar and the status.
  net.archive = "slow";
  const page = await context.newPage();
  await samplePage(page);
  await page.goto(`${origin}/game/index.html`);
  await waitStage(page, ["game"], 30000);
  await page.waitForFunction(() => window.stubRuntime.frame === true);
  await page.waitForTimeout(100);
  out.samples = await page.evaluate(() => window.samples);
  out.archive = await page.evaluate(() => window.stubRuntime.archive.slice(0, 40));
  out.after = await page.evaluate(() => ({
    panel: !document.getElementById("loading").hidden,
    pixel: Array.from(document.getElementById("canvas").getContext("2d")
      .getImageData(5, 5, 1, 1).data),
  }));
  await page.close();
  net.archive = "ok";
  // Each stage broken in turn.
  out.failures = {
    runtime_script: await failure(context, origin, { pythons: "404" }),
    runtime_half: await failure(context, origin, { main: "404" }),
    runtime_stall: await failure(context, origin, { wasm: "stall" }),
    archive_stall: await failure(context, origin, { archive: "stall" }),
    no_first_frame: await failure(context, origin, { fault: "no-frame" }),
  };
  return out;
}

// --- offline after the first visit, and a new build -------------------------------

async function loadGame(page, origin) {
  const t = Date.now();
  await page.goto(`${origin}/game/index.html`);
  await page.waitForFunction(() => window.stubRuntime && window.stubRuntime.frame === true,
                             null, { timeout: 30000 });
  const ms = Date.now() - t;  // to the game's first frame
  // As a visitor stays on the page: long enough for its look for a newer build.
  await page.waitForFunction(() => window.spadesPage.workerState() !== "checking",
                             null, { timeout: 30000 });
  return { ms,
           archive: await page.evaluate(() => window.stubRuntime.archive.split("\n")[0]),
           controlled: await page.evaluate(() => !!navigator.serviceWorker.controller),
           worker: await page.evaluate(() => window.spadesPage.workerState()) };
}

async function waitFor(page, test, timeout) {
  // Polls an async test in the page (waitForFunction would take its promise as true).
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await page.evaluate(test)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting for " + test.toString().slice(0, 200));
}

async function cacheState(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname).sort();
    }
    return out;
  });
}

async function checkOffline(origin, profile) {
  // A fresh browser profile (a first visit), service workers allowed, no routing.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath, headless: true, serviceWorkers: "allow",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
           "--no-first-run", "--disable-gpu", "--disable-sync", "--disable-dev-shm-usage",
           "--autoplay-policy=no-user-gesture-required"],
  });
  const out = {};
  try {
    Object.assign(net, { site: siteDir, offline: false });
    const page = context.pages()[0] || await context.newPage();
    page.on("console", (m) => log("offline page:", m.type(), m.text()));
    context.on("serviceworker", (w) => log("worker:", w.url()));
    out.first = await loadGame(page, origin);
    // The worker keeps what the page fetched before it took over.
    await waitFor(page, async () => {
      for (const name of await caches.keys()) {
        const keys = (await (await caches.open(name)).keys()).map((r) => r.url);
        if (keys.some((u) => u.endsWith("/cpython312/main.wasm"))) return true;
      }
      return false;
    }, 20000);
    out.cached = await cacheState(page);
    // The network off: the second visit starts from the cache.
    net.offline = true;
    net.cut = [];
    out.offline = await loadGame(page, origin);
    out.offline.cut = net.cut.slice();
    net.offline = false;
    // A changed build deployed: served from the next load or the one after (the new
    // worker installs while the old build's page loads).
    net.site = nextSiteDir;
    out.deploy = [];
    for (let i = 0; i < 3; i += 1) {
      const load = await loadGame(page, origin);
      out.deploy.push(load.archive);
      if (load.archive !== out.first.archive) break;
      await waitFor(page, async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return !!reg && !reg.installing && !reg.waiting;
      }, 20000);
    }
    await page.waitForTimeout(300);
    out.cached_after = await cacheState(page);
    net.offline = true;
    out.offline_after = await loadGame(page, origin);
    net.offline = false;
  } finally {
    net.offline = false;
    await context.close();
  }
  return out;
}

// --- the import's file chooser ------------------------------------------------------

async function checkUpload(page) {
  const out = {};
  // Closed without a file: the game hears "" (its "No file was chosen") quickly.
  let [chooser] = await Promise.all([page.waitForEvent("filechooser"),
                                     page.evaluate(() => window.py("upload_open"))]);
  out.before = await page.evaluate(() => window.py("upload_take"));
  let t = Date.now();
  await chooser.setFiles([]);
  let got = null;
  while (got === null && Date.now() - t < 5000) {
    got = await page.evaluate(() => window.py("upload_take"));
    if (got === null) await page.waitForTimeout(20);
  }
  out.cancelled = { text: got, ms: Date.now() - t };
  // A file chosen: its text arrives.
  [chooser] = await Promise.all([page.waitForEvent("filechooser"),
                                 page.evaluate(() => window.py("upload_open"))]);
  await chooser.setFiles({ name: "save.json", mimeType: "application/json",
                           buffer: Buffer.from('{"chosen": true}') });
  t = Date.now();
  got = null;
  while (got === null && Date.now() - t < 5000) {
    got = await page.evaluate(() => window.py("upload_take"));
    if (got === null) await page.waitForTimeout(20);
  }
  out.chosen = { text: got, ms: Date.now() - t };
  return out;
}

async function main() {
  const files = gameFiles();
  const server = await serve(files);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "spades-chromium-"));
  const offlineProfile = fs.mkdtempSync(path.join(os.tmpdir(), "spades-offline-"));
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "spades-downloads-"));
  const outside = [];
  const result = { origin };
  const clock = Date.now();
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      serviceWorkers: "block",  // the loading checks below must meet the server itself
      acceptDownloads: true,
      downloadsPath: downloads,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
             "--no-first-run", "--disable-gpu", "--disable-sync", "--disable-dev-shm-usage",
             // as a first visit to a site: sound waits for a click or a key press
             "--autoplay-policy=document-user-activation-required"],
    });
    // Nothing leaves this machine: only the local server answers.
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      const local = url.hostname === "127.0.0.1" || url.hostname === "localhost";
      if (local || url.protocol === "blob:" || url.protocol === "data:") return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    const page = context.pages()[0] || await context.newPage();
    page.on("pageerror", (e) => log("page error:", e.message));
    result.browser = context.browser() ? context.browser().version() : null;

    let t = Date.now();
    result.runtime = await openHarness(page, origin);
    result.runtime.load_ms = Date.now() - t;
    log("runtime", JSON.stringify(result.runtime));

    // 1. A whole computer-only match, saved part-way into the page's localStorage.
    await page.evaluate(() => window.localStorage.clear());
    t = Date.now();
    result.match = await page.evaluate(() => window.py("play_match", 11, 150));
    result.match.wall_ms = Date.now() - t;
    result.stored_keys = await page.evaluate(() => Object.keys(window.localStorage).sort());
    log("match", JSON.stringify(result.match));

    // 2. Reload the page: a fresh interpreter finds the save and resumes it.
    await page.reload();
    await page.evaluate(() => window.harness);
    result.resume = await page.evaluate(() => window.py("resume_match"));
    log("resume", JSON.stringify(result.resume));

    // 3. Export everything as a download, as the game's export does.
    const [download, offered] = await Promise.all([
      page.waitForEvent("download", { timeout: 30000 }),
      page.evaluate(() => window.py("export_download", "spades-export.json")),
    ]);
    const saved = path.join(downloads, "export.json");
    await download.saveAs(saved);
    result.export = {
      offered,
      suggested: download.suggestedFilename(),
      text: fs.readFileSync(saved, "utf-8"),
    };
    result.export.checked = await page.evaluate(
      (text) => window.py("check_export", text), result.export.text);
    log("export", JSON.stringify(result.export.offered), result.export.suggested);

    // 4. A host page that refuses storage to the game's frame.
    const host = await context.newPage();
    await host.goto(`${origin.replace("127.0.0.1", "localhost")}/host.html`);
    const frameHandle = await host.waitForSelector("#game");
    const frame = await frameHandle.contentFrame();
    await frame.waitForFunction(() => window.harness !== undefined);
    result.refused_runtime = await frame.evaluate(() => window.harness);
    result.refused_direct = await frame.evaluate(() => {
      try { return typeof window.localStorage.length; } catch (e) { return e.name; }
    });
    result.refused = await frame.evaluate(() => window.py("refused_storage"));
    log("refused", JSON.stringify(result.refused));
    await host.close();

    // 5. Import: the browser's file chooser, closed without a file, then with one.
    result.upload = await checkUpload(page);
    log("upload", JSON.stringify(result.upload));

    // 6. Our page around a stand-in runtime: the page, its loading, offline.
    if (siteDir) {
      result.page = await checkPage(context, origin);
      log("page", JSON.stringify(result.page.bridge));
      result.loading = await checkLoading(context, origin);
      log("loading", JSON.stringify(result.loading.failures));
      result.offline = await checkOffline(origin, offlineProfile);
      log("offline", JSON.stringify(result.offline));
    }

    // 7. Hard decisions with the default budget, timed in WebAssembly: cards, bids.
    t = Date.now();
    result.timings = await page.evaluate((n) => window.py("time_hard_decisions", n), decisions);
    log("timed", result.timings.length, "hard card decisions in", Date.now() - t, "ms");
    t = Date.now();
    result.bid_timings = await page.evaluate((n) => window.py("time_hard_bids", n), bids);
    log("timed", result.bid_timings.length, "hard bids in", Date.now() - t, "ms");
  } finally {
    if (context) await context.close();
    release();
    server.closeAllConnections();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(offlineProfile, { recursive: true, force: true });
    fs.rmSync(downloads, { recursive: true, force: true });
  }
  result.outside_requests = outside;
  result.total_ms = Date.now() - clock;
  process.stdout.write(JSON.stringify(result) + "\n");
}

main().catch((e) => {
  log("drive.mjs failed:", e && e.stack ? e.stack : e);
  process.exit(1);
});
