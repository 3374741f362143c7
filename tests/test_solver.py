"""The exact solver (spades/solver) against brute force, against DDS, and as a job.

The oracle here is a plain minimax written only from the engine's one place for the
rules (legal.legal_cards, legal.trick_winner_index), with no squeezing, no table, no
cuts: every card of every hand is tried. Its own search shares nothing with the
solver's, so agreement on every enumerated endgame is evidence the cuts are sound.
"""

from __future__ import annotations

import itertools
import json
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.__main__ import main
from spades.engine.cards import SUIT_MASKS, SUIT_OF, cards_of, deck_cards, mask_of, parse_cards
from spades.engine.legal import legal_cards, trick_winner_index
from spades.engine.playout import random_deal
from spades.engine.rules import STANDARD
from spades.solver import (
    CANCELLED,
    DONE,
    NOT_FINISHED,
    Position,
    best_line,
    can_take,
    card_values,
    most_tricks,
    most_tricks_job,
    nil_kept,
    nil_kept_job,
)
from spades.solver.order import beats
from spades.solver.position import squeezed
from spades.solver.search import squeeze


def brute(position: Position, counted: tuple[int, ...], max_team: int) -> int:
    """Plain minimax: the most tricks the ``counted`` seats take, ``max_team`` wanting
    them and the other team not, every legal card tried (the engine's rules only)."""
    anytime = position.spades_lead_anytime
    forced = position.forced_spade_lead_breaks

    @cache
    def go(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], broken: bool) -> int:
        if not hands[leader] and not trick:
            return 0
        seat = (leader + len(trick)) & 3
        led = SUIT_OF[trick[0]] if trick else -1
        values = []
        for card in cards_of(legal_cards(hands[seat], led, broken, anytime)):
            nh = list(hands)
            nh[seat] &= ~(1 << card)
            nt = (*trick, card)
            nb = broken
            if len(nt) == 1:
                nb = nb or (SUIT_OF[card] == 3 and forced)
            elif SUIT_OF[card] == 3 and SUIT_OF[nt[0]] != 3:
                nb = True
            if len(nt) == 4:
                winner = (leader + trick_winner_index(nt)) & 3
                values.append(counted[winner] + go(tuple(nh), winner, (), nb))
            else:
                values.append(go(tuple(nh), leader, nt, nb))
        return max(values) if (seat & 1) == max_team else min(values)

    return go(position.hands, position.leader, position.trick, position.spades_broken)


def team_brute(position: Position, team: int) -> int:
    return brute(position, tuple(int((s & 1) == team) for s in range(4)), team)


def nil_brute(position: Position, seat: int) -> bool:
    """Kept: the nil seat's fewest tricks is 0 when the other side tries to set it."""
    return brute(position, tuple(int(s == seat) for s in range(4)), 1 - (seat & 1)) == 0


def deal_of(cards: list[int], sizes: tuple[int, ...], order: tuple[int, ...]) -> tuple[int, ...]:
    hands = []
    at = 0
    for seat in range(4):
        hands.append(mask_of(cards[i] for i in order[at:at + sizes[seat]]))
        at += sizes[seat]
    return tuple(hands)


def random_position(rng: random.Random, tricks: int, deck: str = "standard") -> Position:
    """``tricks`` cards a hand from a shuffled deck, a random leader and rules, and
    0 to 3 random legal cards of the trick in progress."""
    deck = cards_of(deck_cards(deck))
    rng.shuffle(deck)
    hands = tuple(mask_of(deck[s * tricks:(s + 1) * tricks]) for s in range(4))
    position = Position(
        hands, rng.randrange(4), (), rng.random() < 0.5, rng.random() < 0.3,  # type: ignore[arg-type]
        rng.random() < 0.5,
    )
    for _ in range(rng.randrange(4)):
        legal = cards_of(position.legal())
        position, _ = position.play(rng.choice(legal))
    return position


# --- the engine's rules, read the solver's way --------------------------------------


def test_the_searchs_trick_winner_is_the_engines_in_real_and_squeezed_numbering():
    rng = random.Random(1)
    for _ in range(3000):
        trick = rng.sample(cards_of(deck_cards("deuces") | deck_cards()), 4)
        led = SUIT_OF[trick[0]]
        best = 0
        for i in range(1, 4):
            if beats(trick[i], trick[best], led):
                best = i
        assert best == trick_winner_index(trick)
        # Squeezing out absent cards keeps suits and order, hence the winner.
        gone = tuple(c for c in range(56) if c not in trick and rng.random() < 0.6)
        marks = [squeeze((1 << c, 0, 0, 0), gone)[0].bit_length() - 1 for c in trick]
        assert trick_winner_index(marks) == best


