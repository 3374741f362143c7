"""Make the repository importable however pytest is started (``pytest`` or ``python -m``),
give every test its own data folder, start every test from the same process state
(tests/process_state.py), and say how the browser tests went at the end of the run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from process_state import reset_process_state  # noqa: E402

from spades import platform  # noqa: E402


@pytest.fixture(autouse=True)
def own_data_folder(monkeypatch, tmp_path_factory):
    """Each test's saves in a folder of its own: a test that changes the settings (House
    rules turning nil off, say) must not hand them to the next test's App, nor read the
    saves of the machine's player; its exports in another (an Export driven through the
    App writes nothing in the machine's Downloads folder). A test that sets either
    variable itself still can."""
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.setenv("SPADES_DOWNLOADS_DIR", str(tmp_path_factory.mktemp("downloads")))


@pytest.fixture(autouse=True)
def fresh_process_state():
    """Every test starts from the same process, whatever ran before it: the screen
    density back at 1, the caches empty, pygame's event queue drained (every piece the
    package keeps is named in process_state.RESETS; test_suite_habits.py fails on a
    new one that is not). And again after the test, for whatever runs next outside
    pytest's tests."""
    reset_process_state()
    yield
    reset_process_state()


BROWSER_TESTS = ("tests/test_browser.py", "tests/test_browser_tables.py")


def browser_line(stats: dict) -> str | None:
    """How many browser tests ran (headless Chromium), and if any were skipped, why and
    what to install: the skip reasons say it. None when no browser test was chosen."""
    ran: set[str] = set()
    skipped: dict[str, str] = {}
    for outcome in ("passed", "failed", "error", "skipped"):
        for report in stats.get(outcome, []):
            nodeid = getattr(report, "nodeid", "")
            if not nodeid.startswith(BROWSER_TESTS):
                continue
            if outcome == "skipped":
                reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else ""
                skipped[nodeid] = reason.removeprefix("Skipped: ")
            elif report.when == "call" or outcome == "error":
                ran.add(nodeid)
    if not ran and not skipped:
        return None
    line = f"Browser tests: {len(ran)} ran in headless Chromium, {len(skipped)} skipped"
    reasons = sorted(set(skipped.values()))
    if reasons:
        line += ": " + "; ".join(r.removeprefix("browser test skipped: ") for r in reasons)
    return line


def pytest_unconfigure(config):
    """The run's last line: the browser tests, how many ran and why any did not (after
    pytest's own summary, so that a whole run ends with it)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    line = browser_line(reporter.stats) if reporter is not None else None
    if line:
        reporter.write_line(line)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The order's seed (pytest-randomly), so that a failure can be replayed in the same
    order: -q hides the header where the plugin says it."""
    seed = getattr(config.option, "randomly_seed", None)
    if config.pluginmanager.has_plugin("randomly") and isinstance(seed, int):
        terminalreporter.write_line(
            f"Tests in random order, seed {seed}: replay this order with "
            f"`pytest --randomly-seed={seed}`")
    else:
        terminalreporter.write_line("Tests in file order (pytest-randomly off)")


@pytest.fixture
def server(tmp_path):
    """A real table server on 127.0.0.1 with its own data folder, the per-connection
    message limit raised (bots play far faster than people; test_server_hostile.py
    holds the limit of 20 a second on servers of its own); it ends with no traceback
    in its output."""
    from server_support import ServerProcess

    process = ServerProcess(tmp_path / "data", rate=1000).start()
    yield process
    process.stop()
    assert "Traceback" not in process.output()


@pytest.fixture
def page(monkeypatch):
    """What the browser page hears, in order: (sentence, urgent)."""
    sent: list[tuple[str, bool]] = []
    monkeypatch.setattr(platform, "in_browser", lambda: True)
    monkeypatch.setattr(platform, "announce",
                        lambda text, urgent=False: sent.append((text, urgent)) or True)
    return sent


@pytest.fixture
def redis_server(tmp_path):
    """A real redis-server on 127.0.0.1 at a free port, its data in this test's folder
    (appendonly, appendfsync always), stopped after the test. Without redis-server the
    test is skipped, saying what to install; where CI says Redis must be here
    (SPADES_REQUIRE_REDIS=1) it fails instead."""
    import os

    from spades.server.shared.redis_local import RedisProcess, redis_server_path

    if redis_server_path() is None:
        message = "redis-server is not installed: `make redis` or apt-get install redis-server"
        if os.environ.get("SPADES_REQUIRE_REDIS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    try:
        import redis  # noqa: F401  (the servers' client library: pyproject.toml pins it)
    except ImportError:
        pytest.fail("the redis package is missing from this environment: make .venv/.installed")
    process = RedisProcess(tmp_path / "redis").start()
    yield process
    process.stop()
