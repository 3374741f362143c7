// A stand-in for pygbag 0.9's pythons.js (pygame-web/archives, 0.9/pythons.js), written
// from reading it; none of its code. The browser test serves it from the stand-in
// CDN, another origin than the page's, as the real one comes from
// pygame-web.github.io. What it models, because our page depends on it:
//
// - it is a module script (so the browser fetches it in CORS mode);
// - it reads the page's `config`, makes `window.MM` (MM.UME from config.ume_block) and
//   runs the page's Python (here: records its text for the test; runtime/main.js does
//   what that Python does);
// - it installs global "error" and "unhandledrejection" handlers that call alert()
//   with `e.error.message` / `e.reason.message` (its auto_start section);
// - at the window's load (its onload()), when the page has no #transfer, it inserts a
//   visible <div id="transfer"> with "Downloading..." and a <progress max="200"> into
//   #html, then loads the interpreter's glue, `${cdn}cpython312/main.js`, as a classic
//   script element without `crossorigin` (its jsimport());
// - its setStatus() writes "text (done/total)" progress as a percentage into
//   #progress.value and the text into #status (Emscripten's download progress);
// - MM.prepare(url, cfg) with io "url" and type "mount" fetches the URL with fetch(url,
//   {}), ignores the HTTP status, sizes its buffer from Content-Length (none: an empty
//   buffer, and a failed copy sets track.pos to -1 before adding the chunk's length),
//   then mounts the zip (BrowserFS ZipFS) and sets track.ready (its cross_track() and
//   media_prepare()). An archive it cannot read mounts as an empty folder.
window.MM = { UME: !window.config.ume_block, tracks: 0 };
const site = document.getElementById("site");
window.stubRuntime = { config: window.config, python: site ? site.text : "" };
// For the test's "alert" fault: a rejection this module's own code leaves unhandled
// (not muted, as the module is CORS), which its handler turns into an alert().
window.stubRuntime.reject = function (why) { Promise.reject(new Error(why)); };

window.addEventListener("error", function (e) {
  alert("Error occurred: " + e.error.message);  // throws itself when e.error is null
  return false;
});
window.addEventListener("unhandledrejection", function (e) {
  alert("Error occurred: " + e.reason.message);
});

window.stubSetStatus = function (text) {
  const status = document.getElementById("status") || {};
  const progress = document.getElementById("progress") || {};
  const m = text.match(/([^(]+)\((\d+(\.\d+)?)\/(\d+)\)/);
  if (m) {
    text = m[1];
    progress.value = (parseInt(m[2]) / parseInt(m[4])) * 100;
    progress.hidden = false;
  } else {
    progress.value = null;
    progress.max = null;
    progress.hidden = true;
  }
  status.innerHTML = text;
};

function readZip(data) {
  // The first stored (uncompressed) member's bytes, as BrowserFS's ZipFS would give
  // its file; null when the data is not such a zip.
  if (data.length < 30 || data[0] !== 0x50 || data[1] !== 0x4b || data[2] !== 3 || data[3] !== 4) {
    return null;
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const size = view.getUint32(18, true);
  const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  return data.subarray(start, start + size);
}

async function crossTrack(track) {
  const response = await fetch(track.url, {});
  const len = Number(response.headers.get("Content-Length"));
  track.data = new Uint8Array(len);
  track.pos = 0;
  track.len = len;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    try {
      track.data.set(value, track.pos);
    } catch (x) {
      track.pos = -1;
    }
    track.pos += value.length;
  }
  const member = readZip(track.data);
  window.stubRuntime.archive = member ? new TextDecoder().decode(member) : "";
  window.stubRuntime.mounted = track.url;
  setTimeout(() => { track.ready = true; }, 0);
}

window.MM.prepare = function (url, cfg) {
  window.MM.tracks += 1;
  const track = { ...JSON.parse(cfg), url, error: false, len: 0, pos: 0, ready: undefined };
  window.MM[window.MM.tracks] = track;
  crossTrack(track);
  return track;
};

function onload() {
  if (!window.transfer) {
    document.getElementById("html").insertAdjacentHTML("beforeend",
      '<div id="transfer" align=center style="z-index: 5;">' +
      '<div class="emscripten" id="status">Downloading...</div>' +
      '<div class="emscripten"><progress value="0" max="200" id="progress"></progress></div>' +
      "</div>");
  }
  const script = document.createElement("script");
  script.setAttribute("type", "text/javascript");
  script.setAttribute("src", window.config.cdn + "cpython312/main.js");
  script.setAttribute("async", true);
  document.head.appendChild(script);
}

if (document.readyState === "complete") onload();
else window.addEventListener("load", onload);
