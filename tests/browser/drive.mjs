// Drives Debian's Chromium (headless) through the browser test's steps and prints
// one JSON object with what each step returned. Files come from a server on
// 127.0.0.1 started here; any request to another host is refused and reported.
//
//   node drive.mjs [--decisions N] [--bids N] [--reviews N] [--chromium /usr/bin/chromium]
//                  [--replay TRACES]
//                  [--port P --cdn-port Q]
//                  [--site DIR --next-site DIR --self-site DIR] [--bridge FILE]
//
// --site is our page built as `make web` builds it (index.html from the template,
// the worker, the manifest) around a stand-in archive, its runtime on the stand-in
// CDN: a second server on 127.0.0.1 (port Q, another origin than the page's port P),
// which sends `Access-Control-Allow-Origin: *` as pygbag's CDN does, or no CORS
// headers when a step says so; --next-site is a changed build "deployed" over it
// part-way; --self-site is a build whose runtime is on the page's own origin
// (/runtime/: self-hosted, no CORS needed). --bridge is a JSON list of [sent, shown]
// pairs: what the Python side's status texts become on the byte-wise bridge, and
// what the page must show for each. --taps is a JSON object of CSS points to press on
// the 2x and 3x screens ({"1280x720": [[x, y], ...], "390x844": [...]}). The stand-in runtime is tests/browser/runtime/.
// --serve-port (8000-8999) and --python run build/serve.py (`make serve`) in front of
// the stand-in CDN. While working on the page, --page-only runs only the page's steps
// (DRIVE_SKIP_LOADING=1 leaves out the loading failures, DRIVE_ONLY_OFFLINE=1 all but
// the visits with the worker, DRIVE_DEBUG=1 logs requests).
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
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
const reviews = Number(option("--reviews", "0"));  // "With all cards seen", timed
// Only recorded first hands' reviews, replayed frame by frame (review_trace.py --wasm).
const replayFile = option("--replay", null);
const siteDir = option("--site", null);
const nextSiteDir = option("--next-site", null);
const selfSiteDir = option("--self-site", null);
const pagePort = Number(option("--port", "0"));
const servePort = Number(option("--serve-port", "0"));  // make serve's: 8000-8999
const python = option("--python", "python3");
const cdnPort = Number(option("--cdn-port", "0"));
const bridgeFile = option("--bridge", null);
const tapsFile = option("--taps", null);
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

// What the servers do, changed by the steps: which build is deployed, which part of
// the stand-in runtime fails or crawls, whether the CDN sends CORS headers, whether
// the network is "off" (every request to either server cut).
const FINE = { pythons: "ok", main: "ok", wasm: "ok", data: "ok", rc: "ok", archive: "ok",
               index: "ok", wheel: "ok", fault: "", cors: true, slowMs: 150 };
const net = { site: siteDir, ...FINE, offline: false, requests: 0, cut: [] };
const held = [];  // answers that never come (a stalled download)
const EMPTY_WASM = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);
const DATA = Buffer.alloc(64 * 1024, 7);  // the stand-in main.data
const RUNTIME_DIRS = ["/runtime/", "/cdn/0.9.3/"];  // self-hosted, on the stand-in CDN
// The stand-in CDN's package folder, in place of https://pygame-web.github.io/cdn/:
// the package index and the pygame-ce wheel it names, as pygbag 0.9.3's index does.
const PACKAGES = `http://127.0.0.1:${cdnPort}/cdn/`;
const WHEEL = "cp312/pygame_ce-2.5.7-cp312-cp312-wasm32_bi_emscripten.whl";
const INDEX = { "-CDN-": PACKAGES, pygame: "cp312/pygame_ce-2.5.7-<abi>-<abi>-<api>.whl" };

