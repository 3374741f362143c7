"""Hostile input: the engine API, ``replay`` and ``Match.from_json`` under one table.

Each case is (surface, input, expected, message fragment). The expected outcome is an
exception class for the engine and for saves (None: accepted) and an exit status for
``replay``. The next case is one more line in CASES.
"""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from spades.__main__ import main as cli_main
from spades.ai import STRENGTHS
from spades.engine.actions import Bid, Play
from spades.engine.cards import parse_card
from spades.engine.match import BIDDING, IllegalAction, Match, SaveError, seal
from spades.engine.rules import PRESETS, STANDARD
from spades.measure.audit import main as audit_main
from spades.measure.tournament import tournament


def _bidding() -> Match:
    """South to bid, having looked (no blind nil at 0-0)."""
    return Match(STANDARD, 3)


def _playing() -> Match:
    match = _bidding()
    while match.phase == BIDDING:
        match.apply(match.legal_actions()[0])
    return match


def _played_hand() -> dict[str, Any]:
    """A complete spades-hand/1 record played at random (no computer player needed)."""
    match = Match(STANDARD, 11)
    rng = random.Random(11)
    while not match.history:
        actions = match.legal_actions()
        match.apply(actions[rng.randrange(len(actions))])
    return match.history[0].to_record()


RECORD = _played_hand()


def record_with(**changes: Any) -> bytes:
    record = json.loads(json.dumps(RECORD))
    for key, value in changes.items():
        if key == "bid1":  # the second bid's value
            record["bids"][1][1] = value
        elif key == "extra_play":
            record["plays"].append(value)
        elif key == "stated":
            record["result"].update(value)
        else:
            record[key] = value
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


def _saved() -> dict[str, Any]:
    match = Match(STANDARD, 5, start={
        "dealer": 3, "hands": Match(STANDARD, 5).dealt, "scores": [120, 40], "bags": [3, 7]})
    for _ in range(9):
        match.apply(match.legal_actions()[0])
    return json.loads(json.dumps(match.to_json()))


SAVE = _saved()


def save_with(reseal: bool = False, **changes: Any) -> dict[str, Any]:
    """The save, damaged; ``reseal`` recomputes the checksum (damage made on purpose)."""
    doc = json.loads(json.dumps(SAVE))
    for key, value in changes.items():
        if key == "actions" and callable(value):
            doc["actions"] = value(doc["actions"])
        elif key in ("scores", "bags"):
            doc["start"][key] = value
        elif key == "rule":
            doc["rules"].update(value)
        elif key == "checksum" and value is None:
            del doc["checksum"]
        else:
            doc[key] = value
    return seal(doc) if reseal else doc


