"""The browser build: what goes into it, the page it is served in, and a loop that
never blocks.

- ``pygbag.ini`` says what pygbag must leave out, in the keys pygbag 0.9.3 reads; a
  direct pygbag run (its own filter) packs the game without the desktop packages.
- The archive built by ``make web`` holds main.py, the modules main.py can import
  (followed transitively, build/pack.py) and assets/, nothing else, byte for byte as in
  the checkout (nothing reformatted or recompressed), within 1 MB; a game run natively
  imports no module the archive lacks. Beside it: the page (its placeholders all
  filled, the runtime address overridable, the archive's size and the worker written
  in), the web app manifest with its icons, and the versioned service worker.
  Building needs pygbag, which lives in ``.venv-web`` (``make web`` creates it;
  ``.ci/run`` does so before ``make test``): without it these tests are skipped,
  unless SPADES_REQUIRE_WEB=1 (as in CI). The build runs offline: every proxy points
  at a closed local port, so a build that reached for its CDN (which it retries
  forever) would hit the time limit and fail.
- Nothing the game can import blocks the browser's one thread (see the last tests).
"""

from __future__ import annotations

import ast
import configparser
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "build" / "template.tmpl"
ICON = ROOT / "build" / "icon.png"
WEB_PYTHON = ROOT / ".venv-web" / "bin" / "python"
MAX_ARCHIVE = 1024 * 1024
GAME_TOP = ("main.py", "spades", "assets")

# What pygbag 0.9.3 substitutes in a template (the keys of its ``CC`` dict in app.py).
PYGBAG_KEYS = {
    "cdn", "proxy", "xtermjs", "width", "height", "ume_block", "can_close", "archive",
    "autorun", "authors", "icon", "title", "directory", "spdx", "version", "PYBUILD",
    "COLUMNS", "LINES", "CONSOLE", "INI",
}


def load_pack():
    spec = importlib.util.spec_from_file_location("pack", ROOT / "build" / "pack.py")
    pack = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pack)
    return pack


pack = load_pack()


# --- pygbag.ini ------------------------------------------------------------------------


def read_ini() -> dict[str, list[str]]:
    """Read pygbag.ini the way pygbag does: configparser, lower-cased keys, ';' comments,
    values as Python literals."""
    parser = configparser.ConfigParser(inline_comment_prefixes=";")
    parser.read(ROOT / "pygbag.ini", encoding="utf-8")
    section = parser["DEPENDENCIES"]
    return {key: ast.literal_eval(section[key]) for key in ("ignoredirs", "ignorefiles")}


def test_pygbag_ini_leaves_out_everything_but_the_game():
    ini = read_ini()
    for values in ini.values():
        assert isinstance(values, list) and all(isinstance(v, str) for v in values)
        assert not any(" " in v for v in values), "pygbag refuses names with spaces"
    dirs, files = set(ini["ignoredirs"]), set(ini["ignorefiles"])
    assert "__pycache__" in dirs
    # Every top-level entry a checkout (or a developer's tree) has besides the game is
    # left out: dotted names pygbag skips itself only for files, so folders are listed.
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    tops = {line.split("/", 1)[0] for line in tracked.stdout.splitlines()} if \
        tracked.returncode == 0 else {p.name for p in ROOT.iterdir()}
    made_here = {".venv", ".venv-web", ".hypothesis", ".pytest_cache", ".ruff_cache",
                 "spades.egg-info"}  # folders the Makefile and the tools create
    # pygbag leaves out /build, /.git and /.github by itself, and every dotted file.
    for name in sorted((tops | made_here) - set(GAME_TOP) - {"build", ".git", ".github"}):
        if (ROOT / name).is_dir() or name in made_here:
            assert f"/{name}" in dirs, f"pygbag.ini does not leave out the folder {name}/"
        elif not name.startswith("."):
            assert name in files, f"pygbag.ini does not leave out the file {name}"
    assert not {"/spades", "/assets", "spades", "assets", "main.py"} & (dirs | files)


DESKTOP_ONLY = ("spades/measure", "spades/tools", "spades/server", "spades/commands")

