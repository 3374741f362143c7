// Stands in for pygbag's runtime (pythons.js on its CDN, out of reach here) when the
// browser test loads our page template: it runs none of the Python, only shows that
// the page's own parts work: it read `config` and the MM object the runtime makes.
window.MM = { UME: !window.config.ume_block };
window.stubRuntime = { config: window.config, python: document.getElementById("site").text };
