"""Hard's deals resampled by the likelihood of the whole play (likelihood.py)."""

from __future__ import annotations

import random

from spades.ai import make_player
from spades.ai.hard import HardPlayer
from spades.ai.likelihood import Resampler, _Plays, systematic
from spades.ai.position import Position
from spades.ai.search import _Search, sample_deal
from spades.engine.cards import CARD_IDS
from spades.engine.match import Match
from spades.engine.rules import STANDARD


def _normal_positions(games: int, prefix: str = "likely"):
    for game in range(games):
        match = Match(STANDARD, f"{prefix}/{game}")
        players = [make_player("normal", seed=s) for s in range(4)]
        while not match.history:
            view = match.view(match.to_act)
            if match.phase == "playing":
                yield view, list(match.hands)
            match.apply(players[match.to_act].choose(view))


def _ducks(games: int):
    """Positions where the seat second to play followed under the card led, with an
    unseen card of the suit lower than its card (not touching it)."""
    for view, hands in _normal_positions(games):
        if len(view.trick) != 2:
            continue
        (_, led), (second, card) = view.trick
        if card // 13 != led // 13 or card > led or second == view.seat:
            continue
        unseen = STANDARD.cards & ~view.played & ~view.hand
        low = [c for c in range(13 * (card // 13), card - 1) if unseen >> c & 1]
        if low:
            yield view, hands, second, low[0]


def test_systematic_resampling_draws_in_proportion():
    rng = random.Random(3)
    picks = systematic([1.0, 0.0, 3.0], 8, rng)
    assert picks.count(0) == 2 and picks.count(2) == 6 and 1 not in picks
    assert systematic([0.0, 5.0], 4, rng) == [1, 1, 1, 1]


def test_a_deal_that_gives_a_ducking_seat_a_lower_card_is_less_likely():
    """Second hand low: a seat that followed under the card led, where the styles
    would have played a lower card had it held one. The true deal (the lower card with
    another seat) is, by the play, more likely than the same deal with that card moved
    to the ducking seat in exchange for one of its cards of another suit."""
    checked = lower = 0
    for view, hands, second, low in _ducks(12):
        plays = _Plays(view)
        holder = next(q for q in range(4) if hands[q] >> low & 1)
        if holder in (view.seat, second):
            continue
        other = next((c for c in range(CARD_IDS) if hands[second] >> c & 1
                      and c // 13 != low // 13), None)
        if other is None:
            continue
        moved = list(hands)
        moved[holder] = hands[holder] & ~(1 << low) | 1 << other
        moved[second] = hands[second] & ~(1 << other) | 1 << low
        checked += 1
        lower += plays.log_likelihood(moved) < plays.log_likelihood(hands) - 0.3
    assert checked >= 3 and lower >= 0.6 * checked, (checked, lower)


def test_the_resampled_deals_follow_the_weights():
    """From an even proposal (no per-card lean), the deals the resampler keeps give a
    seat that ducked second hand the lower card it would have played much less often
    than the deals drawn: ignoring the weights would keep the proposal's share."""
    drawn = kept = 0
    for view, _, second, low in _ducks(12):
        t = Position.from_view(view)
        search = _Search(t, view.seat, [0], 200, random.Random(0))
        even = [[1.0] * CARD_IDS for _ in range(4)]
        resampler = Resampler(search, view, even)
        rng = random.Random(7)
        pool = [sample_deal(t, view.seat, rng, search.deal_weights(rng)) for _ in range(200)]
        drawn += sum(1 for d in pool if d and d[second] >> low & 1)
        deals = resampler.block(random.Random(7), 100)
        kept += sum(1 for d in deals if d and d[second] >> low & 1)
    # The pool is twice the kept deals: half its share is no change.
    assert drawn > 100 and kept < 0.35 * drawn, (drawn, kept)


def test_the_memo_only_remembers_and_hard_decides_from_the_view_alone():
    """The likelihoods remembered between a player's decisions are the ones worked out
    afresh, and hard with the likelihood decides from its view and seed alone."""
    memo: dict = {}
    seen = 0
    for view, hands in _normal_positions(2, "memo"):
        if view.seat != 1:
            continue
        fresh = _Plays(view)
        kept = _Plays(view, memo=memo)
        assert fresh.log_likelihood(hands) == kept.log_likelihood(hands)
        seen += 1
        if len(view.trick_winners) == 6 and not view.trick:
            a = HardPlayer(seed=5, rollouts=30, likelihood=True).choose(view)
            assert a == HardPlayer(seed=5, rollouts=30, likelihood=True).choose(view)
    assert seen > 20
