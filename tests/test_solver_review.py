"""The review of a finished hand with every card seen (spades/solver/review.py): each
card's cost, the nils, the contracts and the turning point, held against a plain
minimax on random endings played out at random, and run in slices as the table runs
it, from the deal on with the cards brought as they are played (a position past
its node limit set aside and finished after the rest), and each costly card's keeper."""

from __future__ import annotations

import random
import time

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


def test_a_position_past_its_node_limit_is_set_aside_and_finished_after_the_rest():
    rng = random.Random("review/limit")
    start, plays = played_out(rng, 8)  # a review of some 8,000 cards
    bids = {s: 1 for s in range(4)}
    whole = HandReview(start, plays, bids).run()
    review = HandReview(start, plays, bids, node_limit=50)
    aside = set()
    while not review.step(0.0005):
        aside |= review.unfinished
    assert aside and 0 not in aside  # the headline is never set aside
    assert review.status == "done" and not review.unfinished
    assert review.values == whole.values
    assert review.turning_point() == whole.turning_point()


@pytest.mark.parametrize("seed", [0, 1, 4, 7, 12, 14])  # the opening nil past the limit
def test_while_the_hand_is_played_a_heavy_opening_nil_waits_for_the_newer_positions(seed):
    """Worked out as the table does, card by card: the opening lead's tricks come first
    whatever they cost, but its nils past the node limit are set aside while the hand
    is played (the newer positions often answer them: a nil kept after a card of its
    own side was kept before it); every answer is the finished hand's. Once the hand is
    over the headline is never set aside (the test above)."""
    rng = random.Random(f"review/heavy-nil/{seed}")
    start, plays = played_out(rng, 8)
    bids = {s: 1 for s in range(4)}
    bids[seed % 4] = NIL
    whole = HandReview(start, plays, bids).run()
    live = HandReview(start, node_limit=20)
    live.bid(bids)
    while live.values[0] is None:
        live.step(0.0005)
    assert live.opening() is None or 0 not in live.tries  # no nil was set aside yet
    for card in plays[:8]:
        live.play(card)
        live.step(0.002)
    aside = dict(live.tries)
    for card in plays[8:]:
        live.play(card)
        live.step(0.0005)
    live.run()
    assert live.status == "done" and not live.unfinished
    assert 0 in aside  # the opening lead's nil waited for the newer positions
    assert live.values == whole.values and live.kept == whole.kept
    assert live.opening() == whole.opening()
    assert live.turning_point() == whole.turning_point() and live.keeper == whole.keeper


@pytest.mark.parametrize("seed", range(8))
def test_worked_out_while_the_hand_is_played_it_says_what_the_finished_hand_says(seed):
    """The table's way: begun at the deal, the bids and then each card brought as they
    come, a few slices between; the headline is there before the first card."""
    rng = random.Random(f"review/live/{seed}")
    start, plays = played_out(rng, 4)
    bids = {0: NIL, 1: 1, 2: 2, 3: 1} if seed % 2 else {s: 1 for s in range(4)}
    whole = HandReview(start, plays, bids).run()
    live = HandReview(start)
    for _ in range(3):
        assert not live.step(0.001)
    assert live.opening() is None  # the nils wait for the bids
    live.bid(bids)
    while live.opening() is None:
        live.step(0.001)
    assert live.opening() == whole.opening()
    for card in plays:
        live.play(card)
        live.step(0.0003)
        assert live.status == "running" or card == plays[-1]
    live.run()
    assert live.status == "done"
    assert live.values == whole.values and live.kept == whole.kept
    assert [live.cost(i) for i in range(len(plays))] == \
        [whole.cost(i) for i in range(len(plays))]
    assert live.keeper == whole.keeper


@pytest.mark.parametrize("seed", [2, 3, 7, 8, 9, 10, 11])  # hands with costly cards
def test_while_the_hand_goes_on_each_costly_cards_keeper_is_found_before_the_next_card(seed):
    """The table's waits between cards go to the keepers too: once every position known
    is worked out, each costly card played so far has its keeper, the finished hand's,
    before the next card comes; the review is over only with the hand."""
    rng = random.Random(f"review/keeper/{seed}")
    start, plays = played_out(rng, 3)
    bids = {s: 1 for s in range(4)}
    bids[rng.randrange(4)] = NIL
    whole = HandReview(start, plays, bids).run()
    costly = [i for i in range(len(plays)) if whole.cost(i).costly]
    live = HandReview(start)
    live.bid(bids)
    for n, card in enumerate(plays, 1):
        live.play(card)
        live.run()  # to the next card
        assert live.idle or n == len(plays)
        assert (live.status == "done") == (n == len(plays))
        # A card's cost needs the position after it: known for every card played.
        assert {i: live.keeper[i] for i in costly if i < n} == \
            {i: whole.keeper[i] for i in costly if i < n}
    assert costly and costly[0] < len(plays) - 1  # the check is not empty


def test_waiting_for_the_next_card_a_slice_ends_at_once():
    rng = random.Random("review/idle")
    start, plays = played_out(rng, 3)
    review = HandReview(start, plays[:2], {s: 1 for s in range(4)}).run()
    assert review.idle and review.status == "running"
    t0 = time.perf_counter()
    assert not review.step(0.5)
    assert time.perf_counter() - t0 < 0.1


@pytest.mark.parametrize("seed", range(30))
def test_a_costly_cards_keeper_would_have_kept_the_value_and_what_was_taken_adds_up(seed):
    rng = random.Random(f"review/keeper/{seed}")
    start, plays = played_out(rng, 3)
    nil_seat = rng.randrange(4)
    bids = {s: 1 for s in range(4)}
    bids[nil_seat] = NIL
    review = HandReview(start, plays, bids).run()
    for i in range(len(plays)):
        cost = review.cost(i)
        if not cost.costly:
            assert i not in review.keeper
            continue
        position = review.positions[i]
        kept = []
        for card in cards_of(position.legal()):
            other = HandReview(start, [*plays[:i], card], bids)
            other.run()  # to the card: its cost is known without the rest
            if not other.cost(i).costly:
                kept.append(card)
        assert review.keeper[i] == (kept[0] if kept else None)
    for team in (0, 1):
        lost, given = review.given(team)
        assert review.took(team) == review.opening().tricks[team] - lost + given
