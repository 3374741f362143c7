"""Hard's exact endings: its last tricks solved on each sampled deal (spades.solver)."""

from __future__ import annotations

from spades.ai.hard import EXACT_DEALS, EXACT_TRICKS, HardPlayer, SearchThinker
from spades.ai.search import EXTEND_CLOSE, judge
from spades.engine import Match, Play, preset
from spades.measure import make_player
from spades.solver import Position as Solved
from spades.solver import card_values


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


def test_hard_solves_its_last_tricks_when_no_seat_bid_nil_and_rolls_out_otherwise():
    solved = rolled = 0
    for game in range(12):
        for _solved, view in _late_views(f"exact/{game}", EXACT_TRICKS + 1):
            thinker = HardPlayer(seed=game).think(view)
            if not isinstance(thinker, SearchThinker):
                continue  # one sound card: nothing to search
            late = 13 - len(view.trick_winners) <= EXACT_TRICKS
            ordinary = all(b is not None and b > 0 for b in view.bids)
            assert thinker.exact == (late and ordinary)
            action = thinker.finish()
            assert action in view.legal_actions()
            if thinker.exact:
                solved += 1
                # EXACT_DEALS deals, and more once for a close decision, as rollouts get.
                assert thinker.deals <= EXACT_DEALS * (1 + EXTEND_CLOSE)
                if thinker.decision != Play(thinker.fallback):
                    assert thinker.reason.startswith("Solved")
            else:
                rolled += 1
            rollout = make_player("hard-rollout", seed=game).think(view)
            assert not getattr(rollout, "exact", False)
    assert solved >= 10 and rolled >= 5


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


def test_on_the_true_deal_hard_plays_a_card_that_keeps_the_best_score(monkeypatch):
    """Hard dealt the true hands on every sample (as if it could see them) must choose
    a card whose perfect-play score is the best, or within the margin by which the
    normal card stands (PREFER_NORMAL_BY): exact values on identical deals carry no
    noise."""
    from spades.ai import search
    from spades.ai.position import Position

    checked = 0
    for game in range(10):
        for solved, view in _late_views(f"exact-true/{game}", EXACT_TRICKS):
            if not all(b is not None and b > 0 for b in view.bids):
                break
            true_hands = list(solved.hands)
            monkeypatch.setattr(search, "sample_deal", lambda *a, h=true_hands, **k: h[:])
            thinker = HardPlayer(seed=game).think(view)
            if not getattr(thinker, "exact", False):
                continue
            chosen = thinker.finish().card
            team = view.seat & 1
            tricks = card_values(solved, team)
            scores = {}
            for card, mine in tricks.items():
                t = Position.from_view(view)
                t.hands = true_hands[:]
                won = list(t.tricks_won)
                left = solved.tricks_left
                won[view.seat] += mine
                won[(view.seat + 1) & 3] += left - mine
                t.tricks_won = won
                scores[card] = judge(t, view.seat, thinker.bag_cost)
            best = max(scores.values())
            # Equal cards (a run) share a value; the chosen one is one of the legal.
            assert scores[chosen] >= best - search.PREFER_NORMAL_BY, (view, scores, chosen)
            checked += 1
    assert checked >= 8
    monkeypatch.undo()
