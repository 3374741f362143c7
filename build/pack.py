"""What goes into the browser build's archive: main.py, every module of the game that
main.py can import (at a file's top or lazily inside a function, followed through
every module it reaches), and assets/. Nothing else: the command line, the tournament,
the gauntlet, the audit and its positions, the save bench stay out.

    python build/pack.py STAGE_DIR               copies those files into STAGE_DIR
    python build/pack.py --list                  prints them, one a line
    python build/pack.py --finish WEB_DIR [--no-worker] [--package-index URL]
        after pygbag: writes the archive again byte for byte reproducible (sorted
        entries, one fixed time), adds the web app manifest, its icons and the service
        worker (stamped with the build's version) beside index.html, prints the sizes;
        --no-worker builds a page that registers no worker and removes any it finds;
        --package-index makes the runtime take its packages (pygame-ce) from URL

Standard library only (``make web`` runs it with the web venv's Python). The walk is
static (``ast``): a module imported under a condition that never holds in the browser
is packed all the same, which errs on the side of a working game.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "spades"
ASSETS = "assets"
HERE = Path(__file__).resolve().parent
# Beside index.html, spades.apk and favicon.png (what pygbag writes).
WEB_EXTRAS = ("manifest.webmanifest", "icon-192.png", "icon-512.png")
WORKER = "sw.js"
WORKER_MARK = 'var SERVICE_WORKER = "sw.js";'  # in build/template.tmpl
SIZE_MARK = "var ARCHIVE_BYTES = 0;"
INDEX_MARK = 'var PACKAGE_INDEX = "";'
# Every entry of the archive gets this time and these permissions (zip's earliest
# date): pygbag writes each file's modification time and walks folders in the file
# system's order, so two builds of one commit differed, and every deploy from a fresh
# checkout made every returning visitor download the game again.
ENTRY_TIME = (1980, 1, 1, 0, 0, 0)
ENTRY_MODE = 0o644


def module_file(module: str, root: Path = ROOT) -> Path:
    """Where a dotted module's source lives (a package is its __init__.py)."""
    base = root.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def imported_modules(module: str, tree: ast.AST, root: Path = ROOT) -> set[str]:
    """Every module of the game a file imports, at its top or inside a function.
    ``module`` is the file's dotted name (its package's name for main.py)."""
    is_package = module_file(module, root).name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == PACKAGE}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            if target.split(".")[0] != PACKAGE:
                continue
            found.add(target)
            for alias in node.names:  # `from . import anim` names a module
                if module_file(f"{target}.{alias.name}", root).exists():
                    found.add(f"{target}.{alias.name}")
    # Importing a.b.c runs a/__init__ and a/b/__init__ too.
    for name in list(found):
        parts = name.split(".")
        found |= {".".join(parts[:i]) for i in range(1, len(parts))}
    return {m for m in found if module_file(m, root).exists()}


def reachable_modules(root: Path = ROOT) -> set[str]:
    """The game's modules main.py can reach: what may run in the browser."""
    seen: set[str] = set()
    todo = [""]  # "" is main.py itself
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = root / "main.py" if module == "" else module_file(module, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        todo.extend(imported_modules(module or PACKAGE, tree, root))
    seen.discard("")
    return seen


def game_files(root: Path = ROOT) -> list[str]:
    """The archive's files, relative to the app folder: main.py, the reachable modules'
    sources and everything under assets/ (no caches, no dotted or pngquant files)."""
    names = {"main.py"}
    names |= {module_file(m, root).relative_to(root).as_posix() for m in reachable_modules(root)}
    for path in (root / ASSETS).rglob("*"):
        rel = path.relative_to(root)
        if path.is_file() and not any(p.startswith(".") or p == "__pycache__" for p in rel.parts) \
                and path.suffix != ".pyc" and "-pygbag." not in path.name:
            names.add(rel.as_posix())
    return sorted(names)


def stage(target: Path, root: Path = ROOT) -> list[str]:
    names = game_files(root)
    for name in names:
        dest = target / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, dest)
    return names