PAST = ("The hand is over", "all 52 cards")
CASES: list[tuple[str, Any, Any, str]] = [
    # --- the engine: only a plain int is a bid or a card ------------------------------
    ("bid", Bid(True), IllegalAction, "Not a bid: True"),
    ("bid", Bid(False), IllegalAction, "Not a bid: False"),
    ("bid", Bid(3.0), IllegalAction, "Not a bid: 3.0"),
    ("bid", Bid(3.5), IllegalAction, "Not a bid: 3.5"),
    ("bid", Bid("3"), IllegalAction, "Not a bid: '3'"),
    ("bid", Bid(None), IllegalAction, "Not a bid: None"),
    ("bid", Play(1.5), IllegalAction, "Not a card: 1.5"),
    ("bid", Play("AS"), IllegalAction, "Not a card: 'AS'"),
    ("bid", "3", IllegalAction, "Not an action"),
    ("play", Play(None), IllegalAction, "Not a card: None"),
    ("play", Play("AS"), IllegalAction, "Not a card: 'AS'"),
    ("play", Play(True), IllegalAction, "Not a card: True"),
    ("play", Play(float(parse_card("2C"))), IllegalAction, "Not a card: 0.0"),
    ("play", Bid(3.0), IllegalAction, "Not a bid: 3.0"),
    ("play", Bid(3), IllegalAction, "The bidding is over"),
    ("seat", True, IllegalAction, "There is no seat True"),
    ("seat", 4, IllegalAction, "There is no seat 4"),
    ("view", -1, ValueError, "There is no seat -1"),
    ("view", 4, ValueError, "There is no seat 4"),
    ("view", True, ValueError, "There is no seat True"),
    ("view", "0", ValueError, "There is no seat '0'"),
    ("view", 1.0, ValueError, "There is no seat 1.0"),
    # --- replay: exit 0 legal, 1 illegal, 2 unreadable, 3 disagrees with its result ----
    ("replay", record_with(), 0, ""),
    ("replay", b"\xef\xbb\xbf" + record_with(), 0, ""),
    ("replay", b"[" * 100_000 + b"]" * 100_000, 2, "nested too deeply"),
    ("replay", Path("/dev/zero"), 2, "it is not a regular file"),
    ("replay", b" " * ((1 << 20) + 1), 2, "larger than 1048576 bytes"),
    ("replay", b"\xff\xfe{}", 2, "not UTF-8 text (byte 0xff at offset 0)"),
    ("replay", record_with()[:-1] + b"\xc3", 2, "not UTF-8"),
    ("replay", b'{"format": NaN}', 2, "NaN is not a JSON number"),
    ("replay", b"1" * 5000, 2, "not JSON"),
    ("replay", b"", 2, "not JSON"),
    ("replay", record_with(extra_play="2C"), 1, "The hand is over"),
    ("replay", record_with(bid1=0.0), 1, "not a bid: 0.0"),
    ("replay", record_with(bid1=False), 1, "not a bid: False"),
    ("replay", record_with(bid1="٣"), 1, "not a bid: '٣'"),
    ("replay", record_with(bid1="³"), 1, "not a bid: '³'"),
    ("replay", record_with(bid1="3"), 1, "not a bid: '3'"),
    ("replay", record_with(bid1=[[[[[[[[3]]]]]]]]), 1, "not a bid: [[[[[[[...]]]]]]]"),
    ("replay", record_with(bags_before=[50, -3]), 2, "bags must be from 0 to 9"),
    ("replay", record_with(bags_before=[0, 10]), 2, "bags must be from 0 to 9"),
    ("replay", record_with(scores_before=[500, 120]), 2, "would already have ended"),
    ("replay", record_with(scores_before=[0, -200]), 2, "would already have ended"),
    ("replay", record_with(scores_before=[520, 520], result=None), 0, ""),  # level: play on
    ("replay", record_with(rules=PRESETS["classic-no-bags"].to_dict(), bids=[],
                           plays=[], bags_before=[1, 0]), 2, "no bag count"),
    ("replay", record_with(stated={"scores_after": [1, 2]}), 3, ""),
    ("replay", record_with(stated={"trick_winners": "all"}), 3, ""),
    ("replay", record_with(plays=RECORD["plays"][:51]), 3, ""),  # stops short of its result
    # --- saves (spades-match/1): checksum, start position, action log -----------------
    ("save", save_with(), None, ""),
    ("save", save_with(rule={"target": 300}), SaveError, "checksum does not match"),
    ("save", save_with(actions=lambda a: a[:-2]), SaveError, "checksum does not match"),
    ("save", save_with(scores=[121, 40]), SaveError, "checksum does not match"),
    ("save", save_with(checksum=None), SaveError, "no checksum"),
    ("save", save_with(checksum="sha256:00"), SaveError, "checksum does not match"),
    ("save", save_with(True, bags=[50, -3]), SaveError, "bags must be from 0 to 9"),
    ("save", save_with(True, scores=[500, 40]), SaveError, "would already have ended"),
    ("save", save_with(True, scores=[-200, 40]), SaveError, "would already have ended"),
    ("save", save_with(True, actions=lambda a: [True] + a), SaveError, "action 0 (True)"),
    ("save", save_with(True, actions=lambda a: [3.0] + a), SaveError, "action 0 (3.0)"),
    ("save", save_with(True, rule={"bag_penalty": False}), SaveError, "no bag count"),
]


