"""The exact solver at three seats (cutthroat) and two (two-handed, after the draw),
held against a plain minimax written here from the engine's rules alone.

At two, a player's tricks are the other's complement; at three the solver answers a
player's tricks against the two others playing together (docs/solver.md), which is
what the minimax below computes: the counted seat maximises, every other seat
minimises.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from spades.engine.cards import SUIT_OF, cards_of, deck_cards, mask_of
from spades.engine.legal import legal_cards, trick_winner_index
from spades.engine.playout import random_deal
from spades.engine.rules import preset
from spades.solver import (
    Position,
    best_line,
    can_take,
    card_values,
    most_tricks,
    most_tricks_job,
    nil_kept,
    nil_kept_job,
)
from spades.solver.few import FewSolver
from spades.solver.position import nil_solver, team_solver


def minimax(position: Position, counted: int, maximising: set[int]) -> int:
    """Plain minimax: the most tricks seat ``counted`` takes, the seats in
    ``maximising`` wanting them many and the others few, every legal card tried."""
    seats = len(position.hands)
    anytime = position.spades_lead_anytime
    forced = position.forced_spade_lead_breaks

    @cache
    def go(hands: tuple[int, ...], leader: int, trick: tuple[int, ...], broken: bool) -> int:
        if not hands[leader] and not trick:
            return 0
        to_act = (leader + len(trick)) % seats
        led = SUIT_OF[trick[0]] if trick else -1
        values = []
        for card in cards_of(legal_cards(hands[to_act], led, broken, anytime)):
            nh = list(hands)
            nh[to_act] &= ~(1 << card)
            nt = (*trick, card)
            nb = broken
            if len(nt) == 1:
                nb = nb or (SUIT_OF[card] == 3 and forced)
            elif SUIT_OF[card] == 3 and SUIT_OF[nt[0]] != 3:
                nb = True
            if len(nt) == seats:
                winner = (leader + trick_winner_index(nt)) % seats
                values.append(int(winner == counted) + go(tuple(nh), winner, (), nb))
            else:
                values.append(go(tuple(nh), leader, nt, nb))
        return max(values) if to_act in maximising else min(values)

    return go(position.hands, position.leader, position.trick, position.spades_broken)


def brute(position: Position, seat: int) -> int:
    """The most tricks ``seat`` takes, every other seat against it."""
    return minimax(position, seat, {seat})


def nil_brute(position: Position, seat: int) -> bool:
    """Kept: the nil's fewest tricks is 0, every other seat trying to give it one."""
    others = set(range(len(position.hands))) - {seat}
    return minimax(position, seat, others) == 0


def random_ending(rng: random.Random, seats: int, tricks: int) -> Position:
    """``tricks`` cards a hand (cutthroat's deck without the two of clubs at three),
    a random leader and lead rules, and a random part of the trick in progress."""
    deck = cards_of(deck_cards("standard", players=seats))
    rng.shuffle(deck)
    hands = tuple(mask_of(deck[s * tricks:(s + 1) * tricks]) for s in range(seats))
    position = Position(hands, rng.randrange(seats), (), rng.random() < 0.5,
                        rng.random() < 0.3, rng.random() < 0.5)
    for _ in range(rng.randrange(seats)):
        position, _ = position.play(rng.choice(cards_of(position.legal())))
    return position


@pytest.mark.parametrize("seats", [2, 3])
def test_random_endings_of_two_to_four_tricks_equal_brute_force(seats):
    rng = random.Random(f"few/{seats}")
    for _ in range(150):
        position = random_ending(rng, seats, rng.choice((2, 3, 4)))
        for seat in range(seats):
            want = brute(position, seat)
            assert most_tricks(position, seat) == want, (position, seat)
            assert can_take(position, seat, want)
            assert not can_take(position, seat, want + 1)