def reproducible(archive: Path) -> None:
    """Write ``archive`` again with its entries sorted by name, each with ENTRY_TIME and
    ENTRY_MODE, each compressed as it was (pygbag deflates at level 9): the same files
    give the same bytes, whenever and wherever they were checked out."""
    with zipfile.ZipFile(archive) as old:
        entries = sorted((info.filename, info.compress_type, old.read(info))
                         for info in old.infolist() if not info.is_dir())
    fresh = archive.with_name(archive.name + ".tmp")
    with zipfile.ZipFile(fresh, "w") as new:
        for name, compression, data in entries:
            info = zipfile.ZipInfo(name, date_time=ENTRY_TIME)
            info.compress_type = compression
            info.external_attr = (0o100000 | ENTRY_MODE) << 16
            info.create_system = 3  # unix, whatever system builds it
            new.writestr(info, data, compresslevel=9)
    fresh.replace(archive)


def build_version(web_dir: Path) -> str:
    """A digest of everything the worker keeps, so any change makes a new worker."""
    digest = hashlib.sha256()
    for name in sorted(p.name for p in web_dir.iterdir() if p.is_file()) + [WORKER]:
        path = HERE / WORKER if name == WORKER else web_dir / name
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def finish(web_dir: Path, worker: bool = True, package_index: str = "") -> str:
    page = web_dir / "index.html"
    text = page.read_text(encoding="utf-8")
    if WORKER_MARK not in text:
        raise SystemExit(f"pack: {page} lacks the service worker line {WORKER_MARK!r}")
    if SIZE_MARK not in text:
        raise SystemExit(f"pack: {page} lacks the archive size line {SIZE_MARK!r}")
    if INDEX_MARK not in text:
        raise SystemExit(f"pack: {page} lacks the package index line {INDEX_MARK!r}")
    reproducible(web_dir / "spades.apk")
    size = (web_dir / "spades.apk").stat().st_size
    text = text.replace(SIZE_MARK, f"var ARCHIVE_BYTES = {size};")
    if package_index:
        if not re.fullmatch(r"https?://[A-Za-z0-9._~:/%+-]+/", package_index):
            raise SystemExit(f"pack: the package index {package_index!r} is not an http(s) "
                             "address ending in /")
        text = text.replace(INDEX_MARK, f"var PACKAGE_INDEX = {json.dumps(package_index)};")
    if not worker:
        text = text.replace(WORKER_MARK, 'var SERVICE_WORKER = "";')
    page.write_text(text, encoding="utf-8")
    for name in WEB_EXTRAS:
        shutil.copy2(HERE / name, web_dir / name)
    version = build_version(web_dir)
    if worker:
        source = (HERE / WORKER).read_text(encoding="utf-8")
        stamped = source.replace('const VERSION = "dev";', f'const VERSION = "{version}";')
        if stamped == source:
            raise SystemExit(f"pack: {HERE / WORKER} lacks its VERSION line")
        (web_dir / WORKER).write_text(stamped, encoding="utf-8")
    return version


if __name__ == "__main__":
    if sys.argv[1:] == ["--list"]:
        print("\n".join(game_files()))
    elif sys.argv[1:2] == ["--finish"] and len(sys.argv) >= 3:
        web, rest = Path(sys.argv[2]), sys.argv[3:]
        worker = "--no-worker" not in rest
        index = rest[rest.index("--package-index") + 1] if "--package-index" in rest[:-1] else ""
        if set(rest) - {"--no-worker", "--package-index", index}:
            sys.exit(__doc__)
        version = finish(web, worker, index)
        apk = web / "spades.apk"
        print(f"pack: spades.apk {apk.stat().st_size:,} bytes "
              f"({apk.stat().st_size / 1024:.0f} KiB), build {version}, service worker "
              f"{'on' if worker else 'off'}")
    elif len(sys.argv) == 2:
        staged = stage(Path(sys.argv[1]))
        print(f"pack: {len(staged)} files staged")
    else:
        sys.exit(__doc__)