# pygbag's own walk of the app folder (gathering.gather, filtering.filter), run in
# .venv-web with pygbag.ini's lists: the files a direct `pygbag` run packs.
DIRECT_RUN = """
import ast, configparser, json, sys
from pathlib import Path
from pygbag.filtering import filter
from pygbag.gathering import gather
ini = configparser.ConfigParser(inline_comment_prefixes=";")
ini.read("pygbag.ini", encoding="utf-8")
lists = [ast.literal_eval(ini["DEPENDENCIES"][k]) for k in ("ignoredirs", "ignorefiles")]
print(json.dumps(sorted(p.as_posix().lstrip("/")
                        for _, p in filter(gather(Path.cwd()), *lists))))
"""


def test_a_direct_pygbag_run_packs_the_game_without_the_desktop_packages():
    """pygbag's own filter over this checkout with pygbag.ini: the measurements, the
    developer tools and the table server stay out; every module the game reaches
    (the solver among them) and the table server's client go in."""
    if not pygbag_ready():
        if os.environ.get("SPADES_REQUIRE_WEB") == "1":
            pytest.fail("the web build must be tested here, but pygbag is not in .venv-web")
        pytest.skip("pygbag is not installed in .venv-web (make web installs it)")
    done = subprocess.run([str(WEB_PYTHON), "-c", DIRECT_RUN], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    packed = set(json.loads(done.stdout))
    for folder in DESKTOP_ONLY:
        assert (ROOT / folder / "__init__.py").is_file(), folder
        assert not {p for p in packed if p.startswith(folder + "/")}, folder
    reached = {pack.module_file(m).relative_to(ROOT).as_posix() for m in pack.reachable_modules()}
    assert "spades/solver/search.py" in reached
    assert reached <= packed, sorted(reached - packed)
    assert {"main.py", "spades/client/session.py"} <= packed
    assert not {p for p in packed if not p.startswith(("spades/", "assets/"))} - {"main.py"}


# --- the page template -----------------------------------------------------------------


def test_template_uses_only_what_pygbag_fills():
    text = TEMPLATE.read_text(encoding="utf-8")
    used = set(re.findall(r"\{\{\s*cookiecutter\.(\w+)\s*\}\}", text))
    assert used <= PYGBAG_KEYS, f"pygbag would leave these unfilled: {used - PYGBAG_KEYS}"
    assert {"cdn", "archive", "title", "PYBUILD"} <= used
    # pygbag only replaces text: no Jinja blocks, no other braces left behind.
    assert "{%" not in text
    leftover = re.sub(r"\{\{cookiecutter\.\w+\}\}", "", text)
    assert "{{" not in leftover and "}}" not in leftover
    # The hooks the runtime and SDL look for.
    for needle in ('id="canvas"', 'id="status"', 'id="progress"', 'id="spades-bar"',
                   'id="retry"', '<link rel="manifest"', "pythons.js",
                   "window.config", "async def custom_site", "MM.prepare",
                   "shell.runpy"):
        assert needle in text, needle
    # No console (the xterm "vtx" feature) and no runtime leave-page prompt.
    data_os = re.search(r'data-os="([^"]*)"', text).group(1).split(",")
    assert "vtx" not in data_os and "vt" not in data_os and "can_close: 1" in text


def test_template_reads_the_settings_the_game_writes():
    """The page skips the start click when the saved settings have the sound off."""
    from spades.storage import Settings, save_settings
    from spades.storage.store import MemoryStore

    store = MemoryStore()
    save_settings(store, Settings(sound=False))
    raw = store.storage.items
    text = TEMPLATE.read_text(encoding="utf-8")
    key = re.search(r'getItem\("([^"]+)"\)', text).group(1)
    assert key in raw and '"sound": false' in raw[key].replace('"sound":false', '"sound": false')


def test_icon_is_a_png_pygbag_can_use():
    data = ICON.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width == height >= 32
    tracked = subprocess.run(["git", "check-ignore", "-q", str(ICON)], cwd=ROOT)
    assert tracked.returncode == 1, "build/icon.png is git-ignored: a fresh clone lacks it"


# --- the build -------------------------------------------------------------------------


def pygbag_ready() -> bool:
    if not WEB_PYTHON.exists():
        return False
    found = subprocess.run([str(WEB_PYTHON), "-c", "import importlib.util as u, sys; "
                            "sys.exit(u.find_spec('pygbag') is None)"], capture_output=True)
    return found.returncode == 0


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    if not pygbag_ready():
        why = "pygbag is not installed in .venv-web (make web installs it)"
        if os.environ.get("SPADES_REQUIRE_WEB") == "1":
            pytest.fail(f"the web build must be tested here, but {why}")
        pytest.skip(why)
    return make_web(ROOT, tmp_path_factory.mktemp("web"))


def make_web(checkout: Path, out: Path) -> Path:
    """`make web` of ``checkout`` into ``out``/web, offline (every proxy closed, the
    web venv as it is), the runtime's address a local one."""
    closed = "http://127.0.0.1:9"
    env = dict(os.environ, http_proxy=closed, https_proxy=closed, HTTP_PROXY=closed,
               HTTPS_PROXY=closed, no_proxy="", NO_PROXY="")
    done = subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv-web/.installed", "web",
         f"WEB_DIR={out / 'web'}", f"WEB_STAGE_ROOT={out / 'stage'}",
         "WEB_CDN=http://127.0.0.1:8765/runtime/"],
        cwd=checkout, env=env, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out / "web"