def _id(case: tuple) -> str:
    surface, given, expected, _ = case
    text = given if isinstance(given, str) else repr(given)
    return f"{surface}-{text[:40]}-{getattr(expected, '__name__', expected)}"


@pytest.mark.parametrize(("surface", "given", "expected", "says"), CASES,
                         ids=[_id(c) for c in CASES])
def test_hostile_input(surface, given, expected, says, tmp_path, capsys):
    if surface in ("bid", "play", "seat"):
        match = _bidding() if surface != "play" else _playing()
        before = json.dumps(match.state()), list(match.actions)
        with pytest.raises(expected) as exc:
            if surface == "seat":
                match.apply(match.legal_actions()[0], given)
            else:
                match.apply(given)
        assert says in str(exc.value)
        assert (json.dumps(match.state()), list(match.actions)) == before
        Match.from_json(match.to_json())  # nothing refused reached the log
    elif surface == "view":
        with pytest.raises(expected) as exc:
            _bidding().view(given)
        assert says in str(exc.value)
    elif surface == "replay":
        path = given if isinstance(given, Path) else tmp_path / "hand.json"
        if not isinstance(given, Path):
            path.write_bytes(given)
        status = cli_main(["replay", str(path)])
        out, err = capsys.readouterr()
        assert status == expected, (out, err)
        if expected == 2:
            assert out == "" and err.count("\n") == 1
            assert says in json.loads(err)["error"]
        else:
            result = json.loads(out)
            assert err == ""
            assert result["legal"] is (expected != 1)
            if expected == 1:
                assert says in result["illegal"]["reason"]
            assert result.get("matches_record", True) is (expected != 3)
    else:
        assert surface == "save"
        if expected is None:
            assert Match.from_json(given).to_json() == given
        else:
            with pytest.raises(expected) as exc:
                Match.from_json(given)
            assert says in str(exc.value)


def test_the_table_reaches_every_surface_and_every_outcome():
    surfaces = {c[0] for c in CASES}
    assert surfaces == {"bid", "play", "seat", "view", "replay", "save"}
    assert {c[2] for c in CASES if c[0] == "replay"} == {0, 1, 2, 3}


