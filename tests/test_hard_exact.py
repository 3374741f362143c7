"""Hard's exact endings: its last tricks solved on each sampled deal (spades.solver)."""

from __future__ import annotations

import collections

from spades.ai.endings import FEWEST, MINIMAX, MINIMAX_TRICKS, PEAK, live_nils
from spades.ai.hard import EXACT_DEALS, EXACT_TRICKS, HardPlayer, SearchThinker
from spades.ai.position import Position
from spades.ai.search import EXTEND_CLOSE, judge
from spades.engine import Match, Play, preset
from spades.engine.cards import cards_of
from spades.measure import make_player
from spades.solver import Position as Solved


def _late_views(seed: str, tricks_left: int, rules=None):
    """The positions (every hand seen) and views of the card decisions with at most
    ``tricks_left`` tricks left, in a hand of normal players (bids as they come)."""
    match = Match(rules or preset("standard"), seed)
    players = [make_player("normal", seed=f"{seed}/{s}") for s in range(4)]
    out = []
    while not match.history:
        seat = match.to_act
        view = match.view(seat)
        if view.phase == "playing" and 13 - len(view.trick_winners) <= tricks_left:
            out.append((Solved.of_match(match), view))
        match.apply(players[seat].choose(view))
    return out


def _perfect_points(position: Solved, view, bag_cost: float, won: list[int]) -> float:
    """The hand's value for the seat's side with every card to the end searched, both
    sides playing for points (plain minimax, no shortcut), the tricks taken by seat."""
    if not position.tricks_left:
        t = Position.from_view(view)
        t.tricks_won = list(won)
        return judge(t, view.seat, bag_cost)
    values = []
    for card in cards_of(position.legal()):
        after, winner = position.play(card)
        taken = list(won)
        if winner >= 0:
            taken[winner] += 1
        values.append(_perfect_points(after, view, bag_cost, taken))
    mine = (position.to_act & 1) == (view.seat & 1)
    return max(values) if mine else min(values)


def _card_points(solved: Solved, view, bag_cost: float) -> dict[int, float]:
    out = {}
    for card in cards_of(solved.legal()):
        after, winner = solved.play(card)
        won = list(view.tricks_won)
        if winner >= 0:
            won[winner] += 1
        out[card] = _perfect_points(after, view, bag_cost, won)
    return out


def _ordinary(view) -> bool:
    return all(b is not None and b > 0 for b in view.bids)


def test_hard_judges_its_last_tricks_exactly_and_rolls_out_only_a_live_nil_above_three():
    modes = collections.Counter()
    for game in range(12):
        for _solved, view in _late_views(f"exact/{game}", EXACT_TRICKS + 1):
            thinker = HardPlayer(seed=game).think(view)
            if not isinstance(thinker, SearchThinker):
                continue  # one sound card: nothing to search
            left = 13 - len(view.trick_winners)
            nil_alive = any(
                b is not None and b <= 0 and view.tricks_won[q] == 0
                for q, b in enumerate(view.bids))
            assert thinker.exact == (
                left <= EXACT_TRICKS and (left <= MINIMAX_TRICKS or not nil_alive))
            action = thinker.finish()
            assert action in view.legal_actions()
            if thinker.exact:
                modes[thinker.ending.mode] += 1
                # EXACT_DEALS deals, and more once for a close decision, as rollouts get.
                assert thinker.deals <= EXACT_DEALS * (1 + EXTEND_CLOSE)
                if thinker.decision != Play(thinker.fallback):
                    assert thinker.reason.startswith("Solved")
            else:
                modes["rollout"] += 1
            rollout = make_player("hard-rollout", seed=game).think(view)
            assert not getattr(rollout, "exact", False)
    assert modes[MINIMAX] >= 10 and modes[PEAK] >= 10 and modes[FEWEST] >= 5, modes


