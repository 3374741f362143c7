// The browser's side of a shared table, in headless Chromium against a real table
// server (tests/test_browser_tables.py starts it and builds the page it serves):
// the game's client (spades/client, under Pyodide) talks through the page's own
// WebSocket shim (window.spadesNet, from build/template.tmpl) exactly as the game
// does in pygbag, and the result comes back as one line of JSON.
//
//   node tables.mjs URL [--chromium /usr/bin/chromium]   (URL may carry ?table=CODE)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const url = process.argv[2];
const at = process.argv.indexOf("--chromium");
const executablePath = at > 0 ? process.argv[at + 1] : "/usr/bin/chromium";
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "spades-tables-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath, headless: true, args: ["--no-sandbox"],
});
try {
  const page = await context.newPage();
  const host = new URL(url).host;
  // Nothing but the server under test: any other host is refused.
  await page.route("**/*", (route) => {
    const asked = new URL(route.request().url());
    return asked.host === host ? route.continue() : route.abort();
  });
  await page.goto(url);
  await page.evaluate(() => window.harness);
  const result = await page.evaluate(() => window.play(), null, {timeout: 240000});
  // The table's link as the game shares it: the page's address and the link's path.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: new URL(url).origin });
  result.share = await page.evaluate((link) => window.share(link),
                                     result.origin + result.link);
  console.log(JSON.stringify(result));
} finally {
  await context.close();
  fs.rmSync(profile, {recursive: true, force: true});
}
