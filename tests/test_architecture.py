"""The house's order (docs/architecture.md): who may import whom, no import circle,
no file over 600 lines, no folder of more than 15 modules.

Every module of the package (and main.py) is parsed with ``ast``; every import counts,
at the top of a module or inside a function, since a lazy import still ties the two
together. Importing ``a.b.c`` also runs the ``__init__`` of ``a.b``, so that package is
counted too (unless it contains the importer). The tests end with the checker run on a
small made-up package with one wrong import and one circle, to show it sees both.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600
MAX_MODULES = 15

# Each layer and the layers it may import (besides itself). The future layers are here
# so their rooms are fixed before they arrive: the table server, its client, the solver.
MAY_IMPORT = {
    "platform": set(),
    "console": set(),
    "engine": set(),
    "solver": {"engine"},
    "storage": {"engine", "platform"},
    "ai": {"engine", "solver"},
    "measure": {"ai", "engine", "solver", "console"},
    "client": {"engine"},
    # The server's load and safety commands (serve-bench, serve-check) play through
    # real clients.
    "server": {"engine", "ai", "storage", "solver", "platform", "console", "client"},
    # With all cards seen: the review of a hand runs the exact solver in slices.
    "ui": {"engine", "ai", "storage", "platform", "client", "solver"},
    "commands": {"engine", "ai", "storage", "solver", "measure", "console", "platform",
                 "server"},
    "tools": {"engine", "ai", "storage", "solver", "measure", "console", "platform",
              "server", "client", "ui"},
    "main": {"ui"},
    "package": set(),
}

# The interface's floors, lowest first: a floor imports only floors below it (and its
# own package). Folders that share a floor do not import each other: ``art`` and
# ``seating`` (who sits at the table: it imports nothing of the interface); ``draw``,
# ``pages`` and ``demo``.
UI_FLOORS = {
    "art": 0, "seating": 0, "widgets": 1, "layout": 2, "speech": 3, "table": 4,
    "draw": 5, "pages": 5, "demo": 5,
    "": 6,  # spades/ui itself: the loop (app.py), autoplay's player, sound
}


def layer_of(module: str) -> str:
    if module == "main":
        return "main"
    if module == "spades":
        return "package"
    if module == "spades.__main__":
        return "commands"
    return module.split(".")[1]


def ui_floor(module: str) -> tuple[int, str]:
    parts = module.split(".")
    sub = parts[2] if len(parts) > 2 and parts[2] in UI_FLOORS else ""
    return UI_FLOORS[sub], sub


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(root: Path) -> dict[str, Path]:
    found = {module_name(p, root): p for p in (root / "spades").rglob("*.py")}
    if (root / "main.py").exists():
        found["main"] = root / "main.py"
    return found


def imports(module: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules this one imports, with the packages whose __init__ runs."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                whole = f"{source}.{alias.name}"
                named.add(whole if whole in known else source)
    out = set()
    for name in named:
        if not (name == "spades" or name.startswith("spades.")):
            continue
        while name not in known:  # an attribute path: spades.x.y where y is a name
            name = name.rpartition(".")[0]
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            step = ".".join(parts[:i])
            # The packages above the importer are already running: no new edge.
            if step in known and not (module == step or module.startswith(step + ".")):
                out.add(step)
    out.discard(module)
    return out


def graph(root: Path) -> dict[str, set[str]]:
    found = sources(root)
    known = set(found)
    return {m: imports(m, p, known) for m, p in found.items()}


def wrong_imports(edges: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, targets in edges.items():
        layer = layer_of(module)
        for target in targets:
            other = layer_of(target)
            if other == "package":
                continue  # the empty spades/__init__.py
            if other != layer and other not in MAY_IMPORT[layer]:
                wrong.append(f"{module} ({layer}) imports {target} ({other})")
            elif layer == other == "ui":
                (mine, sub), (theirs, their_sub) = ui_floor(module), ui_floor(target)
                if theirs > mine or (theirs == mine and sub != their_sub):
                    wrong.append(f"{module} (ui/{sub or '.'}) imports {target} "
                                 f"(ui/{their_sub or '.'}), a floor not below it")
    return sorted(wrong)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_module_imports_only_what_its_layer_may():
    edges = graph(ROOT)
    assert len(edges) > 80 and "spades.ui.app" in edges["main"]
    assert wrong_imports(edges) == []


def test_no_import_circle_anywhere():
    assert circles(graph(ROOT)) == []


def test_no_file_over_600_lines_and_no_folder_over_15_modules():
    long = [f"{p.relative_to(ROOT)}: {n}" for p in (ROOT / "spades").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert long == []
    crowded = []
    for folder in [ROOT / "spades", *(p for p in (ROOT / "spades").rglob("*") if p.is_dir())]:
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        if len(modules) > MAX_MODULES:
            crowded.append(f"{folder.relative_to(ROOT)}: {len(modules)}")
    assert crowded == []


def test_every_folder_of_the_package_opens_with_a_docstring():
    bare = []
    for init in (ROOT / "spades").rglob("__init__.py"):
        if init.parent == ROOT / "spades":
            continue  # the package itself is only a name
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        if not doc or len(doc) < 60:
            bare.append(str(init.relative_to(ROOT)))
    assert bare == []


def test_the_checker_sees_a_wrong_import_and_a_circle(tmp_path):
    """A made-up house: the engine reaching up into the interface, a page importing the
    table's drawing, and two interface modules importing each other."""
    files = {
        "main.py": "from spades.ui import app\n",
        "spades/__init__.py": "",
        "spades/engine/__init__.py": "",
        "spades/engine/rules.py": "from ..ui.art import theme\n",
        "spades/ai/__init__.py": "from ..engine import rules\n",
        "spades/ui/__init__.py": "",
        "spades/ui/app.py": "from .pages import menu\n",
        "spades/ui/art/__init__.py": "",
        "spades/ui/art/theme.py": "",
        "spades/ui/draw/__init__.py": "",
        "spades/ui/draw/frame.py": "from ..art import theme\n",
        "spades/ui/pages/__init__.py": "",
        "spades/ui/pages/menu.py": "def f():\n    from ..draw.frame import x\n",
        "spades/ui/table/__init__.py": "",
        "spades/ui/table/scene.py": "from .panels import Panels\n",
        "spades/ui/table/panels.py": "def f():\n    from .scene import Scene\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    edges = graph(tmp_path)
    assert wrong_imports(edges) == [
        "spades.engine.rules (engine) imports spades.ui (ui)",
        "spades.engine.rules (engine) imports spades.ui.art (ui)",
        "spades.engine.rules (engine) imports spades.ui.art.theme (ui)",
        "spades.ui.pages.menu (ui/pages) imports spades.ui.draw (ui/draw), a floor not below it",
        "spades.ui.pages.menu (ui/pages) imports spades.ui.draw.frame (ui/draw), "
        "a floor not below it",
    ]
    assert circles(edges) == [["spades.ui.table.panels", "spades.ui.table.scene"]]