def test_each_way_of_judging_an_ending_gives_the_value_of_perfect_play_for_points():
    """On the true deal, against a plain minimax of the points: the solver's most or
    fewest tricks and the points search exactly; the bounds from both solver games
    hold it between them (the middle is what a PEAK ending counts)."""
    checked = collections.Counter()
    for game in range(14):
        for solved, view in _late_views(f"exact-points/{game}", MINIMAX_TRICKS):
            thinker = HardPlayer(seed=game).think(view)
            if not getattr(thinker, "exact", False):
                continue
            perfect = _card_points(solved, view, thinker.bag_cost)
            ending = thinker.ending
            for card in thinker.candidates:
                t = thinker.position.copy()
                t.hands = list(solved.hands)
                t.play(card)
                ending.deal = -1
                assert ending.value(t, 0) == perfect[card], (view, card, ending.mode)
                checked[ending.mode] += 1
                if not live_nils(t) and solved.tricks_left > 1:
                    after = Solved(
                        tuple(t.hands), t.leader, tuple(t.trick), t.broken)  # type: ignore
                    low, high = ending.bounds(t, after)
                    assert low <= perfect[card] <= high
                    checked["bounds"] += 1
                    checked["bounds met"] += low == high
    assert checked[MINIMAX] >= 20 and checked[FEWEST] >= 10 and checked["bounds"] >= 40, checked
    assert 0 < checked["bounds met"] < checked["bounds"], checked


def test_exact_decisions_are_the_same_at_once_and_in_slices():
    checked = 0
    for game in range(8):
        for _solved, view in _late_views(f"exact-slices/{game}", EXACT_TRICKS):
            at_once = HardPlayer(seed=7).think(view)
            if not getattr(at_once, "exact", False):
                continue
            at_once.finish()
            sliced = HardPlayer(seed=7).think(view)
            while not sliced.step(0.0):
                pass
            assert sliced.decision == at_once.decision
            assert sliced.means_ == at_once.means_
            checked += 1
    assert checked >= 5


def test_on_the_true_deal_hard_keeps_the_best_score_where_a_rollout_does_not(monkeypatch):
    """Hard and hard-rollout dealt the true hands on every sample (as if they could see
    them): hard's card must keep the best points of perfect play, or be within the
    margin by which the normal card stands (PREFER_NORMAL_BY): exact values on
    identical deals carry no noise. Rolling out the same deal, whose play is only
    likely, costs points somewhere."""
    from spades.ai import search

    checked = rollout_worse = 0
    for game in range(10):
        for solved, view in _late_views(f"exact-true/{game}", MINIMAX_TRICKS):
            true_hands = list(solved.hands)
            monkeypatch.setattr(search, "sample_deal", lambda *a, h=true_hands, **k: h[:])
            thinker = HardPlayer(seed=game).think(view)
            if not getattr(thinker, "exact", False):
                continue
            chosen = thinker.finish().card
            scores = _card_points(solved, view, thinker.bag_cost)
            best = max(scores.values())
            # Equal cards (a run) share a value; the chosen one is one of the legal.
            assert scores[chosen] >= best - search.PREFER_NORMAL_BY, (view, scores, chosen)
            rolled = make_player("hard-rollout", seed=game).choose(view).card
            rollout_worse += scores[rolled] < scores[chosen]
            checked += 1
    assert checked >= 8 and rollout_worse >= 1, (checked, rollout_worse)
    monkeypatch.undo()


def test_an_exact_decision_stops_after_the_deal_that_passes_its_node_cap(monkeypatch):
    from spades.ai import hard

    capped = 0
    for game in range(6):
        for _solved, view in _late_views(f"exact-cap/{game}", EXACT_TRICKS):
            free = HardPlayer(seed=game).think(view)
            if not getattr(free, "exact", False):
                continue
            free.finish()
            monkeypatch.setattr(hard, "EXACT_NODES", 1)
            thinker = HardPlayer(seed=game).think(view)
            thinker.finish()
            monkeypatch.undo()
            assert thinker.decision in [Play(c) for c in thinker.candidates]
            if free.ending.nodes:  # a deal that searched anything stops the decision
                assert thinker.deals == 1 and thinker.stopped_early
                assert free.deals > 1
                capped += 1
    assert capped >= 5