function resolveUrl(pathname, files) {
  if (pathname === "/harness.html" || pathname === "/host.html") {
    return path.join(here, pathname.slice(1));
  }
  for (const [prefix, dir] of [["/game/", net.site], ["/self/", selfSiteDir]]) {
    if (dir && pathname.startsWith(prefix)) {
      const name = pathname.slice(prefix.length) || "index.html";
      if (/^[A-Za-z0-9._-]+$/.test(name)) return path.join(dir, name);
    }
  }
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

function sendInParts(res, data, mode, headers) {
  // At once, in eight parts net.slowMs apart, or half of it and then nothing.
  res.writeHead(200, headers);
  if (mode === "ok") return res.end(data);
  const parts = 8, size = Math.ceil(data.length / parts);
  let i = 0;
  const next = () => {
    if (mode === "stall" && i >= parts / 2) { held.push(res); return; }
    if (i >= parts) { res.end(); return; }
    res.write(data.subarray(i * size, (i + 1) * size));
    i += 1;
    setTimeout(next, net.slowMs);
  };
  next();
  return true;
}

function answerPackages(url, res) {
  // The package index and the wheel (the CDN's /cdn/, or make serve's proxy of it).
  if (url.pathname === "/cdn/index-0.9.3-cp312.json") {
    if (net.index === "404") return notFound(res);
    if (net.index === "stall") { held.push(res); return true; }
    res.writeHead(200, { "Content-Type": TYPES[".json"] });
    res.end(JSON.stringify(INDEX));
    return true;
  }
  if (url.pathname === "/cdn/" + WHEEL) {
    if (net.wheel === "404") return notFound(res);
    if (net.wheel === "stall") { held.push(res); return true; }
    res.writeHead(200, { "Content-Type": "application/zip" });
    res.end(Buffer.from("PK\x03\x04 a stand-in wheel"));
    return true;
  }
  return false;
}

function answerRuntime(url, res) {
  // The stand-in runtime (tests/browser/runtime): pythons.js, the interpreter's glue,
  // its WebAssembly and data, cpythonrc.py; each can be missing or crawl.
  if (answerPackages(url, res)) return true;
  const dir = RUNTIME_DIRS.find((d) => url.pathname.startsWith(d));
  if (!dir) return false;
  const name = url.pathname.slice(dir.length);
  const js = { "Content-Type": TYPES[".js"] };
  if (name === "pythons.js") {
    if (net.pythons === "404") return notFound(res);
    if (net.pythons === "stall") { held.push(res); return true; }
    res.writeHead(200, js);
    res.end(fs.readFileSync(path.join(here, "runtime", "pythons.js")));
    return true;
  }
  if (name === "cpython312/main.js") {
    if (net.main === "404") return notFound(res);
    if (net.main === "stall") { held.push(res); return true; }
    res.writeHead(200, js);
    res.end(`window.STUB_FAULT = ${JSON.stringify(net.fault)};\n` +
            `window.STUB_PACKAGES = ${JSON.stringify(PACKAGES)};\n` +
            fs.readFileSync(path.join(here, "runtime", "main.js"), "utf-8"));
    return true;
  }
  if (name === "cpython312/main.wasm") {
    if (net.wasm === "404") return notFound(res);
    if (net.wasm === "stall") { held.push(res); return true; }
    res.writeHead(200, { "Content-Type": TYPES[".wasm"], "Content-Length": EMPTY_WASM.length });
    res.end(EMPTY_WASM);
    return true;
  }
  if (name === "cpython312/main.data") {
    if (net.data === "404") return notFound(res);
    return sendInParts(res, DATA, net.data, { "Content-Type": "application/octet-stream",
                                              "Content-Length": DATA.length });
  }
  if (name === "cpythonrc.py") {
    if (net.rc === "404") return notFound(res);
    res.writeHead(200, { "Content-Type": "text/x-python" });
    res.end("# stand-in cpythonrc.py\n");
    return true;
  }
  return notFound(res);
}

function answerArchive(file, res) {
  // As a host may send it: whole with its length, in slow parts, stalled, missing,
  // chunked without a length, cut short, or an HTML page in its place.
  const data = fs.readFileSync(file);
  const headers = { "Content-Type": "application/octet-stream", "Content-Length": data.length };
  if (net.archive === "404") return notFound(res);
  if (net.archive === "chunked") {
    res.writeHead(200, { "Content-Type": "application/octet-stream" });
    res.write(data.subarray(0, 1000));
    setTimeout(() => res.end(data.subarray(1000)), 50);
    return true;
  }
  if (net.archive === "short") {
    res.writeHead(200, { "Content-Type": "application/octet-stream" });
    return res.end(data.subarray(0, data.length >> 1));
  }
  if (net.archive === "html") {
    res.writeHead(200, { "Content-Type": TYPES[".html"] });
    return res.end("<!doctype html><title>Not here</title><p>This site has no such page.</p>");
  }
  return sendInParts(res, data, net.archive, headers);
}

function notFound(res) {
  res.writeHead(404);
  res.end("not found");
  return true;
}

function listen(server, port) {
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

function serve(files) {
  // The page's origin: the builds, the self-hosted runtime, the Pyodide harness.
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
    if (url.pathname.startsWith("/runtime/")) { answerRuntime(url, res); return; }
    const file = resolveUrl(url.pathname, files);
    if (!file || !fs.existsSync(file)) return notFound(res);
    if (file.endsWith(".apk")) return answerArchive(file, res);
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return listen(server, pagePort);
}

function serveCdn() {
  // The stand-in CDN: another origin (port), CORS headers as pygbag's CDN sends them
  // unless net.cors is off.
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (process.env.DRIVE_DEBUG) log("cdn request", url.pathname, net.offline ? "cut" : "");
    if (net.offline) { net.cut.push("cdn:" + url.pathname); req.socket.destroy(); return; }
    net.requests += 1;
    if (net.cors) res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "no-store");
    answerRuntime(url, res);
  });
  return listen(server, cdnPort);
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
    const transfer = document.querySelectorAll("#transfer");
    return { w: Math.round(r.width), h: Math.round(r.height), x: Math.round(r.left),
             y: Math.round(r.top), right: Math.round(r.right), bottom: Math.round(r.bottom),
             attr: [c.width, c.height], ratio: window.devicePixelRatio,
             view: [document.documentElement.clientWidth, document.documentElement.clientHeight],
             transfer: transfer.length,
             transfer_shown: Array.from(transfer).some((e) => e.getClientRects().length > 0) };
  });
}

