// A stand-in for pygbag's interpreter glue (cpython312/main.js, Emscripten's output,
// with main.wasm and main.data beside it) and for what happens after it: the runtime
// fetches cpythonrc.py and runs the page's loader Python. Served from the stand-in
// CDN (another origin) and loaded by runtime/pythons.js as a classic script without
// `crossorigin`, so, as with the real one, its errors and rejections are muted for
// the page. The driver's server writes `window.STUB_FAULT` above this text when a step
// should fail.
//
// What the glue does here as Emscripten's does: fetch main.wasm with fetch() (CORS
// mode, cross-origin) and compile it, download main.data reporting "Downloading
// data... (done/total)" through pythons.js's setStatus, then (postrun) fetch
// cpythonrc.py. What the loader does here is build/template.tmpl's Python, step for
// step: stage "archive", the page's checked download of the archive, MM.prepare on
// its blob URL, stage "frame", the start click if asked, main.py's first frame.
// Before that frame, main.py's `import pygame` makes the runtime install pygame-ce as
// aio/pep0723.py does (pygbag 0.9.3): its package index is PYGPI (what the page's
// packageIndex() names) or else pygbag's CDN (`window.STUB_PACKAGES` here, written by
// the driver's server in its place); the wheel's base is that index's "-CDN-", which
// the runtime rewrites to http://localhost:8000/cdn/ on any page whose address starts
// with http://localhost:8 unless PYGPI is set.
(async function () {
  const page = window.spadesPage, cdn = window.config.cdn;
  const fault = window.STUB_FAULT || "";
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const folder = cdn + "cpython312/";

  const wasm = await fetch(folder + "main.wasm", { credentials: "same-origin" });
  if (!wasm.ok) throw new Error("failed to fetch main.wasm: " + wasm.status);
  await WebAssembly.instantiate(await wasm.arrayBuffer());
  window.stubRuntime.wasm = true;

  const data = await fetch(folder + "main.data");
  if (!data.ok) throw new Error("failed to fetch main.data: " + data.status);
  const total = Number(data.headers.get("Content-Length")) || 0;
  const reader = data.body.getReader();
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.length;
    window.stubSetStatus(`Downloading data... (${got}/${total})`);
  }
  window.stubSetStatus("");

  const rc = await fetch(cdn + "cpythonrc.py");
  if (!rc.ok) return;  // postrun logs it and the Python never runs
  await rc.text();
  if (fault === "alert") window.stubRuntime.reject("the runtime broke");  // pythons.js's alert()
  if (fault === "throw") throw new Error("a muted error of the interpreter");

  // The loader's Python from here.
  page.stage("archive");
  page.fetchArchive();
  for (;;) {
    const state = String(page.archiveState());
    if (state === "failed") return;
    if (state === "ready") break;
    await wait(50);
  }
  const track = window.MM.prepare(String(page.archiveUrl()), JSON.stringify({
    io: "url", type: "mount", mount: { point: "/data/data/spades", path: "/" } }));
  while (!track.ready) {
    if (track.error) { page.failed("apk", "spades.apk could not be opened"); return; }
    await wait(50);
  }
  page.stage("frame");
  page.say("Unpacking the game...");
  const pygpi = String(page.packageIndex() || "");

  if (page.needsClick()) {
    page.askClick();
    while (!page.started()) await wait(50);
  }
  page.stage("frame");
  page.say("Starting the game...");
  if (fault === "no-frame") return;  // main.py never draws
  // import pygame: the package index, then the wheel it names.
  const indexBase = pygpi || window.STUB_PACKAGES;
  const index = await (await fetch(indexBase + "index-0.9.3-cp312.json")).json();
  let wheelBase = index["-CDN-"];
  if (pygpi) wheelBase = pygpi;
  else if (location.href.startsWith("http://localhost:8")) wheelBase = "http://localhost:8000/cdn/";
  const wheelPath = index.pygame.replace(/<abi>/g, "cp312").replace("<api>", "wasm32_bi_emscripten");
  const wheel = await fetch(wheelBase + wheelPath + "#");
  if (!wheel.ok) throw new Error("cannot install pygame-ce: " + wheel.status);
  window.stubRuntime.wheel = wheel.url;
  await wait(300);  // compiling main.py
  // main.py's first frame: the felt and "Shuffling...", in a window of the page's size
  // times the screen's devicePixelRatio, capped at 2 (main.py's page_size(), as the
  // game's window: spades/ui/art/density.py), which SDL makes the canvas's backing
  // store; then ready().
  const canvas = document.getElementById("canvas"), ctx = canvas.getContext("2d");
  const ratio = Math.max(1, Math.min(2, window.devicePixelRatio || 1));
  canvas.width = Math.round(window.innerWidth * ratio);
  canvas.height = Math.round(window.innerHeight * ratio);
  ctx.fillStyle = "rgb(24, 92, 58)";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "rgb(246, 244, 236)";
  ctx.font = "32px sans-serif";
  ctx.textAlign = "center";
  ctx.fillText("Shuffling...", canvas.width / 2, canvas.height / 2);
  page.ready();
  window.stubRuntime.frame = true;
  // What the game is told of a press, as SDL 2's browser backend tells it
  // (src/video/emscripten/SDL_emscriptenevents.c): a mouse at its offset in the
  // canvas's CSS box times the window's width over that box's (the window: the size
  // set_mode was given, here the backing store), truncated; a finger at its offset over
  // the box's size (0..1, pygame's FINGER x and y). Its touch handlers are not passive
  // and cancel the touch, so the browser sends no mouse events after it.
  const press = (kind, clientX, clientY) => {
    const box = canvas.getBoundingClientRect();
    const x = clientX - box.left, y = clientY - box.top;
    window.stubRuntime.pointer = kind === "mouse"
      ? { kind, x: Math.trunc(x * canvas.width / box.width), y: Math.trunc(y * canvas.height / box.height) }
      : { kind, x: x / box.width, y: y / box.height };
  };
  canvas.addEventListener("mousedown", (e) => press("mouse", e.clientX, e.clientY));
  canvas.addEventListener("touchstart", (e) => {
    const t = e.changedTouches[0];
    press("finger", t.clientX, t.clientY);
    e.preventDefault();
  }, { passive: false });
  canvas.addEventListener("touchend", (e) => e.preventDefault(), { passive: false });
})();
