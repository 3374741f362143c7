// Stands in for pygbag's runtime (pythons.js on its CDN, out of reach here) when the
// browser test loads our page: it runs none of the Python. Like pythons.js it reads
// `config`, makes the MM object, writes its own progress into #status and #progress
// (a percentage on an element without a max, as pythons.js does), and loads the
// interpreter's script from the CDN folder: stub-main.js, served as cpython312/main.js.
window.MM = { UME: !window.config.ume_block };
window.stubRuntime = { config: window.config, python: document.getElementById("site").text };
(function () {
  var status = document.getElementById("status");
  var progress = document.getElementById("progress");
  if (status) status.innerHTML = "Downloading";
  if (progress) { progress.value = 25; progress.hidden = false; }
  var script = document.createElement("script");
  script.src = window.config.cdn + "cpython312/main.js";
  script.async = true;
  document.head.appendChild(script);
})();