function release() {
  // Stalled answers end (cut off), as a server that gives up does.
  while (held.length) held.pop().destroy();
}

function docsSnippet(gameUrl) {
  // The iframe of docs/embed.md, as a host copies it, pointed at our build.
  const text = fs.readFileSync(path.join(root, "docs", "embed.md"), "utf-8");
  const m = text.match(/```html\n(<iframe[\s\S]*?<\/iframe>)\n```/);
  if (!m) throw new Error("docs/embed.md has no iframe snippet");
  return m[1].replace(/src="[^"]*"/, `src="${gameUrl}"`);
}

async function checkPage(context, origin) {
  // The runtime's WebAssembly never comes here: the page stays at "Loading" (its
  // limit is a minute) while its other parts are checked.
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
  await page.waitForLoadState("load");
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
  const pressKeys = () => page.evaluate(() => ["Tab", "Space", "ArrowDown", "F1", "KeyS"].map((code) => {
    const e = new KeyboardEvent("keydown", { code, key: code === "KeyS" ? "s" : code,
                                             bubbles: true, cancelable: true });
    document.getElementById("canvas").dispatchEvent(e);
    return [code, e.defaultPrevented];
  }));
  out.keys = await pressKeys();
  // F6 hands the keyboard back to the page: then Tab is the browser's again, until
  // the player clicks the table.
  // (The loading panel covers the table here: the click is the table's own event.)
  await page.dispatchEvent("#canvas", "pointerdown");
  await page.keyboard.press("F6");
  out.released = await page.evaluate(() => [document.activeElement.id,
                                             document.getElementById("canvas").tabIndex]);
  out.keys_released = await pressKeys();
  await page.dispatchEvent("#canvas", "pointerdown");
  out.keys_again = await pressKeys();
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
    const before = document.createElement("button");
    before.id = "before"; before.textContent = "Before the game";
    document.body.appendChild(before);
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
  await host.waitForTimeout(200);
  // Loaded and on screen: the keyboard stays with the host page until a click.
  out.iframe_focus_before = await frame.evaluate(() => [document.hasFocus(),
                                                        document.activeElement.id]);
  await frame.click("#canvas");
  out.iframe_focus = await frame.evaluate(() => [document.hasFocus(), document.activeElement.id]);
  // F6 hands the keys to the host page; the host's iframe.focus(), and a Tab from the
  // host's control before the frame, give them to the table again (not only a click).
  const inFrame = () => frame.evaluate(() => [document.hasFocus(), document.activeElement.id,
                                               document.getElementById("canvas").tabIndex]);
  await host.keyboard.press("F6");
  await host.waitForTimeout(100);
  out.iframe_released = await inFrame();
  await host.evaluate(() => document.getElementById("game").focus());
  await host.waitForTimeout(100);
  out.iframe_refocused = await inFrame();
  await host.keyboard.press("F6");
  await host.focus("#before");
  await host.keyboard.press("Tab");
  await host.waitForTimeout(100);
  out.iframe_tabbed = await inFrame();
  await host.close({ runBeforeUnload: true });
  await new Promise((r) => setTimeout(r, 300));
  out.dialogs_embedded = hostDialogs;
  net.wasm = "ok";
  release();
  return out;
}