def test_build_outputs_page_archive_manifest_and_worker(built):
    assert sorted(p.name for p in built.iterdir()) == [
        "favicon.png", "icon-192.png", "icon-512.png", "index.html", "manifest.webmanifest",
        "spades.apk", "sw.js"]
    assert (built / "favicon.png").read_bytes() == ICON.read_bytes()
    assert (built / "spades.apk").stat().st_size <= MAX_ARCHIVE


def test_the_embedding_page_says_the_archives_size(built):
    """docs/embed.md tells a host how large the archive is: within a fifth of the
    build's (it said "about 145 KB" of an archive of 408,295 bytes)."""
    text = (ROOT / "docs" / "embed.md").read_text(encoding="utf-8")
    stated = int(re.search(r"`spades\.apk` \|[^|]*\(about (\d+) KB\)", text).group(1))
    size = (built / "spades.apk").stat().st_size / 1000
    assert abs(stated - size) <= size / 5, (stated, size)


def archive_members(built: Path) -> set[str]:
    with zipfile.ZipFile(built / "spades.apk") as apk:
        names = {n for n in apk.namelist() if not n.endswith("/")}
    assert all(n.startswith("assets/") for n in names)
    return {n[len("assets/"):] for n in names}


def test_archive_holds_what_main_reaches_and_its_assets_unchanged(built):
    packed = archive_members(built)
    modules = {n for n in packed if n.endswith(".py") and n != "main.py"}
    reached = {pack.module_file(m).relative_to(ROOT).as_posix()
               for m in pack.reachable_modules()}
    assert modules == reached, (
        f"never imported: {sorted(modules - reached)}; missing: {sorted(reached - modules)}")
    others = packed - modules - {"main.py"}
    assets = {p.relative_to(ROOT).as_posix() for p in (ROOT / "assets").rglob("*")
              if p.is_file() and "__pycache__" not in p.parts and "-pygbag." not in p.name}
    assert others == assets, f"extra: {sorted(others - assets)}; missing: {sorted(assets - others)}"
    assert "main.py" in packed
    # The command line and its tools stay out (about a fifth of the archive once).
    for left_out in ("spades/__main__.py", "spades/console.py", "spades/measure/tournament.py",
                     "spades/measure/gauntlet.py", "spades/measure/audit.py",
                     "spades/measure/audit_positions.json", "spades/storage/bench.py",
                     "spades/tools/monkey.py"):
        assert left_out not in packed, left_out
    with zipfile.ZipFile(built / "spades.apk") as apk:
        for name in sorted(packed):
            assert apk.read("assets/" + name) == (ROOT / name).read_bytes(), \
                f"{name} was changed on the way into the archive"


