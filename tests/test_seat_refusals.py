"""Where cutthroat or two-handed rules meet a layer that seats four (the measuring
commands of the zoo), they are refused with a sentence naming what is missing, or
not offered at all: never a crash, never a half-working table. The game's table,
replay, deal, simulate, tournament, watch, bench --players, solve and the
table server take them, and every strength plays them, hard included (docs/rules.md,
Three and two players; the table server's tables of three and two are
tests/test_server_alone.py); the measuring players (hard-static, the zoo...) do not."""

from __future__ import annotations

import json

import pytest
from storage_support import NAMES, STRENGTHS

from spades.__main__ import main as cli_main
from spades.engine.match import Match
from spades.engine.rules import PRESETS, SEAT_PRESETS
from spades.storage import (
    MemoryStore,
    Settings,
    import_all,
    load_match,
    match_summary,
    save_match,
)
from spades.ui.arguments import parse_args

MISSING = "seats four players only here"


@pytest.mark.parametrize("command", [
    ["verdict"],
])
@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_the_commands_that_seat_computer_players_refuse_three_or_two(capsys, command, name):
    with pytest.raises(SystemExit) as ended:
        cli_main([*command, "--rules", name])
    assert ended.value.code == 2
    assert MISSING in capsys.readouterr().err


def test_deal_plays_three_or_two_with_every_strength(
        capsys, tmp_path):
    for name, plays in (("cutthroat", 51), ("two-handed", 26)):
        for strength, said in ((None, "normal players"), ("easy", "easy players"),
                               ("random", "random legal players"), ("hard", "hard players")):
            out = tmp_path / f"{name}.json"
            chosen = ["--strength", strength] if strength else []
            assert cli_main(["deal", "--seed", "4", "--rules", name, *chosen,
                             "--out", str(out)]) == 0
            assert said in capsys.readouterr().out
            record = json.loads(out.read_text())
            assert len(record["plays"]) == plays
            assert cli_main(["replay", str(out)]) == 0
            assert json.loads(capsys.readouterr().out)["matches_record"] is True


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_simulate_plays_random_legal_matches_of_three_or_two(capsys, name):
    assert cli_main(["simulate", "--rules", name, "--matches", "2", "--max-hands", "3",
                     "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    seats = SEAT_PRESETS[name].seats
    assert list(out["wins"]) == {3: ["south", "west", "east"], 2: ["south", "north"]}[seats]
    assert out["hands"] == 6 and len(out["mean_final_scores"]) == seats
    assert out["contracts"]["bid"] + out["nil"]["bid"] + out["blind_nil"]["bid"] == 6 * seats


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_solve_answers_a_record_of_three_or_two(capsys, tmp_path, name):
    """Each player's tricks from each leader (cutthroat: against the two others
    together; two-handed: after the draw), its contract's and nil's verdict
    (tests/test_solver_few.py holds the numbers against a minimax). The cutthroat deal
    is made plain (a whole deal's searches take minutes there): South holds every
    spade and the top clubs, so it takes all 17 whoever leads."""
    path = tmp_path / "hand.json"
    assert cli_main(["deal", "--seed", "1", "--rules", name, "--out", str(path)]) == 0
    capsys.readouterr()
    seats = SEAT_PRESETS[name].seats
    tricks = SEAT_PRESETS[name].tricks
    if seats == 3:
        record = json.loads(path.read_text())
        def suit(letter: str) -> str:
            return " ".join(rank + letter for rank in "AKQJT98765432")

        record["hands"] = [suit("S") + " AC KC QC JC", suit("H") + " TC 9C 8C 7C",
                           suit("D") + " 6C 5C 4C 3C"]
        record["bids"] = [[(record["dealer"] + 1 + i) % 3, bid]
                          for i, bid in enumerate((6, "nil", 4))]
        record["plays"] = []
        del record["result"]
        path.write_text(json.dumps(record))
    assert cli_main(["solve", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"] == seats and len(out["leaders"]) == seats
    for row in out["leaders"]:
        assert [t["team"] for t in row["teams"]] == list(range(seats))
        counts = [t["tricks"] for t in row["teams"]]
        if seats == 2:
            assert sum(counts) == tricks
        else:
            assert counts == [17, 0, 0]
            assert [n["seat"] for n in row["nils"]] == [(out["dealer"] + 2) % 3]
        assert all("contract_makeable" in t for t in row["teams"] if t.get("contract"))
    assert cli_main(["solve", str(path)]) == 0
    text = capsys.readouterr().out
    if seats == 3:
        assert "against the two others playing together" in text
        assert "South       17 tricks" in text
    else:
        assert "after the draw" in text


def test_main_takes_three_or_two_and_the_statistics_presets_stay_four():
    # The game's table seats three and two (tests/test_three_two_table.py): main.py's
    # --rules takes them; the statistics' preset names are the four-seat PRESETS.
    assert not set(SEAT_PRESETS) & set(PRESETS)
    for name in SEAT_PRESETS:
        assert parse_args(["--rules", name]).rules == name


def test_an_import_of_a_saved_match_of_three_or_two_is_taken_and_resumes():
    # The settings keep a game of three or two, chosen on House rules
    # (tests/test_games_pages.py); a saved match of one is imported and read back.
    doc = Settings().to_json()
    doc["rules"] = {"preset": "custom", "options": SEAT_PRESETS["cutthroat"].to_dict()}
    assert Settings.from_json(doc).rules == SEAT_PRESETS["cutthroat"]
    match = Match(SEAT_PRESETS["two-handed"], 3)
    for _ in range(7):
        match.apply(match.legal_actions()[0])
    store = MemoryStore()
    save_match(store, match, False, NAMES, STRENGTHS)
    export = {"format": "spades-export/1", "exported_at": "2025-05-01T10:00:00+00:00",
              "documents": {"match": json.loads(store.read_text("match"))}}
    into = MemoryStore()
    ok, message = import_all(into, json.dumps(export))
    assert ok, message
    saved = load_match(into)
    assert saved.match.rules == SEAT_PRESETS["two-handed"]
    assert saved.match.actions == match.actions
    assert match_summary(into).players == 2


@pytest.mark.parametrize("module", ["endings", "inference"])
def test_the_measures_run_on_their_own_refuse_three_or_two(capsys, module):
    import importlib

    main = importlib.import_module(f"spades.measure.{module}").main
    try:
        status = main(["--rules", "two-handed", "--deals", "1"])
    except SystemExit as ended:
        status = ended.code
    assert status == 2
    assert MISSING in capsys.readouterr().err


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_tournament_plays_three_or_two_alone_at_a_table_for_each_seat(capsys, name):
    seats = SEAT_PRESETS[name].seats
    assert cli_main(["tournament", "--a", "normal", "--b", "easy", "--rules", name,
                     "--deals", "2", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # A sits once at each of the deal's tables, B in the other seats.
    a, b = out["sides"]["A"], out["sides"]["B"]
    assert out["deals"] == 2
    assert a["contracts"] + a["nil"]["bid"] == 2 * seats
    assert b["contracts"] + b["nil"]["bid"] == 2 * seats * (seats - 1)
    assert cli_main(["tournament", "--a", "normal", "--b", "easy", "--rules", name,
                     "--deals", "1"]) == 0
    assert f"1 deals x {seats} tables" in capsys.readouterr().out
    assert cli_main(["tournament", "--a", "hard-rollout", "--rules", name, "--deals", "1"]) == 2
    assert f"{name}: hard-rollout plays four seats only" in capsys.readouterr().err


@pytest.mark.parametrize("name", list(SEAT_PRESETS))
def test_the_gauntlet_plays_three_or_two_against_the_zoo_that_plays_alone(capsys, name):
    seats = SEAT_PRESETS[name].seats
    assert cli_main(["gauntlet", "--rules", name, "--deals", "1", "--iterations", "4",
                     "--zoo", "easy,grabber", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["zoo"] == ["easy", "grabber"]
    # A sits once in each seat against the zoo member, then B: a table for each seat.
    assert out["per_zoo"]["easy"]["A"]["hands"] == seats
    # Alone, the zoo is easy and the members that play alone; conventions, the
    # strangers and whole matches (the reading of the table) seat four.
    from spades.measure import gauntlet_zoo

    assert gauntlet_zoo(SEAT_PRESETS[name]) == (
        "easy", "overbidder", "underbidder", "grabber", "nilhappy")
    assert cli_main(["gauntlet", "--rules", name, "--zoo", "conventions"]) == 2
    assert f"{name}: conventions plays four seats only" in capsys.readouterr().err
    assert cli_main(["gauntlet", "--rules", name, "--matches", "1"]) == 2
    assert MISSING in capsys.readouterr().err


def test_bench_times_a_player_at_three_or_two_and_refuses_what_seats_four(capsys):
    assert cli_main(["bench", "--players", "--strength", "hard", "--rules", "cutthroat",
                     "--deals", "1", "--iterations", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # Hard sits at seats 0 and 2 of three: 17 cards and a bid each (and a look before
    # it where blind nil is open).
    assert out["card"]["count"] == 34 and 2 <= out["bid"]["count"] <= 4
    assert out["card"]["searched"] > 0 and out["bid"]["searched"] > 0
    assert cli_main(["bench", "--players", "--strength", "hard", "--rules", "two-handed",
                     "--deals", "1", "--iterations", "8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["card"]["count"] == 13 and out["bid"]["count"] == 1  # the draw untimed
    for command in (["bench", "--solver"], ["bench", "--players", "--strength", "overbidder"]):
        assert cli_main([*command, "--rules", "cutthroat"]) == 2
    err = capsys.readouterr().err
    assert MISSING in err and "cutthroat: overbidder plays four seats only" in err


@pytest.mark.parametrize("name, line", [
    ("cutthroat", "(deal, 3 bids, 51 cards, score)"),
    ("two-handed", "(deal, 2 bids, 26 cards, score)"),
])
def test_bench_measures_the_engine_at_three_and_two(capsys, name, line):
    """The engine's bench plays the game the rules name (it played standard whatever
    --rules said, and refused three and two)."""
    assert cli_main(["bench", "--hands", "50", "--rules", name]) == 0
    out = capsys.readouterr().out
    assert f"rules {name};" in out and line in out
    assert cli_main(["bench", "--hands", "50", "--rules", name, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["players"] == SEAT_PRESETS[name].seats
    assert figures["complete_hands_per_s"] > 0 and figures["cards_per_s_in_play_phase"] > 0


def test_watch_shows_a_match_of_three_or_two_to_its_winner(capsys):
    assert cli_main(["watch", "--seed", "3", "--rules", "cutthroat", "--strength", "easy"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1: East deals\n  South: " in out and "  trick 17: " in out
    assert "\nWest wins 505 to 352 and 128\n" in out
    assert cli_main(["watch", "--seed", "3", "--rules", "two-handed"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1: South deals the stock; the draw:\n  North shows 5D, takes the next" in out
    assert "  the hands drawn:\n  South: " in out and "  trick 13: " in out
    assert " wins " in out.splitlines()[-1]
