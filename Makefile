# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The browser build (pygbag) has its own venv, so `make play` and `make test` never
# need pygbag, and nothing of the test venv (black, say) can touch the build.
WEB_VENV := .venv-web
WEB_STAMP := $(WEB_VENV)/.installed
WEB_DIR ?= build/web
WEB_STAGE_ROOT ?= build/stage
WEB_ZIP ?= build/spades-web.zip
# Where the browser fetches pygbag's CPython-WebAssembly runtime from (the build
# itself never goes there): override with `make web WEB_CDN=https://example.org/cdn/`.
WEB_CDN ?= https://pygame-web.github.io/cdn/0.9.3/
# Where the runtime takes its packages (the pygame-ce wheel) from: empty for pygbag's
# own index (https://pygame-web.github.io/cdn/), else a folder holding
# index-0.9.3-cp312.json and the wheels it names (docs/embed.md, self-hosting).
WEB_PKG ?=
PORT ?= 8000
# The service worker (offline after the first visit): `make web SERVICE_WORKER=0` builds
# a page without it (and one that removes a worker an earlier build installed).
SERVICE_WORKER ?= 1
WEB_STAGE := $(WEB_STAGE_ROOT)/spades

.PHONY: play test browser-packages redis bench clean web serve web-archive

# Then the desktop screen reader's library (the `speech` extra), where a wheel is built
# for this system; without it the announcements show as captions only.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m pip install --quiet --only-binary=:all: $$($(BIN)/python -c 'import tomllib; \
	print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["speech"])') \
	    || echo "No screen reader library for this system: announcements show as captions."
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python main.py

# The browser tests' npm packages (Pyodide, the driver for Debian's Chromium), where
# node, npm and Chromium are here; again when package-lock.json changes. Offline, npm
# fails: the tests then skip, and the run's last line says so and what to install.
BROWSER := tests/browser
BROWSER_STAMP := $(BROWSER)/node_modules/.package-lock.json
CHROMIUM ?= $(or $(SPADES_CHROMIUM),/usr/bin/chromium)

test: $(STAMP)
	$(BIN)/ruff check .
	@$(MAKE) --no-print-directory browser-packages
	@$(MAKE) --no-print-directory redis
	$(BIN)/python -m pytest

browser-packages:
	@if ! command -v node >/dev/null || ! command -v npm >/dev/null || [ ! -x "$(CHROMIUM)" ]; then \
	    echo "make test: the browser tests need node, npm and Chromium ($(CHROMIUM)):" \
	        "without them they are skipped"; \
	elif [ ! -f $(BROWSER_STAMP) ] || [ $(BROWSER)/package-lock.json -nt $(BROWSER_STAMP) ]; then \
	    echo "make test: installing the browser tests' npm packages (cd $(BROWSER) && npm ci)"; \
	    (cd $(BROWSER) && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund \
	        --loglevel=error) || echo "make test: npm could not install the browser tests'" \
	        "packages (offline?): the browser tests will be skipped"; \
	fi

# Debian's redis-server, for the tests of tables shared by several servers through Redis
# (each such test starts its own on a free port, in its own folder): installed where it
# is missing and apt-get can (as root); elsewhere those tests are skipped, and say so.
redis:
	@if command -v redis-server >/dev/null || [ -x /usr/bin/redis-server ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make test: installing Debian's redis-server (the shared-store tests start one)"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	        --no-install-recommends redis-server >/dev/null; } || echo "make test: could not" \
	        "install redis-server: the shared-store tests will be skipped"; \
	else \
	    echo "make test: no redis-server (apt-get install redis-server): the shared-store" \
	        "tests will be skipped"; \
	fi

bench: $(STAMP)
	$(BIN)/python -m spades bench

# pygbag at the version pinned by pyproject.toml's `web` extra, and nothing else.
$(WEB_STAMP): pyproject.toml
	$(PYTHON) -m venv $(WEB_VENV)
	$(WEB_VENV)/bin/python -m pip install --quiet $$($(PYTHON) -c 'import tomllib; \
	print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["web"])')
	touch $(WEB_STAMP)

# Offline: our template and icon (pygbag fetches neither from its CDN), --no_opt and
# a PATH of the web venv alone (no black reformatting sources, no pngquant or ffmpeg
# writing *-pygbag files). The stage folder's name makes the archive spades.apk; it
# holds main.py, the modules main.py can reach and assets/ (build/pack.py), nothing
# else. After pygbag: the manifest, its icons and the versioned service worker.
web: $(WEB_STAMP)
	rm -rf $(WEB_STAGE_ROOT) $(WEB_DIR)
	mkdir -p $(WEB_STAGE)
	$(WEB_VENV)/bin/python build/pack.py $(WEB_STAGE)
	env PATH="$(abspath $(WEB_VENV))/bin" $(WEB_VENV)/bin/python -m pygbag --build --no_opt \
	    --template build/template.tmpl --icon build/icon.png --cdn $(WEB_CDN) \
	    --title Spades --width 1280 --height 720 $(WEB_STAGE) > $(WEB_STAGE_ROOT)/pygbag.log 2>&1 \
	    || { cat $(WEB_STAGE_ROOT)/pygbag.log; exit 1; }
	test -f $(WEB_STAGE)/build/web/spades.apk -a -f $(WEB_STAGE)/build/web/index.html \
	    || { cat $(WEB_STAGE_ROOT)/pygbag.log; exit 1; }
	mkdir -p $(dir $(WEB_DIR))
	mv $(WEB_STAGE)/build/web $(WEB_DIR)
	rm -f $(WEB_DIR)/*.tar.gz
	rm -rf $(WEB_STAGE_ROOT)
	$(WEB_VENV)/bin/python build/pack.py --finish $(WEB_DIR) $(if $(filter 0,$(SERVICE_WORKER)),--no-worker) \
	    $(if $(WEB_PKG),--package-index $(WEB_PKG))
	@ls -l $(WEB_DIR)

# The table server, in the project's own environment: the build on
# http://localhost:$(PORT)/, with /cdn/ from where WEB_CDN keeps the runtime (the part
# of it before /cdn/, pygbag's CDN unless told) as pygbag's own test server does (the
# runtime asks there for pygame-ce on a http://localhost:8... page), and the tables for
# friends at /table on the same address (HOST=0.0.0.0 lets the other computers of the
# network in). build/serve.py serves the page alone.
serve: $(STAMP) web
	$(BIN)/python -m spades serve --web $(WEB_DIR) --port $(PORT) $(if $(HOST),--host $(HOST)) \
	    $(if $(findstring /cdn/,$(WEB_CDN)),--cdn $(firstword $(subst /cdn/, ,$(WEB_CDN))))

# The zip itch.io-style hosts take: index.html at its root, beside the archive.
web-archive: web
	rm -f $(WEB_ZIP)
	$(PYTHON) -m zipfile -c $(WEB_ZIP) $(wildcard $(WEB_DIR)/*)
	@$(PYTHON) -m zipfile -l $(WEB_ZIP)

clean:
	rm -rf $(VENV) $(WEB_VENV) build/web build/web-cache build/stage build/*.zip