async function checkFill(context, origin) {
  // Whole loads: the table fills the page exactly, at a desktop size, a phone's, and
  // in the docs' iframe; on a 2x and a 3x screen the backing store is twice the CSS
  // size (the cap), and a press reaches the game in the window's pixels.
  Object.assign(net, FINE);
  const out = {};
  const page = await context.newPage();
  for (const [w, h] of [[1280, 720], [360, 640]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${origin}/game/index.html`);
    await waitStage(page, ["game"], 20000);
    out[`${w}x${h}`] = await canvasBox(page);
  }
  // High-density screens: a 2x desktop (mouse clicks) and a 3x phone (fingers), each
  // pressed at the CSS points --taps names; what the game is told of each press.
  const taps = tapsFile ? JSON.parse(fs.readFileSync(tapsFile, "utf-8")) : {};
  const cdp = await context.newCDPSession(page);
  for (const [key, w, h, ratio, phone] of [["dpr2", 1280, 720, 2, false],
                                           ["dpr3", 390, 844, 3, true]]) {
    await cdp.send("Emulation.setDeviceMetricsOverride",
                   { width: w, height: h, deviceScaleFactor: ratio, mobile: phone });
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: phone });
    await page.goto(`${origin}/game/index.html`);
    await waitStage(page, ["game"], 20000);
    out[key] = await canvasBox(page);
    out[key].presses = [];
    for (const [x, y] of taps[`${w}x${h}`] || []) {
      if (phone) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      } else {
        await page.mouse.click(x, y);
      }
      out[key].presses.push([[x, y], await page.evaluate(() => window.stubRuntime.pointer)]);
    }
  }
  await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: false });
  await cdp.send("Emulation.clearDeviceMetricsOverride");
  await page.close();
  const host = await context.newPage();
  await host.setViewportSize({ width: 1000, height: 800 });
  await host.goto(`${origin.replace("127.0.0.1", "localhost")}/blank.html`);
  const snippet = docsSnippet(`${origin}/game/index.html`);
  await host.evaluate((html) => { document.body.innerHTML = html; }, snippet);
  const handle = await host.waitForSelector("iframe");
  out.snippet = await handle.evaluate((f) => ({
    claimed: [Number(f.getAttribute("width")), Number(f.getAttribute("height"))],
    box: [f.clientWidth, f.clientHeight] }));
  const frame = await handle.contentFrame();
  await waitStage(frame, ["game"], 20000);
  out.snippet.canvas = await canvasBox(frame);
  await host.close();
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

const SHORT_LIMITS = { runtime: 1500, wasm: 1500, archive: 1500, frame: 1500, stall: 1500 };

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
  // A page that loads itself again meanwhile (a new build's worker took over) is
  // followed to its new document.
  const end = Date.now() + timeout;
  for (;;) {
    try {
      await page.waitForFunction((wanted) => window.spadesPage &&
        wanted.concat(["click"]).includes(window.spadesPage.stageName()), wanted,
        { timeout: Math.max(1, end - Date.now()) });
      const stage = await page.evaluate(() => window.spadesPage.stageName());
      if (stage !== "click" || wanted.includes("click")) return stage;
      await page.click("#start");
    } catch (e) {
      if (!/context was destroyed|navigat/i.test(String(e)) || Date.now() > end) throw e;
      await page.waitForLoadState("domcontentloaded");
    }
  }
}

const ENDS = ["failed:runtime", "failed:wasm", "failed:archive", "failed:apk", "failed:frame",
              "failed:packages", "failed:error", "game"];

async function failure(context, origin, setup, limits) {
  // One broken part: how long until the page says so, what it says, and whether
  // Try again, with the part mended, starts the game. `limits` null: the page's own.
  Object.assign(net, FINE, setup);
  const page = await context.newPage();
  const dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.type()); d.dismiss(); });
  if (limits) await page.addInitScript((l) => { window.spadesTimeouts = l; }, limits);
  const t = Date.now();
  await page.goto(`${origin}/game/index.html`);
  const stage = await waitStage(page, ENDS, 60000);
  const out = {
    stage, ms: Date.now() - t,
    text: await page.evaluate(() => document.getElementById("spades-status").textContent),
    retry: await page.evaluate(() => {
      const b = document.getElementById("retry");
      return !b.hidden && b.offsetWidth > 0 && document.activeElement === b;
    }),
    bar_hidden: await page.evaluate(() => document.getElementById("spades-bar").hidden),
    archive: await page.evaluate(() => ((window.stubRuntime && window.stubRuntime.archive) || "").split("\n")[0]),
  };
  release();
  Object.assign(net, FINE);
  if (out.retry) {
    await Promise.all([page.waitForEvent("load"), page.click("#retry")]);
    out.after_retry = await waitStage(page, ENDS, 20000);
  }
  out.dialogs = dialogs;
  await page.close();
  return out;
}

async function checkLoading(context, origin) {
  const out = {};
  // A whole load with the runtime's data and the archive each coming in eight parts
  // 150 ms apart: the bar and the status.
  Object.assign(net, FINE, { archive: "slow", data: "slow" });
  const page = await context.newPage();
  await samplePage(page);
  await page.goto(`${origin}/game/index.html`);
  await waitStage(page, ["game"], 30000);
  await page.waitForFunction(() => window.stubRuntime.frame === true);
  await page.waitForTimeout(100);
  out.samples = await page.evaluate(() => window.samples);
  out.archive = await page.evaluate(() => window.stubRuntime.archive.slice(0, 40));
  out.mounted = await page.evaluate(() => window.stubRuntime.mounted.slice(0, 5));
  out.after = await page.evaluate(() => ({
    panel: !document.getElementById("loading").hidden,
    pixel: Array.from(document.getElementById("canvas").getContext("2d")
      .getImageData(5, 5, 1, 1).data),
  }));
  await page.close();
  Object.assign(net, FINE);
  // Each part broken in turn. Missing files and bad archives at the page's own
  // limits (each must be told at once); stalls at limits of 1.5 s.
  out.failures = {
    runtime_script: await failure(context, origin, { pythons: "404" }),
    runtime_half: await failure(context, origin, { main: "404" }),
    wasm_missing: await failure(context, origin, { wasm: "404" }),
    data_missing: await failure(context, origin, { data: "404" }),
    rc_missing: await failure(context, origin, { rc: "404" }),
    no_cors: await failure(context, origin, { cors: false }),
    archive_missing: await failure(context, origin, { archive: "404" }),
    archive_short: await failure(context, origin, { archive: "short" }),
    archive_html: await failure(context, origin, { archive: "html" }),
    runtime_alert: await failure(context, origin, { fault: "alert" }),
    runtime_stall: await failure(context, origin, { wasm: "stall" }, SHORT_LIMITS),
    data_stall: await failure(context, origin, { data: "stall" }, SHORT_LIMITS),
    archive_stall: await failure(context, origin, { archive: "stall" }, SHORT_LIMITS),
    no_first_frame: await failure(context, origin, { fault: "no-frame" }, SHORT_LIMITS),
    index_missing: await failure(context, origin, { index: "404" }),
    wheel_missing: await failure(context, origin, { wheel: "404" }),
    index_stall: await failure(context, origin, { index: "stall" }, SHORT_LIMITS),
    wheel_stall: await failure(context, origin, { wheel: "stall" }, SHORT_LIMITS),
  };
  // What is not a failure: an archive sent chunked without a length, and downloads
  // that crawl (a part a second) far past a stall limit of 1.5 s.
  out.fine = {
    archive_chunked: await failure(context, origin, { archive: "chunked" }),
    crawling: await failure(context, origin, { data: "slow", archive: "slow", slowMs: 1000 },
                            SHORT_LIMITS),
  };
  // A stalled runtime at the page's own limits (25 s without a byte): told within 30 s.
  out.failures.runtime_stall_real = await failure(context, origin, { wasm: "stall" });
  out.failures.script_stall_real = await failure(context, origin, { main: "stall" });
  return out;
}

// --- make serve -----------------------------------------------------------------

async function checkServe(context) {
  // build/serve.py (what `make serve` runs) on http://localhost:8xxx/, its /cdn/ from
  // the stand-in CDN: the page starts, pygame-ce from this port's /cdn/ (the runtime
  // alone would ask port 8000's).
  if (!servePort) return null;
  Object.assign(net, FINE);
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "spades-serve-"));
  const child = spawn(python, [path.join(root, "build", "serve.py"), "--directory", siteDir,
                               "--port", String(servePort), "--cache", cache,
                               "--cdn", `http://127.0.0.1:${cdnPort}`],
                      { stdio: ["ignore", "pipe", "pipe"] });
  const out = {};
  try {
    out.printed = await new Promise((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (d) => { text += d; if (text.includes("\n")) resolve(text.trim()); });
      child.on("exit", (code) => reject(new Error("serve.py ended: " + code)));
      setTimeout(() => reject(new Error("serve.py printed nothing")), 10000);
    });
    const page = await context.newPage();
    const t = Date.now();
    await page.goto(`http://localhost:${servePort}/`);
    out.stage = await waitStage(page, ENDS, 30000);
    out.ms = Date.now() - t;
    out.wheel = await page.evaluate(() => window.stubRuntime.wheel || "");
    out.archive = await page.evaluate(() => (window.stubRuntime.archive || "").split("\n")[0]);
    // The wheel missing upstream: told at once.
    net.wheel = "404";
    fs.rmSync(cache, { recursive: true, force: true });
    await page.goto(`http://localhost:${servePort}/`);
    out.missing = { stage: await waitStage(page, ENDS, 30000),
                    text: await page.evaluate(() => document.getElementById("spades-status").textContent) };
    await page.close();
  } finally {
    net.wheel = "ok";
    child.kill();
    fs.rmSync(cache, { recursive: true, force: true });
  }
  return out;
}