def test_squeezing_keeps_each_hands_suit_lengths_and_the_order_of_present_cards():
    rng = random.Random(2)
    for _ in range(200):
        position = random_position(rng, rng.randrange(1, 8))
        hands, trick = squeezed(position)
        for real, small in zip(position.hands, hands, strict=True):
            for field in SUIT_MASKS:
                assert (real & field).bit_count() == (small & field).bit_count()
        present = sorted(
            [(c, s) for s in range(4) for c in cards_of(position.hands[s])]
            + [(c, -1) for c in position.trick]
        )
        renumbered = sorted(
            [(c, s) for s in range(4) for c in cards_of(hands[s])] + [(c, -1) for c in trick]
        )
        assert [s for _, s in present] == [s for _, s in renumbered]


# --- against brute force --------------------------------------------------------------

SMALL_SETS = (
    "AS 3S AH QH 2H KD 2D 2C",  # a trump each way, a suit to ruff
    "KS 2S 5S AH 3H 9D 4D 2C",  # spades low and high, to test the lead of spades
)


@pytest.mark.parametrize("text", SMALL_SETS)
def test_every_two_trick_endgame_of_a_card_set_equals_brute_force(text):
    """Every deal of eight cards two by two, every leader, each lead rule."""
    cards = parse_cards(text)
    seen = set()
    checked = 0
    for order in itertools.permutations(range(8)):
        hands = deal_of(cards, (2, 2, 2, 2), order)
        if hands in seen:
            continue
        seen.add(hands)
        for leader in range(4):
            rules = (checked % 3 == 0, checked % 3 == 1, checked % 5 == 0)
            position = Position(hands, leader, (), rules[0], rules[1], rules[2])  # type: ignore[arg-type]
            team = checked & 1
            assert most_tricks(position, team) == team_brute(position, team), position
            checked += 1
    assert len(seen) == 2520 and checked == 2520 * 4


def test_random_endgames_of_two_to_four_tricks_with_a_trick_in_progress():
    rng = random.Random(45)
    for i in range(600):
        position = random_position(rng, 2 + i % 3)
        team = rng.randrange(2)
        expected = team_brute(position, team)
        assert most_tricks(position, team) == expected, position
        n = rng.randrange(position.tricks_left + 2)
        assert can_take(position, team, n) == (expected >= n), (position, n)


@pytest.mark.parametrize("deck", ["jokers", "deuces"])
def test_the_variants_decks_endgames_equal_brute_force(deck):
    """The jokers and the raised twos are spades above the ace (cards.py): the solver
    squeezes them into the spades' field like any spade."""
    rng = random.Random(f"solver-{deck}")
    for i in range(300):
        position = random_position(rng, 2 + i % 3, deck)
        team = rng.randrange(2)
        assert most_tricks(position, team) == team_brute(position, team), position
        seat = rng.randrange(4)
        assert nil_kept(position, seat) == nil_brute(position, seat), (position, seat)


def test_nil_answers_equal_brute_force():
    rng = random.Random(46)
    for i in range(400):
        position = random_position(rng, 2 + i % 3)
        seat = rng.randrange(4)
        assert nil_kept(position, seat) == nil_brute(position, seat), (position, seat)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 5), st.integers(0, 1))
def test_the_value_never_changes_along_the_solvers_own_best_line(seed, tricks, team):
    position = random_position(random.Random(seed), tricks)
    value = most_tricks(position, team)
    taken = 0
    for card in best_line(position, team):
        position, winner = position.play(card)
        if winner >= 0 and (winner & 1) == team:
            taken += 1
        left = most_tricks(position, team) if position.tricks_left else 0
        assert taken + left == value


def test_card_values_mark_the_cards_that_keep_the_best_result():
    rng = random.Random(47)
    for _ in range(60):
        position = random_position(rng, 4)
        team = position.to_act & 1
        values = card_values(position, team)
        assert max(values.values()) == most_tricks(position, team)
        for card, value in values.items():
            after, winner = position.play(card)
            won = int(winner >= 0 and (winner & 1) == team)
            assert value == won + (team_brute(after, team) if after.tricks_left else 0)


# --- against DDS ---------------------------------------------------------------------


def test_each_card_of_each_leader_at_eight_tricks_left_equals_dds():
    """Spades led at any time is bridge with spades trumps, so endplay's DDS must give
    the same value to every card. Random deals, five random tricks played, then each
    of the four seats on lead. (Whole 13-trick deals, four leaders each, are held
    against DDS by the bench, python -m spades bench --solver: a whole deal takes
    this solver seconds.)
    """
    pytest.importorskip("endplay")
    from spades.solver.measure import _dds, _play_random, dds_card_values

    rules = STANDARD.with_options(spades_lead_anytime=True)
    rng = random.Random("solver-test-dds")
    dds = _dds()
    compared = 0
    for deal in range(20):
        hands = random_deal(rng, deal & 3)
        late = _play_random(Position.deal(hands, deal & 3, rules), rng, 5)
        for leader in range(4):
            position = Position(late.hands, leader, (), True, True, False)
            theirs = dds_card_values(dds, position)
            assert most_tricks(position, leader & 1) == max(theirs.values()), position
            if leader == deal & 3:  # every card of one leader a deal
                assert card_values(position, leader & 1) == theirs, position
                compared += len(theirs)
    assert compared >= 20 * 8