@pytest.mark.parametrize("seats", [2, 3])
def test_nil_answers_equal_brute_force(seats):
    """Kept: the nil's fewest tricks is 0 with every other player trying to set it."""
    rng = random.Random(f"few-nil/{seats}")
    for _ in range(120):
        position = random_ending(rng, seats, rng.choice((2, 3, 4)))
        for seat in range(seats):
            assert nil_kept(position, seat) == nil_brute(position, seat), (position, seat)


@pytest.mark.parametrize("seats", [2, 3])
def test_card_values_and_the_best_line_keep_the_value(seats):
    rng = random.Random(f"few-line/{seats}")
    for _ in range(20):
        position = random_ending(rng, seats, 4)
        seat = rng.randrange(seats)
        value = most_tricks(position, seat)
        values = card_values(position, seat)
        best = max(values.values()) if position.to_act == seat else min(values.values())
        assert best == value
        for card, v in values.items():
            after, winner = position.play(card)
            assert v == int(winner == seat) + brute(after, seat)
        taken = 0
        for card in best_line(position, seat):
            position, winner = position.play(card)
            taken += winner == seat
        assert taken == value


def test_two_handed_sides_take_every_trick_between_them():
    """Two-handed after the draw: one search answers both players."""
    rules = preset("two-handed")
    rng = random.Random(5)
    for d in range(6):
        hands = random_deal(rng, d % 2, rules.cards, 2, rules.tricks)
        position = Position.deal(hands, d % 2, rules)
        assert most_tricks(position, 0) + most_tricks(position, 1) == 13


def test_whole_deals_answer_in_jobs_as_at_once():
    """A two-handed whole deal and a cutthroat ending in slices, as the review runs
    them: the same answer as a run at once."""
    rules = preset("two-handed")
    hands = random_deal(random.Random(3), 0, rules.cards, 2, rules.tricks)
    position = Position.deal(hands, 1, rules)
    job = most_tricks_job(position, 1)
    slices = 0
    while not job.step(0.001):
        slices += 1
    assert job.result == most_tricks(position, 1)
    ending = random_ending(random.Random(8), 3, 5)
    for seat in range(3):
        kept = nil_kept_job(ending, seat)
        kept.run()
        assert kept.result == nil_kept(ending, seat)
    assert isinstance(team_solver(ending, 0), FewSolver)


def test_a_trick_is_three_cards_at_three_and_two_at_two():
    rules = preset("cutthroat")
    hands = random_deal(random.Random(1), 0, rules.cards, 3, rules.tricks)
    position = Position.deal(hands, 2, rules)
    assert position.tricks_left == 17 and position.to_act == 2
    for expected in (0, 1):
        position, winner = position.play(cards_of(position.legal())[0])
        assert winner == -1 and position.to_act == expected
    position, winner = position.play(cards_of(position.legal())[0])
    assert winner in (0, 1, 2) and position.leader == winner and not position.trick
    assert position.tricks_left == 16


@pytest.mark.parametrize("seed", range(6))
def test_cutthroat_endings_played_out_keep_every_answer_of_minimax(seed):
    """The cuts of the three-seat search (the table shared along a line of play, the
    sure tricks, the cards skipped as answered by one tried before, the orderings)
    change how many cards it tries, never an answer: along a random line through an
    ending of 4 or 5 tricks, every position's count for each player and each nil,
    with one solver a question for the whole line as the review keeps them, equal to
    the plain minimax's."""
    rng = random.Random(f"few-exact/{seed}")
    for _ in range(6):
        position = random_ending(rng, 3, rng.choice((4, 5)))
        counts = [team_solver(position, seat) for seat in range(3)]
        nils = [nil_solver(position, seat) for seat in range(3)]
        while position.tricks_left:
            for seat in range(3):
                want = brute(position, seat)
                assert most_tricks(position, seat, counts[seat], want) == want, (position, seat)
                assert most_tricks(position, seat, counts[seat]) == want, (position, seat)
                assert nil_kept(position, seat, nils[seat]) == nil_brute(position, seat), \
                    (position, seat)
            position, _ = position.play(rng.choice(cards_of(position.legal())))