// --- offline after the first visit, and a new build -------------------------------

async function loadGame(page, url) {
  const t = Date.now();
  await page.goto(url);
  const stage = await waitStage(page, ["game"].concat(ENDS), 30000);
  if (stage !== "game") {
    return { ms: Date.now() - t, stage,
             text: await page.evaluate(() => document.getElementById("spades-status").textContent) };
  }
  const ms = Date.now() - t;  // to the game's first frame
  // As a visitor stays on the page: long enough for its look for a newer build.
  await page.waitForFunction(() => window.spadesPage.workerState() !== "checking",
                             null, { timeout: 30000 });
  return { ms, stage,
           archive: await page.evaluate(() => window.stubRuntime.archive.split("\n")[0]),
           controlled: await page.evaluate(() => !!navigator.serviceWorker.controller),
           worker: await page.evaluate(() => window.spadesPage.workerState()) };
}

async function waitFor(page, test, timeout, arg) {
  // Polls an async test in the page (waitForFunction would take its promise as true).
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await page.evaluate(test, arg)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out waiting for " + test.toString().slice(0, 200));
}

async function cacheState(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const list = [];
      for (const r of await cache.keys()) {
        const u = new URL(r.url), kept = await cache.match(r);
        list.push((u.origin === location.origin ? "" : "cdn:") + u.pathname + u.search +
                  (kept.type === "opaque" ? " (opaque)" : ""));
      }
      out[name] = list.sort();
    }
    return out;
  });
}

