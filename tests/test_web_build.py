"""The browser build: what goes into it, the page it is served in, and a loop that
never blocks.

- ``pygbag.ini`` says what pygbag must leave out, in the keys pygbag 0.9.3 reads.
- The archive built by ``make web`` holds exactly the game (``main.py``, ``spades/``,
  ``assets/``), byte for byte as in the checkout (nothing reformatted or recompressed),
  within 1 MB; the page's placeholders are all filled and the runtime address can be
  overridden. Building needs pygbag, which lives in ``.venv-web`` (``make web``
  creates it; ``.ci/run`` does so before ``make test``): without it these tests are
  skipped, unless SPADES_REQUIRE_WEB=1 (as in CI). The build runs offline: every
  proxy points at a closed local port, so a build that reached for its CDN (which it
  retries forever) would hit the time limit and fail.
- Nothing the game can import blocks the browser's one thread (see the last tests).
"""

from __future__ import annotations

import ast
import configparser
import os
import re
import subprocess
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


def game_files() -> set[str]:
    """The files the game is made of, as they sit in the archive (under assets/)."""
    names = {"main.py"}
    for top in GAME_TOP[1:]:
        for path in (ROOT / top).rglob("*"):
            rel = path.relative_to(ROOT)
            if path.is_dir() or any(p.startswith(".") or p == "__pycache__" for p in rel.parts):
                continue
            if path.suffix == ".pyc" or "-pygbag." in path.name:
                continue
            names.add(rel.as_posix())
    return names


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
    for needle in ('id="canvas"', 'id="status"', 'id="progress"', "pythons.js",
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
    out = tmp_path_factory.mktemp("web")
    closed = "http://127.0.0.1:9"
    env = dict(os.environ, http_proxy=closed, https_proxy=closed, HTTP_PROXY=closed,
               HTTPS_PROXY=closed, no_proxy="", NO_PROXY="")
    done = subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv-web/.installed", "web",
         f"WEB_DIR={out / 'web'}", f"WEB_STAGE_ROOT={out / 'stage'}",
         "WEB_CDN=http://127.0.0.1:8765/runtime/"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out / "web"


def test_build_outputs_page_archive_and_icon(built):
    assert sorted(p.name for p in built.iterdir()) == ["favicon.png", "index.html", "spades.apk"]
    assert (built / "favicon.png").read_bytes() == ICON.read_bytes()
    assert (built / "spades.apk").stat().st_size <= MAX_ARCHIVE


def test_archive_holds_exactly_the_game_unchanged(built):
    with zipfile.ZipFile(built / "spades.apk") as apk:
        names = {n for n in apk.namelist() if not n.endswith("/")}
        assert all(n.startswith("assets/") for n in names)
        packed = {n[len("assets/"):] for n in names}
        expected = game_files()
        assert packed == expected, (
            f"unexpected: {sorted(packed - expected)}; missing: {sorted(expected - packed)}")
        for name in sorted(packed):
            assert apk.read("assets/" + name) == (ROOT / name).read_bytes(), \
                f"{name} was changed on the way into the archive"
    for module in game_modules():
        assert module_file(module).relative_to(ROOT).as_posix() in packed


def test_page_placeholders_are_filled(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    assert "{{" not in page and "cookiecutter" not in page
    assert 'src="http://127.0.0.1:8765/runtime/pythons.js"' in page  # WEB_CDN overrides
    assert 'cdn: "http://127.0.0.1:8765/runtime/"' in page
    assert 'archive: "spades"' in page and 'bundle = "spades"' in page
    assert "<title>Spades</title>" in page
    assert 'PYBUILD: "3.12"' in page and 'width="1280" height="720"' in page


def test_build_leaves_the_sources_alone(built):
    status = subprocess.run(["git", "status", "--porcelain", "--ignored", "--", *GAME_TOP],
                            cwd=ROOT, capture_output=True, text=True).stdout
    assert "-pygbag." not in status, status


# --- nothing in the game's loop blocks -------------------------------------------------

# Modules the command line uses and the game never imports. They may block (a
# tournament's worker processes, a bench's timing, a prompt), which is fine because
# they never run in the browser; the test below proves the game cannot reach them.
CLI_ONLY = ("spades.__main__", "spades.console", "spades.ai.tournament", "spades.ai.audit",
            "spades.storage.bench")
BLOCKING_MODULES = ("threading", "_thread", "multiprocessing", "concurrent", "subprocess",
                    "queue")


def module_file(module: str) -> Path:
    base = ROOT.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def imported_modules(module: str, tree: ast.AST) -> set[str]:
    """Every spades module a file imports, at its top or lazily inside a function."""
    package = module if module_file(module).name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "spades"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if target.split(".")[0] != "spades":
                continue
            found.add(target)
            for alias in node.names:  # `from . import anim` names a module
                if module_file(f"{target}.{alias.name}").exists():
                    found.add(f"{target}.{alias.name}")
    # Importing a.b.c runs a/__init__ and a/b/__init__ too.
    for name in list(found):
        parts = name.split(".")
        found |= {".".join(parts[:i]) for i in range(1, len(parts))}
    return {m for m in found if module_file(m).exists()}


def game_modules() -> set[str]:
    """What main.py can reach: the modules that may run in the browser."""
    seen: set[str] = set()
    todo = ["__main_script__"]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = ROOT / "main.py" if module == "__main_script__" else module_file(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        todo.extend(imported_modules("spades" if module == "__main_script__" else module, tree))
    seen.discard("__main_script__")
    return seen


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
        path = ROOT / "main.py" if module == "main" else module_file(module)
        found = blocking_calls(path.read_text(encoding="utf-8"))
        if found:
            problems[path.relative_to(ROOT).as_posix()] = found
    assert problems == {}, f"these would block the browser's only thread: {problems}"
