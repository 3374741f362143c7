"""Hard's reading of the cards played (inference.py): per-card weights of where the
unseen cards lie, from how each other seat played them."""

from __future__ import annotations

import math
import random

from spades.ai import make_player
from spades.ai.hard import HardPlayer
from spades.ai.inference import play_weights
from spades.ai.position import Position
from spades.ai.search import _Search
from spades.engine.cards import CARD_IDS
from spades.engine.match import Match
from spades.engine.rules import STANDARD


def _normal_positions(games: int):
    for game in range(games):
        match = Match(STANDARD, f"infer/{game}")
        players = [make_player("normal", seed=s) for s in range(4)]
        while not match.history:
            view = match.view(match.to_act)
            if match.phase == "playing":
                yield view, list(match.hands)
            match.apply(players[match.to_act].choose(view))


def test_the_weights_favour_the_seat_that_holds_each_card():
    """Four normal players (a style the reading models): an unseen card's weight is
    on average higher in the row of the seat that holds it than in the rows of the
    seats that do not, and the deciding seat's own row says nothing."""
    held, not_held = [], []
    for view, hands in _normal_positions(8):
        rows = play_weights(view)
        assert rows[view.seat] == [1.0] * CARD_IDS
        unseen = STANDARD.cards & ~view.played & ~view.hand
        for q in range(4):
            if q == view.seat:
                continue
            for c in range(CARD_IDS):
                if unseen >> c & 1:
                    (held if hands[q] >> c & 1 else not_held).append(math.log(rows[q][c]))
    mean_held = sum(held) / len(held)
    mean_not = sum(not_held) / len(not_held)
    assert mean_held > mean_not + 0.05, (mean_held, mean_not)
    # The weights are cautious: the holder's cards are rarely pushed down hard.
    assert sum(x < math.log(0.2) for x in held) < 0.05 * len(held)


def test_a_seat_that_ducked_second_hand_is_dealt_its_lower_cards_less_readily():
    """Second hand low: a seat that followed under the card led, where the styles
    would have played a lower card of the suit had it held one, is dealt the unseen
    lower cards less readily. (A card just below the one played is equal to it, so
    not weighed; and now and then a style would play the same card anyway.)"""
    checked = lowered = 0
    for view, _ in _normal_positions(12):
        if len(view.trick) != 2:
            continue
        (_, led), (second, card) = view.trick
        if card // 13 != led // 13 or card > led or second == view.seat:
            continue
        unseen = STANDARD.cards & ~view.played & ~view.hand
        low = [c for c in range(13 * (card // 13), card - 1) if unseen >> c & 1]
        if not low:
            continue
        rows = play_weights(view)
        assert all(rows[second][c] <= 1.0 for c in low)
        lowered += rows[second][low[0]] < 0.5
        checked += 1
    assert checked >= 5 and lowered >= 0.6 * checked, (checked, lowered)


def test_hard_with_inference_deals_by_the_weights_and_decides_from_the_view_alone():
    """The search's deals lean by the play weights (a card weighed down for a seat is
    dealt there less often, the uniform deals as the leaned ones), and the decision
    is still the view's and the seed's alone."""
    for view, _ in _normal_positions(3):
        if len(view.trick_winners) != 6 or view.trick:
            continue
        rows = play_weights(view)
        t = Position.from_view(view)
        plain = _Search(t, view.seat, [0], 8, random.Random(0))
        leaned = _Search(t, view.seat, [0], 8, random.Random(0), evidence=rows)
        for q in range(4):
            for c in range(CARD_IDS):
                assert leaned.uniform[q][c] == plain.uniform[q][c] * rows[q][c]
            for shift, rows_leaned in leaned.leaned.items():
                assert rows_leaned[q] == [w * e for w, e in
                                          zip(plain.leaned[shift][q], rows[q], strict=True)]
        a = HardPlayer(seed=5, rollouts=30, inference=True).choose(view)
        assert a == HardPlayer(seed=5, rollouts=30, inference=True).choose(view)