async function keptRuntime(page, folder) {
  // Until the worker has kept the runtime's files of `folder` (named by the page).
  await waitFor(page, async (folder) => {
    const all = [];
    for (const name of await caches.keys()) {
      all.push(...(await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname));
    }
    return ["pythons.js", "cpython312/main.js", "cpython312/main.wasm", "cpython312/main.data",
            "cpythonrc.py"].every((f) => all.includes(folder + f));
  }, 20000, folder);
}

async function stalledPackage(context, origin, game) {
  // With the worker in control, pygame-ce's wheel stalls (at a stall limit of 1.5 s);
  // the host mends it, but the stalled answer stays open (a server that never cuts
  // it); Try again must start the game within seconds, not wait on the old request.
  const page = await context.newPage();
  await page.addInitScript((l) => { window.spadesTimeouts = l; }, SHORT_LIMITS);
  await page.goto(`${origin}/blank.html`);
  await page.evaluate(async () => {  // the wheel not kept yet (a new release of it)
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const r of await cache.keys()) if (/\.whl/.test(r.url)) await cache.delete(r);
    }
  });
  net.wheel = "stall";
  await page.goto(game);
  const out = { stage: await waitStage(page, ENDS, 30000),
                controlled: await page.evaluate(() => !!navigator.serviceWorker.controller),
                text: await page.evaluate(() => document.getElementById("spades-status").textContent) };
  net.wheel = "ok";
  const t = Date.now();
  if (out.stage.startsWith("failed")) {
    await Promise.all([page.waitForEvent("load"), page.click("#retry")]);
    out.after_retry = await waitStage(page, ENDS, 60000);
    out.retry_ms = Date.now() - t;
  }
  release();
  await page.close();
  return out;
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
  const game = `${origin}/game/index.html`;
  try {
    Object.assign(net, FINE, { site: siteDir, offline: false });
    const page = context.pages()[0] || await context.newPage();
    const dialogs = [];
    page.on("dialog", (d) => { dialogs.push(d.type()); d.dismiss(); });
    page.on("console", (m) => { if (process.env.DRIVE_DEBUG) log("offline page:", m.type(), m.text()); });
    out.first = await loadGame(page, game);
    // The worker keeps what the page fetched before it took over.
    await keptRuntime(page, "/cdn/0.9.3/");
    out.cached = await cacheState(page);
    // The second visit, online: the worker answers, the runtime from another origin.
    out.second = await loadGame(page, game);
    // A friends' link (?table=CODE): the worker keeps no copy of the page per link.
    out.linked = await loadGame(page, game + "?table=ABCD");
    await page.waitForTimeout(500);
    out.cached_linked = await cacheState(page);
    out.stalled_package = await stalledPackage(context, origin, game);
    // The network off: the third visit starts from the cache.
    net.offline = true;
    net.cut = [];
    out.offline = await loadGame(page, game);
    out.offline.cut = net.cut.slice();
    net.offline = false;
    // A changed build deployed: served from the next load or the one after (the new
    // worker installs while the old build's page loads, and takes over within seconds:
    // a worker still waiting after 10 s is a failure, `stuck`).
    net.site = nextSiteDir;
    out.deploy = [];
    for (let i = 0; i < 3; i += 1) {
      const load = await loadGame(page, game);
      out.deploy.push(load.archive || load.stage);
      if (load.archive !== out.first.archive) break;
      try {
        await waitFor(page, async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return !!reg && !reg.installing && !reg.waiting;
        }, 10000);
      } catch (e) {
        out.stuck = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          return { installing: !!reg.installing, waiting: !!reg.waiting };
        });
        break;
      }
    }
    await page.waitForTimeout(300);
    out.cached_after = await cacheState(page);
    net.offline = true;
    out.offline_after = await loadGame(page, game);
    net.offline = false;
    // A worker in a bad state: opaque copies of the runtime's files in its cache (as
    // an older worker kept them). The next visit still starts, and the copies are
    // replaced by ones every request can use. (Put from a page outside the worker's
    // scope, so the worker does not answer the no-cors requests itself.)
    await page.goto(`${origin}/blank.html`);
    await page.evaluate(async (cdn) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const file of ["pythons.js", "cpython312/main.js", "cpython312/main.wasm"]) {
          await cache.put(cdn + file, await fetch(cdn + file, { mode: "no-cors" }));
        }
      }
    }, `http://127.0.0.1:${cdnPort}/cdn/0.9.3/`);
    out.poisoned = await cacheState(page);
    out.recovered = await loadGame(page, game);
    await page.waitForTimeout(500);
    out.cached_recovered = await cacheState(page);
    // Self-hosted: the runtime on the page's own origin (no CORS anywhere).
    out.self_first = await loadGame(page, `${origin}/self/index.html`);
    await keptRuntime(page, "/runtime/");
    net.offline = true;
    out.self_offline = await loadGame(page, `${origin}/self/index.html`);
    net.offline = false;
    out.dialogs = dialogs;
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
  while (got === null && Date.now() - t < 60000) {  // ends only a page that never answers
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
  while (got === null && Date.now() - t < 60000) {  // ends only a page that never answers
    got = await page.evaluate(() => window.py("upload_take"));
    if (got === null) await page.waitForTimeout(20);
  }
  out.chosen = { text: got, ms: Date.now() - t };
  return out;
}

