// Drives Debian's Chromium (headless) through the browser test's steps and prints
// one JSON object with what each step returned. Files come from a server on
// 127.0.0.1 started here; any request to another host is refused and reported.
//
//   node drive.mjs [--decisions N] [--chromium /usr/bin/chromium]
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
const pageFile = option("--page", null);  // our template, filled as pygbag fills it
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
};

function resolveUrl(pathname, files) {
  if (pathname === "/harness.html" || pathname === "/host.html") {
    return path.join(here, pathname.slice(1));
  }
  if (pageFile && pathname === "/game/index.html") return pageFile;
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

function serve(files) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
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
    const file = resolveUrl(url.pathname, files);
    if (!file || !fs.existsSync(file)) {
      res.writeHead(404);
      res.end("not found");
      return;
    }
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

async function checkPage(context, origin) {
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
  return out;
}

async function main() {
  const files = gameFiles();
  const server = await serve(files);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "spades-chromium-"));
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "spades-downloads-"));
  const outside = [];
  const result = { origin };
  const clock = Date.now();
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
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

    // 5. Our page template around a stand-in runtime.
    if (pageFile) result.page = await checkPage(context, origin);

    // 6. Hard decisions with the default budget, timed in WebAssembly.
    t = Date.now();
    result.timings = await page.evaluate((n) => window.py("time_hard_decisions", n), decisions);
    log("timed", result.timings.length, "hard decisions in", Date.now() - t, "ms");
  } finally {
    if (context) await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
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