# --- in slices ------------------------------------------------------------------------


def test_a_job_runs_in_slices_and_reaches_the_answer_of_a_run_at_once():
    rng = random.Random(48)
    position = random_position(rng, 7)
    expected = most_tricks(position, 0)
    job = most_tricks_job(position, 0)
    slices = 0
    while not job.step(0.0005):
        slices += 1
        lo, hi = job.progress or (0, 13)
        assert lo <= expected <= hi  # what it shows on the way is true
    assert job.status == DONE and job.result == expected
    assert slices > 1 and job.nodes > 0


def test_a_job_can_be_cancelled_and_stops_at_its_node_limit():
    rng = random.Random(49)
    position = random_position(rng, 9)
    job = most_tricks_job(position, 1)
    job.step(0.001)
    job.cancel()
    assert job.status == CANCELLED and job.step() and job.result is None
    limited = most_tricks_job(position, 1, node_limit=500)
    assert limited.run() is None and limited.status == NOT_FINISHED
    assert limited.nodes < 500 + 2000  # stops at the first pause past the limit
    nil = nil_kept_job(position, 2)
    assert nil.run() == nil_kept(position, 2)


def test_the_table_of_positions_gives_the_garbage_collector_nothing_to_walk():
    """A review keeps one table for the whole hand (hundreds of thousands of entries);
    when its entries were lists, each full collection walked all of them and a frame
    paused. Entries and keys are ints now: the only objects the collector tracks are
    one dict per shape of the hands, however many entries they hold."""
    import gc

    from spades.solver.position import team_solver

    position = random_position(random.Random(50), 9)
    solver = team_solver(position, 0)
    most_tricks(position, 0, solver)
    entries = [p for bucket in solver.table.values() for p in bucket.values()]
    assert sum(len(p) for p in entries) > 500
    assert not any(gc.is_tracked(p) for p in entries)
    assert not gc.is_tracked(solver.hints)


# --- the command ----------------------------------------------------------------------


def _record(tmp_path, hands: list[str], bids: list[list]) -> str:
    record = {
        "format": "spades-hand/1", "rules": {}, "dealer": 3, "hands": hands, "bids": bids,
        "plays": [],
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_solve_prints_each_leaders_tricks_and_the_contract_and_nil_answers(tmp_path, capsys):
    # South holds every spade, North every heart: South/North take all 13 from any lead
    # (North cashes hearts, South's spades ruff or win), so West/East's 2 cannot be made
    # and East's nil is kept.
    hands = [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
    path = _record(tmp_path, hands, [[0, 6], [1, 2], [2, 6], [3, "nil"]])
    assert main(["solve", path]) == 0
    text = capsys.readouterr().out
    assert text.count("South/North 13 tricks; contract 12: makeable") == 4
    assert text.count("West/East    0 tricks; contract 2: can be set") == 4
    assert text.count("East's nil: can be kept") == 4
    assert "South leads (the opening lead of this hand)" in text
    assert main(["solve", path, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [row["teams"][0]["tricks"] for row in out["leaders"]] == [13, 13, 13, 13]


def test_solve_refuses_what_is_not_a_hand_record(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "spades-hand/1", "dealer": 0, "hands": []}')
    assert main(["solve", str(path)]) == 2
    assert "hands" in capsys.readouterr().err


def test_the_bench_carries_on_from_a_later_deal_with_the_same_deals(monkeypatch):
    """--first-deal K deals the same deals as a run from the first (the random numbers
    are drawn alike) and solves only deal K onwards; --each-deal prints each."""
    from spades.solver import measure

    monkeypatch.setattr(measure, "most_tricks", lambda *args, **kwargs: 0)
    whole: list[str] = []
    later: list[str] = []
    measure.bench_solver(4, 45, STANDARD, False, each_deal=whole.append)
    out = measure.bench_solver(4, 45, STANDARD, False, first_deal=3, each_deal=later.append)
    cut = [line.split(":")[0] for line in whole]
    assert [line.split(":")[0] for line in later] == cut[2:]
    assert out["full_13_tricks"]["count"] == 8 and out["first_deal"] == 3
    # Both clocks: the wall's, and this process's processor time (a shared machine).
    assert {"p95_s", "cpu_p50_s", "cpu_p95_s"} <= set(out["last_8_tricks"])
    text = measure.format_bench(out, "load")
    assert "processor time: p50" in text and "(deals 3..4 solved)" in text