# --- the command line ----------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, module: str = "spades", **popen: Any) -> subprocess.Popen:
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.PIPE)
    return subprocess.Popen(
        [sys.executable, "-m", module, *args], cwd=ROOT, text=True, **popen,
    )


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["watch", "--rules", "bogus"], "unknown preset 'bogus'"),
        (["watch", "--rules", "jokers,nil_pass=3"], "nil_pass must be 0 (off), 1 or 2"),
        (["watch", "--strength", "bogus"], "invalid choice: 'bogus'"),
        (["simulate", "--rules", "bridge"], "unknown preset 'bridge'"),
        (["tournament", "--a", "bogus"], "invalid choice: 'bogus'"),
        (["deal", "--strength", "expert", "--out", "x.json"], "invalid choice: 'expert'"),
        (["deal", "--seed", "1"], "the following arguments are required: --out"),
        (["simulate", "--matches", "-5"], "must be at least 1, not -5"),
        (["simulate", "--matches", "٣"], "not a whole number"),
        (["simulate", "--max-hands", "0"], "must be at least 1, not 0"),
        (["tournament", "--deals", "0"], "must be at least 1, not 0"),
        (["tournament", "--iterations", "-5"], "must be at least 1, not -5"),
        (["tournament", "--workers", "0"], "must be at least 1, not 0"),
        (["tournament", "--workers", "100000"], "must be at most 256"),
        (["bench", "--hands", "0"], "must be at least 1, not 0"),
        (["watch", "--seed", "1.5"], "not a whole number: '1.5'"),
        (["audit", "--strengths", "bogus"], "unknown 'bogus'"),
        (["audit", "--strengths", "easy,"], "unknown ''"),
        (["audit", "--out", "x.json"], "--out goes with --generate"),
    ],
)
def test_bad_arguments_are_refused_with_status_2(argv, says, capsys):
    main = audit_main if argv[0] == "audit" else cli_main
    with pytest.raises(SystemExit) as exc:
        main(argv[1:] if argv[0] == "audit" else argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


@pytest.mark.skipif(not hasattr(fcntl, "F_SETPIPE_SZ"), reason="Linux sets a pipe's size")
def test_watch_into_a_closed_pipe_exits_quietly():
    # The pipe holds one page, less than the match's output (about 6 KB): the watch
    # waits on a full pipe until the reader goes, whatever the machine's load (with the
    # usual 64 KB pipe a quick match could end before the close, and exit 0).
    read_end, write_end = os.pipe()
    assert fcntl.fcntl(read_end, fcntl.F_SETPIPE_SZ, 4096) == 4096
    proc = run_cli("watch", "--seed", "2", "--strength", "easy", stdout=write_end)
    os.close(write_end)
    assert os.read(read_end, 1) == b"\n"  # the blank line before "Hand 1"; one byte
    # only, so the pipe stays full
    os.close(read_end)
    assert proc.wait(timeout=60) == 141
    assert proc.stderr.read() == ""


def _interruptible() -> None:
    # A shell that starts the tests in the background leaves Ctrl-C ignored, and a
    # child inherits that; the command must meet Ctrl-C as it does from a terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_exits_with_130_and_no_traceback():
    # Standard error is a terminal (a pty), so the command draws its progress line once
    # its first match is played: Ctrl-C comes then, in the matches, however long the
    # imports took on a busy machine (a fixed sleep sent it during the imports).
    leader, follower = pty.openpty()
    proc = run_cli("simulate", "--matches", "100000000", preexec_fn=_interruptible,
                   stderr=follower)
    os.close(follower)
    said = b""
    deadline = time.monotonic() + 120  # only ends a command that never starts
    while b"\r" not in said and time.monotonic() < deadline and proc.poll() is None:
        if select.select([leader], [], [], 1.0)[0]:
            said += os.read(leader, 1024)
    assert proc.poll() is None and b"\r" in said, said
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=60) == 130
    while select.select([leader], [], [], 0.2)[0]:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the follower's end closed with the command
            break
        if not chunk:
            break
        said += chunk
    os.close(leader)
    assert b"Traceback" not in said, said
    assert proc.stdout.read() == ""


def _help(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exc:
        cli_main(argv)
    assert exc.value.code == 0
    return capsys.readouterr().out


def test_help_describes_every_flag_with_its_default(capsys):
    top = _help(["--help"], capsys)
    assert "``" not in top
    for name in (*PRESETS, *STRENGTHS, "deal", "replay"):
        assert name in top
    for status in ("0 ", "1 ", "2 ", "3 ", "130", "141"):
        assert f"\n  {status}" in top
    defaults = {"simulate": ["100", "200", "standard"], "tournament": ["hard", "normal", "100"],
                "watch": ["normal", "a random one"], "deal": ["normal", "a random one"],
                "bench": ["20000"], "replay": []}
    for command, values in defaults.items():
        text = _help([command, "--help"], capsys)
        assert "``" not in text
        options = text.split("options:")[1].split("exit statuses:")[0]
        for line in options.splitlines():
            if line.startswith("  -") and line != "  -h, --help":
                # a flag line with its help beside it or on the next line
                assert "  " in line.strip() or options.split(line)[1].startswith("\n      ")
        for value in values:
            assert f"default: {value})" in " ".join(text.split()), (command, value)
    assert "standard, classic, guide" in _help(["watch", "--help"], capsys)
    assert "exit statuses" in _help(["replay", "--help"], capsys)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_and_never_when_piped(monkeypatch, capsys):
    argv = ["tournament", "--a", "easy", "--b", "random", "--deals", "3", "--json"]
    assert cli_main(argv) == 0
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out)["deals"] == 3
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli_main(argv) == 0
    shown = terminal.getvalue()
    assert "1/3 deals; A - B" in shown and "95% CI" in shown and "left" in shown
    assert shown.endswith("\r\033[K")  # wiped before the report
    assert json.loads(capsys.readouterr().out)["deals"] == 3
    terminal.truncate(0)
    assert cli_main(["simulate", "--matches", "2", "--json"]) == 0
    assert "1/2 matches" in terminal.getvalue()