PLAYED_MODULES = """
import asyncio, json, sys
sys.argv = ["main.py", "--autoplay", "--seed", "3", "--frames", "900", "--strength", "normal",
            "--speed", "fast", "--screenshots", "shots"]
sys.path.insert(0, %r)
import runpy
try:
    runpy.run_path(%r, run_name="__main__")
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m == "spades" or m.startswith("spades."))))
"""


def test_a_game_played_imports_nothing_the_archive_lacks(built, tmp_path):
    """The walk is static; this plays the game natively (autoplay, which opens each
    kind of screen once for its screenshots) and lists what it really imported: all
    of it is in the archive."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SPADES_DATA_DIR=str(tmp_path))
    code = PLAYED_MODULES % (str(ROOT), str(ROOT / "main.py"))
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    played = json.loads(done.stdout.strip().splitlines()[-1])
    assert "spades.ui.app" in played and "spades.engine.match" in played
    packed = archive_members(built)
    missing = [m for m in played if pack.module_file(m).relative_to(ROOT).as_posix() not in packed]
    assert missing == [], f"the game imported modules the archive lacks: {missing}"


def test_the_walk_follows_every_kind_of_import(tmp_path):
    """build/pack.py's walk on a small tree: top-level and lazy imports, relative ones,
    `from . import x` naming a module, parents' __init__, and what stays out."""
    files = {
        "main.py": "from game.ui.app import main\n",
        "game/__init__.py": "",
        "game/ui/__init__.py": "",
        "game/ui/app.py": "import os\nfrom . import anim\nfrom ..engine import rules\n"
                          "def later():\n    from game.store import saves\n",
        "game/ui/anim.py": "",
        "game/engine/__init__.py": "",
        "game/engine/rules.py": "from .cards import Card\n",
        "game/engine/cards.py": "",
        "game/store/__init__.py": "",
        "game/store/saves.py": "",
        "game/cli.py": "import game.ui.app\n",  # imports the game, never imported by it
        "game/engine/bench.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    old = pack.PACKAGE
    pack.PACKAGE = "game"
    try:
        found = pack.reachable_modules(tmp_path)
    finally:
        pack.PACKAGE = old
    assert found == {"game", "game.ui", "game.ui.app", "game.ui.anim", "game.engine",
                     "game.engine.rules", "game.engine.cards", "game.store", "game.store.saves"}


def test_page_placeholders_are_filled(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    assert "{{" not in page and "cookiecutter" not in page
    assert 'src="http://127.0.0.1:8765/runtime/pythons.js"' in page  # WEB_CDN overrides
    assert 'cdn: "http://127.0.0.1:8765/runtime/"' in page
    assert 'archive: "spades"' in page and 'bundle = "spades"' in page
    assert "<title>Spades</title>" in page
    assert 'PYBUILD: "3.12"' in page and 'width="1280" height="720"' in page
    size = (built / "spades.apk").stat().st_size
    assert f"var ARCHIVE_BYTES = {size};" in page and 'var SERVICE_WORKER = "sw.js";' in page
    assert page.isascii(), "the page's own text is ASCII"


def test_manifest_makes_the_game_installable(built):
    doc = json.loads((built / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert doc["name"] == "Spades" and doc["short_name"]
    assert doc["start_url"] == "./index.html" and doc["scope"] == "./"
    assert doc["display"] in ("fullscreen", "standalone")
    assert doc["orientation"] == "any"  # landscape and portrait both
    assert re.fullmatch(r"#[0-9a-f]{6}", doc["background_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", doc["theme_color"])
    sizes = set()
    for icon in doc["icons"]:
        data = (built / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and icon["type"] == "image/png"
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert icon["sizes"] == f"{w}x{h}"
        sizes.add(w)
    assert {192, 512} <= sizes
    page = (built / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page


def test_worker_is_versioned_by_the_build(built, tmp_path):
    worker = (built / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]{16})";', worker).group(1)
    for name in ("index.html", "spades.apk", "favicon.png", "manifest.webmanifest",
                 "icon-192.png", "icon-512.png"):
        assert f'"{name}"' in worker, f"the worker does not keep {name}"
    # Another build with any file changed is another version; the same files, the same.
    copy = as_pygbag_left_it(built, tmp_path / "web")
    assert pack.finish(copy) == version
    with zipfile.ZipFile(copy / "spades.apk", "a") as apk:
        apk.writestr("assets/changed.txt", "a new build")
    as_pygbag_left_it(built, copy, archive=False)
    assert pack.finish(copy) != version


def test_two_builds_of_one_commit_are_the_same_bytes(built, tmp_path):
    """Another checkout of the same commit, made at another time: the files written in
    the reverse order (a small folder lists its files in the order they were made, and
    pygbag packs them in the order it walks them) with other modification times (pygbag
    writes each file's time into the archive). Its `make web` gives the same bytes, so a
    deploy from a fresh checkout costs returning visitors no new download."""
    checkout = tmp_path / "checkout"
    tracked = subprocess.run(["git", "ls-files", "main.py", "spades", "assets", "build",
                              "Makefile", "pygbag.ini", "pyproject.toml"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    later = time.time() + 86400 * 400
    for name in reversed(tracked):
        if not (ROOT / name).is_file():
            continue  # a file another change of the working tree removed
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        (checkout / name).write_bytes((ROOT / name).read_bytes())
        os.utime(checkout / name, (later, later))
    (checkout / ".venv-web").symlink_to(ROOT / ".venv-web")
    again = make_web(checkout, tmp_path)
    differ = [p.name for p in sorted(built.iterdir())
              if p.read_bytes() != (again / p.name).read_bytes()]
    assert differ == []
    with zipfile.ZipFile(built / "spades.apk") as apk:
        names = apk.namelist()
        assert names == sorted(names)
        assert {info.date_time for info in apk.infolist()} == {pack.ENTRY_TIME}


def as_pygbag_left_it(built: Path, copy: Path, archive: bool = True) -> Path:
    """The build as it was before build/pack.py --finish: no worker, no size written."""
    copy.mkdir(exist_ok=True)
    for p in built.iterdir():
        if p.name != "sw.js" and (archive or p.name != "spades.apk"):
            (copy / p.name).write_bytes(p.read_bytes())
    page = (copy / "index.html").read_text(encoding="utf-8")
    page = re.sub(r"var ARCHIVE_BYTES = \d+;", "var ARCHIVE_BYTES = 0;", page)
    (copy / "index.html").write_text(page, encoding="utf-8")
    return copy


def test_web_without_the_worker(built, tmp_path):
    copy = as_pygbag_left_it(built, tmp_path / "web")
    pack.finish(copy, worker=False)
    assert not (copy / "sw.js").exists()
    assert 'var SERVICE_WORKER = "";' in (copy / "index.html").read_text(encoding="utf-8")


# --- make serve --------------------------------------------------------------------------


def load_serve():
    spec = importlib.util.spec_from_file_location("serve", ROOT / "build" / "serve.py")
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    return serve


def test_make_serve_serves_the_build_and_proxies_cdn_as_pygbags_test_server(tmp_path):
    """A real server on 127.0.0.1 in front of a stand-in CDN (another real server): the
    build's files with their length and type, uncompressed; what pygbag's runtime asks
    for under /cdn/ (its package index, the pygame-ce wheel, with the double slash its
    wheel addresses have) fetched from the CDN at the same path and kept; a file the CDN
    lacks is a 404 the page sees."""
    import http.server
    import threading
    import urllib.error
    import urllib.request

    serve = load_serve()
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>Spades</title>", encoding="utf-8")
    (web / "spades.apk").write_bytes(b"PK\x03\x04" + bytes(2000))
    cdn_files = {"/cdn/index-0.9.3-cp312.json": b'{"pygame": "cp312/pygame_ce.whl"}',
                 "/cdn/cp312/pygame_ce.whl": b"PK wheel bytes"}
    asked = []

    class Cdn(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the base class's name
            asked.append(self.path)
            body = cdn_files.get(self.path)
            self.send_response(200 if body else 404)
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    cdn = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Cdn)
    server = serve.make_server(str(web), 0, "127.0.0.1",
                               f"http://127.0.0.1:{cdn.server_address[1]}", str(tmp_path / "c"))
    for s in (cdn, server):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def get(path):
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as exc:
            return exc.code, dict(exc.headers), b""

    try:
        status, headers, body = get("/spades.apk")
        assert status == 200 and body.startswith(b"PK\x03\x04")
        assert headers["Content-Length"] == str(len(body)) and "Content-Encoding" not in headers
        assert headers["Content-type"] == "application/octet-stream"
        assert get("/")[0] == 200 and b"Spades" in get("/")[2]
        status, headers, body = get("/cdn/index-0.9.3-cp312.json")
        assert status == 200 and body == cdn_files["/cdn/index-0.9.3-cp312.json"]
        status, _, body = get("/cdn//cp312/pygame_ce.whl")
        assert status == 200 and body == b"PK wheel bytes"
        assert asked == ["/cdn/index-0.9.3-cp312.json", "/cdn/cp312/pygame_ce.whl"]
        assert get("/cdn/cp312/pygame_ce.whl")[2] == b"PK wheel bytes"
        assert len(asked) == 2  # kept: asked of the CDN once
        assert get("/cdn/missing.whl")[0] == 404
    finally:
        for s in (server, cdn):
            s.shutdown()
            s.server_close()


def test_the_cdn_cache_is_kept_per_cdn_and_asked_again_once_old(tmp_path, monkeypatch):
    """Two stand-in CDNs (real servers on 127.0.0.1) with another file at one path, and
    one cache folder (the build's, which every server of that build shares): each
    server answers its own CDN's file. A kept file an hour old is asked for again with
    its ETag: unchanged (304) it is kept, changed it is replaced; with the CDN gone the
    kept copy still answers."""
    import http.server
    import threading

    page = importlib.import_module("spades.server.page")
    files = [{"/cdn/index.json": (b"A one", '"a1"')}, {"/cdn/index.json": (b"B one", '"b1"')}]
    asked: list[tuple[int, str | None]] = []

    def handler(n):
        class Cdn(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - the base class's name
                body, etag = files[n][self.path]
                asked.append((n, self.headers.get("If-None-Match")))
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("ETag", etag)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass
        return Cdn

    cdns = [http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(n)) for n in (0, 1)]
    for s in cdns:
        threading.Thread(target=s.serve_forever, daemon=True).start()
    urls = [f"http://127.0.0.1:{s.server_address[1]}" for s in cdns]
    cache = tmp_path / "web-cache"

    def read(n):
        return page.cdn_file(urls[n], cache, "/cdn/index.json").read_bytes()

    try:
        assert (read(0), read(1)) == (b"A one", b"B one")  # each its own CDN's
        assert (read(0), read(1)) == (b"A one", b"B one") and len(asked) == 2  # kept
        monkeypatch.setattr(page, "REVALIDATE_S", 0.0)  # an hour later
        assert read(0) == b"A one" and asked[-1] == (0, '"a1"')  # 304: still the same
        files[0]["/cdn/index.json"] = (b"A two", '"a2"')
        assert read(0) == b"A two" and asked[-1] == (0, '"a1"')  # changed: replaced
        cdns[0].shutdown()
        cdns[0].server_close()
        assert read(0) == b"A two"  # the CDN out of reach: the kept copy
    finally:
        cdns[1].shutdown()
        cdns[1].server_close()


def test_make_serve_runs_the_table_server():
    """make serve is the table server: the page, /cdn/ and the tables on one address;
    build/serve.py (the page alone) and it fetch /cdn/ through one cache."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = text[text.index("\nserve:"):].split("\n\n", 1)[0]
    assert "-m spades serve --web $(WEB_DIR)" in recipe and "http.server" not in recipe
    assert "cdn_file" in (ROOT / "build" / "serve.py").read_text(encoding="utf-8")


def test_web_with_its_own_package_index(built, tmp_path):
    """make web WEB_PKG=...: the page hands the runtime that index (see packageIndex);
    without it, the page leaves the choice to the runtime."""
    assert 'var PACKAGE_INDEX = "";' in (built / "index.html").read_text(encoding="utf-8")
    copy = as_pygbag_left_it(built, tmp_path / "web")
    pack.finish(copy, package_index="https://games.example.org/pkg/")
    page = (copy / "index.html").read_text(encoding="utf-8")
    assert 'var PACKAGE_INDEX = "https://games.example.org/pkg/";' in page
    for bad in ("https://games.example.org/pkg", "javascript:alert(1)/", 'https://x/"+y/'):
        with pytest.raises(SystemExit):
            pack.finish(as_pygbag_left_it(built, tmp_path / "bad"), package_index=bad)


def test_build_leaves_the_sources_alone(built):
    status = subprocess.run(["git", "status", "--porcelain", "--ignored", "--", *GAME_TOP],
                            cwd=ROOT, capture_output=True, text=True).stdout
    assert "-pygbag." not in status, status


# --- nothing in the game's loop blocks -------------------------------------------------

# Modules the command line uses and the game never imports. They may block (a
# tournament's worker processes, a bench's timing, a prompt), which is fine because
# they never run in the browser; the test below proves the game cannot reach them.
CLI_ONLY = ("spades.__main__", "spades.commands", "spades.console", "spades.measure",
            "spades.measure.tournament", "spades.measure.audit", "spades.storage.bench",
            "spades.tools", "spades.tools.monkey")
BLOCKING_MODULES = ("threading", "_thread", "multiprocessing", "concurrent", "subprocess",
                    "queue")


def game_modules() -> set[str]:
    """What main.py can reach: the modules that may run in the browser."""
    return pack.reachable_modules()


def blocking_calls(source: str) -> list[str]:
    """What in this source would stall the browser's only thread."""
    problems = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            for name in names:
                if name.split(".")[0] in BLOCKING_MODULES:
                    problems.append(f"line {node.lineno}: imports {name}")
            if isinstance(node, ast.ImportFrom) and node.module == "time" and \
                    any(a.name == "sleep" for a in node.names):
                problems.append(f"line {node.lineno}: imports time.sleep")
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "sleep" and \
                    isinstance(f.value, ast.Name) and f.value.id == "time":
                problems.append(f"line {node.lineno}: time.sleep()")
            if isinstance(f, ast.Name) and f.id in ("input", "sleep"):
                problems.append(f"line {node.lineno}: {f.id}()")
            if isinstance(f, ast.Attribute) and f.attr in ("system", "popen") and \
                    isinstance(f.value, ast.Name) and f.value.id == "os":
                problems.append(f"line {node.lineno}: os.{f.attr}()")
    return problems


def test_the_scan_finds_what_blocks():
    sample = ("import time, threading\nfrom time import sleep\nimport concurrent.futures\n"
              "def f():\n    time.sleep(1)\n    input('> ')\n    sleep(2)\n")
    found = blocking_calls(sample)
    assert len(found) == 6, found
    assert blocking_calls("import asyncio\nasync def f():\n    await asyncio.sleep(0)\n") == []


def test_the_game_reaches_no_command_line_module():
    modules = game_modules()
    assert {"spades.ui.app", "spades.engine.match", "spades.ai.hard",
            "spades.storage.store", "spades.platform"} <= modules
    assert not set(CLI_ONLY) & modules, "the game imports a command-line module"


def test_nothing_the_game_runs_blocks():
    problems = {}
    for module in sorted(game_modules()) + ["main"]:
        path = ROOT / "main.py" if module == "main" else pack.module_file(module)
        found = blocking_calls(path.read_text(encoding="utf-8"))
        if found:
            problems[path.relative_to(ROOT).as_posix()] = found
    assert problems == {}, f"these would block the browser's only thread: {problems}"
