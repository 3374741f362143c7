"""The review of a finished hand with every card seen (spades/solver/review.py): each
card's cost, the nils, the contracts and the turning point, held against a plain
minimax on random endings played out at random, and run in slices as the table runs
it (from the last trick back, a position past its node limit reported as not
finished)."""

from __future__ import annotations

import random

import pytest
from test_solver import brute, nil_brute, random_position, team_brute

from spades.engine.cards import cards_of
from spades.engine.legal import NIL
from spades.solver.review import HandReview


def played_out(rng: random.Random, tricks: int) -> tuple:
    """A random ending of ``tricks`` tricks at a trick boundary, and random legal cards
    to its end."""
    start = random_position(rng, tricks)
    while start.trick:
        start = random_position(rng, tricks)
    position, plays = start, []
    while position.tricks_left:
        card = rng.choice(cards_of(position.legal()))
        plays.append(card)
        position, _ = position.play(card)
    return start, plays


@pytest.mark.parametrize("seed", range(40))
def test_each_cards_cost_is_what_minimax_says_it_cost(seed):
    rng = random.Random(f"review/{seed}")
    start, plays = played_out(rng, rng.choice((2, 3)))
    nil_seat = rng.randrange(4)
    partner_bid = rng.randrange(1, 3)
    bids = {s: 1 for s in range(4)}
    bids[nil_seat] = NIL
    bids[nil_seat ^ 2] = partner_bid
    review = HandReview(start, plays, bids).run()
    assert review.status == "done" and not review.unfinished
    positions = review.positions
    for i, position in enumerate(positions[:-1]):
        assert review.values[i] == team_brute(position, 0)
        assert review.kept[nil_seat][i] == (not review.seat_won[i][nil_seat] and
                                            nil_brute(position, nil_seat))
    first = None
    for i, card in enumerate(plays):
        seat = positions[i].to_act
        side = seat & 1
        after, winner = positions[i].play(card)
        won = int(winner >= 0 and winner & 1 == side)
        best = team_brute(positions[i], side)
        got = won + (team_brute(after, side) if after.tricks_left else 0)
        cost = review.cost(i)
        assert cost.tricks == best - got >= 0
        kept_before = review.kept[nil_seat][i]
        kept_after = review.kept[nil_seat][i + 1]
        assert cost.nils == ((nil_seat,) if side == nil_seat & 1 and kept_before and
                             not kept_after else ())
        assert cost.sets == ((nil_seat,) if side != nil_seat & 1 and not kept_before and
                             kept_after else ())
        if cost.costly and first is None:
            first = i
    assert review.turning_point() == (first if first is not None else -1)


def test_the_opening_says_each_sides_most_tricks_contract_and_nil():
    rng = random.Random("review/opening")
    start, plays = played_out(rng, 3)
    bids = {0: 1, 1: NIL, 2: 1, 3: 2}
    review = HandReview(start, plays, bids).run()
    opening = review.opening()
    ours = team_brute(start, 0)
    assert opening.tricks == (ours, start.tricks_left - ours)
    assert opening.contracts == (2, 2)
    assert opening.makeable == (ours >= 2, start.tricks_left - ours >= 2)
    assert opening.nils == ((1, nil_brute(start, 1)),)


def test_bags_mode_counts_only_the_partners_tricks_toward_a_nil_teams_contract():
    for seed in range(12):
        rng = random.Random(f"review/bags/{seed}")
        start, plays = played_out(rng, 3)
        bids = {0: 2, 1: 1, 2: NIL, 3: 1}
        review = HandReview(start, plays, bids, failed_nil_tricks="bags").run()
        own = brute(start, (1, 0, 0, 0), 0)
        assert review.opening().makeable[0] == (own >= 2)


def test_it_works_in_slices_from_the_last_trick_back_and_can_be_cancelled():
    rng = random.Random("review/slices")
    start, plays = played_out(rng, 5)
    review = HandReview(start, plays, {s: 1 for s in range(4)})
    seen_done = []
    while not review.step(0.0002):
        seen_done.append([review.trick_done(t) for t in range(5)])
    assert review.status == "done"
    # A trick is done only once every later trick is.
    for done in seen_done:
        assert done == sorted(done)
    stopped = HandReview(start, plays, {s: 1 for s in range(4)})
    stopped.step(0.0002)
    stopped.cancel()
    assert stopped.status == "cancelled" and stopped.step(1.0)


def test_a_position_past_the_node_limit_is_reported_not_finished():
    rng = random.Random("review/limit")
    start, plays = played_out(rng, 8)  # a review of some 8,000 cards
    review = HandReview(start, plays, {s: 1 for s in range(4)}, node_limit=50).run()
    assert review.status == "done"
    assert 0 in review.unfinished and review.values[0] is None
    assert review.opening() is None and review.turning_point() is None
    assert review.cost(len(plays) - 1) is not None  # the last card is cheap
