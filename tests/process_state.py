"""What the game keeps in a process beyond one App, and how each test starts without it.

A test that leaves something behind in a module (the screen density, a cache, an event
in pygame's queue) hands it to whichever test runs next, and that test's verdict then
depends on the order. ``RESETS`` names every such piece of state the package keeps, with
how to put it back; conftest.py's autouse fixture calls ``reset_process_state`` before
every test. ``module_state`` finds them in the source, so that test_suite_habits.py
fails when a new one appears that ``RESETS`` does not name.

What ``module_state`` counts, anywhere under the package:
- a module-level name rebound through ``global``;
- a module-level name bound to an empty container (``{}``, ``[]``, ``set()``,
  ``deque()``...), there to be filled while the game runs;
- a module-level name mutated (``.append``, ``[k] = v``...) inside a function;
- a function wrapped in ``functools`` caching;
- a class attribute assigned from outside its class (``Text.recording = []``);
- a module-level instance of the package's own classes, unless frozen.
State that belongs to one App (the input mode, the clients leaving a table) lives on
the App instead, and is not here.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MUTATORS = {"append", "appendleft", "clear", "add", "update", "pop", "popleft", "popitem",
            "remove", "extend", "insert", "discard", "setdefault", "sort", "reverse"}
EMPTY_CALLS = {"dict", "list", "set", "deque", "defaultdict", "OrderedDict", "Counter",
               "bytearray"}


def _cache_clear(module: str, name: str) -> Callable[[], None]:
    return lambda: getattr(importlib.import_module(module), name).cache_clear()


def _set(module: str, path: str, value) -> Callable[[], None]:
    def reset() -> None:
        obj = importlib.import_module(module)
        *owners, last = path.split(".")
        for owner in owners:
            obj = getattr(obj, owner)
        setattr(obj, last, value)
    return reset


def _clear(module: str, name: str) -> Callable[[], None]:
    return lambda: getattr(importlib.import_module(module), name).clear()


def _class_default(module: str, cls: str, name: str) -> Callable[[], None]:
    """Back to what the class inherits (a test set it on the class itself)."""
    def reset() -> None:
        owner = getattr(importlib.import_module(module), cls)
        if name in vars(owner):
            delattr(owner, name)
    return reset


_ORIGINALS: dict[str, object] = {}


def _original(module: str, cls: str, name: str) -> Callable[[], None]:
    """Back to the value first seen (a tool that times a method wraps it)."""
    def reset() -> None:
        owner = getattr(importlib.import_module(module), cls)
        key = f"{module}.{cls}.{name}"
        setattr(owner, name, _ORIGINALS.setdefault(key, vars(owner)[name]))
    return reset


def _density_to_one() -> None:
    importlib.import_module("spades.ui.art.density").set_density(1.0)


# Every piece of process state the package keeps, by its dotted name, and how a test
# starts without it. Only modules a test has imported are touched (a reset never
# imports a module the test did not use: the function is called only for those).
RESETS: dict[str, Callable[[], None]] = {
    # The window's pixels per CSS pixel, read by every px() of the interface; the App
    # sets it at its start from --density or the page.
    "spades.ui.art.density._density": _density_to_one,
    # Pure caches, keyed by all they depend on: cleared all the same, so that every
    # test starts from the same process.
    "spades.engine.legal.legal_bids": _cache_clear("spades.engine.legal", "legal_bids"),
    "spades.engine.playout._deck_list": _cache_clear("spades.engine.playout", "_deck_list"),
    "spades.engine.rules._as_dict": _cache_clear("spades.engine.rules", "_as_dict"),
    "spades.engine.rules._read_rules": _cache_clear("spades.engine.rules", "_read_rules"),
    "spades.engine.wire._READ": _clear("spades.engine.wire", "_READ"),
    "spades.ui.speech.captions._VEIL": _clear("spades.ui.speech.captions", "_VEIL"),
    # The random-input tester's record of every string drawn, for every Text at once.
    "spades.ui.art.theme.Text.recording": _set("spades.ui.art.theme", "Text.recording", None),
    # The Driver (tests/ui_driver.py) and review_ready set the tables' review ahead for
    # all at once; review_ready times HandReview.step by wrapping it.
    "spades.ui.table.scene.TableScene.review_ahead": _class_default(
        "spades.ui.table.scene", "TableScene", "review_ahead"),
    "spades.solver.review.HandReview.step": _original("spades.solver.review", "HandReview",
                                                      "step"),
}

# Built once while the package is imported (a registry, a table), never changed after:
# found by the scan, and nothing to reset.
BUILT_AT_IMPORT: dict[str, str] = {
    "spades.storage.documents.KINDS": "each document kind registers itself at import",
    "spades.storage.store.TITLES": "each document kind registers its title at import",
    "spades.ui.demo.tutorial._ORDINARY": "the ordinary demonstration deal; a scripted "
    "player copies its script before playing it",
}


def reset_process_state() -> None:
    """Put back every piece of state ``RESETS`` names (in the modules already
    imported), and empty pygame's event queue: an event a test posted and no frame
    read (autoplay posts its next input at the end of a frame) would otherwise reach
    the next test's App."""
    for name, reset in RESETS.items():
        module = name.split(".")
        while module and ".".join(module) not in sys.modules:
            module.pop()
        if module and ".".join(module) != "spades":
            reset()
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.get_init():
        pygame.event.clear()


