// Stands in for the interpreter (cpython312/main.js and its main.wasm) and for what the
// page's loader then does in Python: the steps a visitor's browser goes through, so
// the page's stages, limits and bar meet real downloads. The driver's server writes
// `window.STUB_FAULT` above this text when a step should fail.
(async function () {
  var page = window.spadesPage, cdn = window.config.cdn;
  var fault = window.STUB_FAULT || "";
  var progress = document.getElementById("progress");
  var wasm = await fetch(cdn + "cpython312/main.wasm");
  if (!wasm.ok) throw new Error("failed to fetch main.wasm: " + wasm.status);
  if (progress) progress.value = 90;  // pythons.js's percentage, as its download ends
  await WebAssembly.instantiate(await wasm.arrayBuffer());
  window.stubRuntime.wasm = true;

  // The loader's Python from here: mount the archive, then run main.py.
  page.stage("archive");
  var response = await fetch(window.config.archive + ".apk");
  var total = Number(response.headers.get("Content-Length")) || 0;
  var reader = response.body.getReader(), parts = [], pos = 0;
  for (;;) {
    var chunk = await reader.read();
    if (chunk.done) break;
    parts.push(chunk.value);
    pos += chunk.value.length;
    page.progress(pos, total);
  }
  var bytes = new Uint8Array(pos), at = 0;
  parts.forEach(function (p) { bytes.set(p, at); at += p.length; });
  window.stubRuntime.archive = new TextDecoder().decode(bytes);
  page.stage("frame");
  page.say("Unpacking the game...");

  if (page.needsClick()) {
    page.askClick();
    while (!page.started()) await new Promise(function (r) { setTimeout(r, 50); });
  }
  page.stage("frame");
  page.say("Starting the game...");
  if (fault === "no-frame") return;  // main.py never draws
  await new Promise(function (r) { setTimeout(r, 300); });  // compiling main.py
  // main.py's first frame: the felt and "Shuffling...", then ready().
  var canvas = document.getElementById("canvas"), ctx = canvas.getContext("2d");
  ctx.fillStyle = "rgb(24, 92, 58)";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "rgb(246, 244, 236)";
  ctx.font = "32px sans-serif";
  ctx.textAlign = "center";
  ctx.fillText("Shuffling...", canvas.width / 2, canvas.height / 2);
  page.ready();
  window.stubRuntime.frame = true;
})();