def test_a_long_search_shows_who_is_thinking(monkeypatch):
    from spades.ai import make_player
    from spades.commands import play as cli

    monkeypatch.setattr(cli, "THINK_SLICE_MS", 0)
    match = _playing()  # a card to choose: hard searches it
    view = match.view(match.to_act)
    seat_name = ("South", "West", "North", "East")[match.to_act]
    quiet = cli.Progress(stream=io.StringIO())
    shown = cli.Progress(stream=_Terminal())
    player = make_player("hard", seed=1, rollouts=8)
    decision = cli.think_aloud(player, view, "hand 1, trick 1", shown)
    assert f"{seat_name} is thinking (hand 1, trick 1" in shown.stream.getvalue()
    assert cli.think_aloud(player, view, "hand 1, trick 1", quiet) == decision
    assert quiet.stream.getvalue() == ""


def test_deal_writes_a_record_that_replay_accepts(tmp_path, capsys):
    path = tmp_path / "hand.json"
    assert cli_main(["deal", "--seed", "7", "--rules", "guide", "--out", str(path)]) == 0
    assert "wrote" in capsys.readouterr().out
    record = json.loads(path.read_text())
    assert record["format"] == "spades-hand/1" and len(record["plays"]) == 52
    assert record["rules"] == PRESETS["guide"].to_dict()
    assert cli_main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["matches_record"] is True
    assert cli_main(["deal", "--seed", "7", "--rules", "guide", "--out", "-"]) == 0
    assert json.loads(capsys.readouterr().out) == record  # the same seed, the same hand
    assert cli_main(["deal", "--seed", "8", "--out", str(tmp_path / "none" / "x")]) == 2


def test_the_rules_page_names_every_option_and_preset():
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for option in STANDARD.to_dict():
        assert f"`{option}`" in page, option
    for name in PRESETS:
        assert f"`{name}`" in page, name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/rules.md)" in readme and "../shared" not in readme
    assert "python -m spades deal" in readme
    assert "3 when" in readme  # replay's own exit status for a disagreeing result


def test_audit_generation_is_reproducible_and_leaves_the_exam_alone(capsys):
    from spades.measure.audit import POSITIONS_FILE, generate, positions_json

    committed = POSITIONS_FILE.read_bytes()
    assert audit_main(["--generate"]) == 0
    printed = capsys.readouterr().out
    assert POSITIONS_FILE.read_bytes() == committed
    written = [p for p in json.loads(committed) if "sound" in p]  # kept by --generate
    assert written and printed == positions_json(generate() + written)  # the same output
    assert json.loads(printed)[0]["record"]["format"] == "spades-hand/1"
    assert positions_json(json.loads(committed)) == committed.decode("utf-8")


def test_tournament_workers_give_the_one_core_result():
    one = tournament("easy", "random", 3, seed=4, workers=1)
    two = tournament("easy", "random", 3, seed=4, workers=2)
    for out in (one, two):
        for side in out["sides"].values():
            del side["decision_ms"]
    assert one == two