def module_state(package: Path) -> dict[str, str]:
    """Every piece of module-level state under ``package`` (a folder), by dotted name,
    with what made the scan count it."""
    found: dict[str, str] = {}
    classes: dict[str, str] = {}
    trees: dict[str, ast.Module] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        trees[module] = tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, f"{module}.{node.name}")
    for module, tree in trees.items():
        top = _top_level_names(tree)
        for node in tree.body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            for target in _targets(node):
                if isinstance(target, ast.Name) and _is_empty_container(value):
                    found[f"{module}.{target.id}"] = "an empty container at module level"
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if any("cache" in ast.unparse(d) for d in node.decorator_list):
                    found[f"{module}.{node.name}"] = "a cached function"
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            local = {a.arg for a in func.args.args + func.args.kwonlyargs}
            for node in ast.walk(func):
                if isinstance(node, ast.Global):
                    for name in node.names:
                        found[f"{module}.{name}"] = "rebound through global"
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and isinstance(node.func.value, ast.Name) \
                        and node.func.value.id in top and node.func.value.id not in local \
                        and node.func.attr in MUTATORS:
                    found[f"{module}.{node.func.value.id}"] = f"mutated (.{node.func.attr})"
                for target in _targets(node):
                    owner = target.value if isinstance(
                        target, ast.Subscript | ast.Attribute) else None
                    if isinstance(target, ast.Subscript) and isinstance(owner, ast.Name) \
                            and owner.id in top and owner.id not in local:
                        found[f"{module}.{owner.id}"] = "mutated ([...] =)"
                    if isinstance(target, ast.Attribute) and owner is not None:
                        cls = owner.attr if isinstance(owner, ast.Attribute) else \
                            getattr(owner, "id", "")
                        if cls in classes and cls[:1].isupper():
                            found[f"{classes[cls]}.{target.attr}"] = \
                                "a class attribute set from outside"
        found.update(_instances(package.name, module, tree))
    return found


def _top_level_names(tree: ast.Module) -> set[str]:
    return {t.id for node in tree.body for t in _targets(node) if isinstance(t, ast.Name)}


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, ast.AnnAssign | ast.AugAssign) and (
            not isinstance(node, ast.AnnAssign) or node.value is not None):
        return [node.target]
    if isinstance(node, ast.Delete):
        return list(node.targets)
    return []


def _is_empty_container(value: ast.expr | None) -> bool:
    if isinstance(value, ast.Dict | ast.List | ast.Set):
        return not (value.keys if isinstance(value, ast.Dict) else value.elts)
    return isinstance(value, ast.Call) and not value.args and not value.keywords and \
        getattr(value.func, "id", getattr(value.func, "attr", "")) in EMPTY_CALLS


def _instances(package: str, module: str, tree: ast.Module) -> dict[str, str]:
    """Module-level instances of the package's own classes that can change (not a
    frozen dataclass, a tuple, an enum or a pattern): found by importing the module,
    for only the names the module binds to a call."""
    called = {t.id for node in tree.body if isinstance(node, ast.Assign | ast.AnnAssign)
              and isinstance(node.value, ast.Call) for t in _targets(node)
              if isinstance(t, ast.Name)}
    if not called or package not in sys.modules and str(ROOT) not in sys.path:
        return {}
    try:
        mod = importlib.import_module(module)
    except Exception:  # noqa: BLE001 - a module the test machine cannot import
        return {}
    out = {}
    for name in called:
        value = getattr(mod, name, None)
        kind = type(value)
        if not kind.__module__.startswith(package + ".") or isinstance(value, tuple):
            continue
        params = getattr(kind, "__dataclass_params__", None)
        if dataclasses.is_dataclass(value) and params is not None and params.frozen:
            continue
        if hasattr(kind, "__members__"):  # an enum
            continue
        out[f"{module}.{name}"] = f"an instance of {kind.__name__} that can change"
    return out