async function main() {
  const files = gameFiles();
  const server = await serve(files);
  const cdnServer = await serveCdn();
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
    if (replayFile) {
      // --replay FILE: the traces spades/tools/review_trace.py recorded from the native
      // App, each hand's review worked out again in the table's slices, nothing else.
      result.runtime = await openHarness(page, origin);
      result.replays = [];
      for (const trace of JSON.parse(fs.readFileSync(replayFile, "utf-8"))) {
        t = Date.now();
        const got = await page.evaluate((text) => window.py("replay_review", text),
                                        JSON.stringify(trace));
        log("replayed seed", got.seed, "in", Date.now() - t, "ms:", got.frames,
            "frames after opening");
        result.replays.push(got);
      }
    }
    // --page-only (while working on the page): only step 6.
    if (!args.includes("--page-only") && !replayFile) {
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

      // 5b. The site's storage full (Chromium's real quota): a refused save is told.
      result.full = await page.evaluate(() => window.py("full_storage"));
      log("full", JSON.stringify(result.full));

    }
    // 6. Our page around a stand-in runtime: the page, its loading, offline.
    if (siteDir && !process.env.DRIVE_ONLY_OFFLINE) {
      result.page = await checkPage(context, origin);
      log("page", JSON.stringify(result.page.bridge));
      result.fill = await checkFill(context, origin);
      log("fill", JSON.stringify(result.fill));
      result.serve = await checkServe(context);
      log("serve", JSON.stringify(result.serve));
      if (!process.env.DRIVE_SKIP_LOADING) result.loading = await checkLoading(context, origin);
      if (result.loading) log("loading", JSON.stringify(result.loading.failures));
    }
    if (siteDir) {
      result.offline = await checkOffline(origin, offlineProfile);
      log("offline", JSON.stringify(result.offline));
    }

    // 7. Hard decisions with the default budget, timed in WebAssembly: cards, bids.
    if (!args.includes("--page-only") && !replayFile) {
      t = Date.now();
      result.timings = await page.evaluate((n) => window.py("time_hard_decisions", n), decisions);
      log("timed", result.timings.length, "hard card decisions in", Date.now() - t, "ms");
      t = Date.now();
      result.bid_timings = await page.evaluate((n) => window.py("time_hard_bids", n), bids);
      log("timed", result.bid_timings.length, "hard bids in", Date.now() - t, "ms");
      t = Date.now();
      result.reviews = await page.evaluate((n) => window.py("time_reviews", n), reviews);
      log("timed", result.reviews.length, "hand reviews in", Date.now() - t, "ms");
    }
  } finally {
    if (context) await context.close();
    release();
    for (const s of [server, cdnServer]) {
      s.closeAllConnections();
      s.close();
    }
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
