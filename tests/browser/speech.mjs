// The page's words for a screen reader, in Debian's Chromium (headless): loads our
// page template around the stand-in runtime, runs the scripts the game's page bridge
// made (spades/platform.py, announce_script), and prints one JSON object: the live
// regions and the log as the DOM has them, and as Chromium's accessibility tree shows
// them (through the DevTools protocol), with the canvas's role and name.
//
//   node speech.mjs --page index.html --scripts scripts.json [--chromium /usr/bin/chromium]
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const pageFile = option("--page", null);
const scripts = JSON.parse(fs.readFileSync(option("--scripts", null), "utf-8"));
const executablePath = option("--chromium", "/usr/bin/chromium");

function serve() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    res.setHeader("Cache-Control", "no-store");
    const file = url.pathname === "/game/index.html" ? pageFile
      : url.pathname === "/runtime/pythons.js" ? path.join(here, "runtime", "pythons.js") : null;
    if (!file) { res.writeHead(404); res.end("not found"); return; }
    const type = file.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8";
    res.writeHead(200, { "Content-Type": type });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function regions() {
  const read = (id) => {
    const el = document.getElementById(id);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      role: el.getAttribute("role"), live: el.getAttribute("aria-live"),
      lines: Array.from(el.children).map((p) => p.textContent),
      hidden_from_readers: el.closest("[aria-hidden=true]") !== null || style.display === "none" ||
        style.visibility === "hidden",
      seen: box.width > 2 && box.height > 2,
    };
  };
  return { polite: read("speech-polite"), urgent: read("speech-urgent"), log: read("speech-log") };
}

async function main() {
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "spades-speech-"));
  const out = {};
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath, headless: true,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
             "--no-first-run", "--disable-gpu", "--disable-sync", "--disable-dev-shm-usage",
             "--force-renderer-accessibility"],
    });
    const outside = [];
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === "127.0.0.1") return route.continue();
      outside.push(url.href);
      return route.abort();
    });
    const page = context.pages()[0] || await context.newPage();
    await page.goto(`${origin}/game/index.html`);
    await page.waitForFunction(() => window.stubRuntime !== undefined);
    out.before = await page.evaluate(regions);
    // Each script exactly as the game's bridge hands it to the page's eval.
    out.returned = [];
    for (const script of scripts) {
      out.returned.push(await page.evaluate((s) => (0, eval)(s), script));
    }
    out.after = await page.evaluate(regions);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Accessibility.enable");
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    out.ax = nodes.filter((n) => !n.ignored).map((n) => ({
      role: n.role && n.role.value, name: n.name && n.name.value,
      live: ((n.properties || []).find((p) => p.name === "live") || {}).value?.value ?? null,
    }));
    // What a reader finds on the canvas: its role, name and description.
    const canvas = await cdp.send("DOM.getDocument").then(({ root }) =>
      cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "#canvas" }));
    const partial = await cdp.send("Accessibility.getPartialAXTree",
                                   { nodeId: canvas.nodeId, fetchRelatives: false });
    const node = partial.nodes[0];
    out.canvas = { role: node.role && node.role.value, name: node.name && node.name.value,
                   description: node.description ? node.description.value : null };
    out.outside_requests = outside;
  } finally {
    if (context) await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((e) => {
  process.stderr.write("speech.mjs failed: " + (e && e.stack ? e.stack : e) + "\n");
  process.exit(1);
});
