"""Hard playing alone: cutthroat (three) and two-handed (two). Its sampled deals agree
with what the seat knows (hand sizes, voids, two-handed's discards seen and unseen),
its decisions come from the view alone and do not depend on how the thinking is
sliced, whole matches are legal to the end, and the four-seat hard is not touched
(its pinned decisions: tests/test_ai.py). docs/ai.md, Hard alone; spades/ai/alone/."""

from __future__ import annotations

import random

import pytest

from spades.ai import make_player, strengths_at
from spades.ai.alone.hard import (
    AloneBidThinker,
    AloneBlindThinker,
    AloneCardThinker,
    _position,
    think_hard_alone,
)
from spades.ai.alone.search import alone_weights, sample_alone
from spades.engine.actions import LOOK, Bid
from spades.engine.legal import BLIND_NIL
from spades.engine.match import Match
from spades.engine.rules import SEAT_PRESETS
from spades.measure import make_player as measure_player

CUT = SEAT_PRESETS["cutthroat"]
TWO = SEAT_PRESETS["two-handed"]


def _views(rules, seed, strengths, phase="playing", seat=0):
    """Every view of ``seat`` in ``phase`` over the first hand of a match."""
    match = Match(rules, seed)
    players = [make_player(s, seed=f"{seed}/{i}", **({"rollouts": 12} if s == "hard" else {}))
               for i, s in enumerate(strengths)]
    out = []
    while not match.history:
        s = match.to_act
        view = match.view(s)
        if s == seat and view.phase == phase:
            out.append((view, [match.hands[q] for q in range(rules.seats)]))
        match.apply(players[s].choose(view), s)
    return out


def test_every_strength_plays_three_and_two():
    assert strengths_at(3) == strengths_at(2) == strengths_at(4)
    assert "hard" in strengths_at(3)


@pytest.mark.parametrize("rules", [CUT, TWO], ids=["cutthroat", "two-handed"])
def test_the_sampled_deals_agree_with_what_the_seat_knows(rules):
    """Hand sizes, the seat's own cards, the voids shown; in two-handed never a card
    the seat has seen discarded (its own buried ones, every one shown face up), and
    the other's buried discards left out of its hand."""
    views = _views(rules, 3, ["normal"] * rules.seats)
    assert len(views) > 8
    rng = random.Random(1)
    for view, _ in views[::3]:
        t = _position(view)
        weights = alone_weights(t, view.seat, view.bids)
        for _ in range(20):
            deal = sample_alone(t, view.seat, rng, weights, list(view.hand_sizes))
            assert deal is not None
            assert deal[view.seat] == view.hand
            seen = view.played | view.shown | view.buried
            for q in range(rules.seats):
                assert deal[q].bit_count() == view.hand_sizes[q]
                assert not deal[q] & seen, "a card the seat has seen is dealt"
                for suit in range(4):
                    if view.voids[q] >> suit & 1:
                        assert not deal[q] & (0x1FFF << 13 * suit)
            union = 0
            for q in range(rules.seats):
                assert not union & deal[q]
                union |= deal[q]
            # What is left unseen and undealt is the other's buried discards.
            assert (view.unseen & ~union).bit_count() == (
                26 - view.shown.bit_count() - view.buried.bit_count() if rules.draws else 0)


@pytest.mark.parametrize("rules", [CUT, TWO], ids=["cutthroat", "two-handed"])
def test_hard_alone_decides_from_its_view_alone_and_however_sliced(rules):
    """The same view gives the same decision whatever the unseen hands hold (another
    deal the seat cannot tell apart), and thinking in slices decides as at once."""
    views = _views(rules, 5, ["hard"] + ["normal"] * (rules.seats - 1))
    searched = 0
    for view, _ in views[:8]:
        player = make_player("hard", seed=9, rollouts=16)
        whole = player.think(view)
        at_once = whole.finish()
        sliced = player.think(view)
        while not sliced.step(0.01):
            pass
        assert sliced.decision == at_once
        searched += isinstance(whole, AloneCardThinker)
        assert view.refusal(at_once) is None
    assert searched >= 2


def test_hard_alone_searches_its_bid_and_weighs_blind_nil_where_it_may():
    # Far behind at cutthroat, blind nil is open: hard weighs it against a look.
    match = Match(CUT, 8, start={"dealer": 2, "hands": Match(CUT, 8).hands,
                                 "scores": (-150, 300, 320), "bags": (0, 0, 0)})
    view = match.view(0)
    assert Bid(BLIND_NIL) in view.legal_actions()
    thinker = think_hard_alone(view, 1, 16)
    assert isinstance(thinker, AloneBlindThinker)
    assert thinker.finish() in (LOOK, Bid(BLIND_NIL))
    match.apply(LOOK, 0)
    thinker = think_hard_alone(match.view(0), 1, 16)
    assert isinstance(thinker, AloneBidThinker)
    assert isinstance(thinker.finish(), Bid)
    assert thinker.deals >= 8


@pytest.mark.parametrize("rules", [CUT, TWO], ids=["cutthroat", "two-handed"])
def test_whole_matches_of_hard_alone_are_legal(rules):
    match = Match(rules, 2)
    players = [make_player("hard", seed=s, rollouts=8) for s in range(rules.seats)]
    while len(match.history) < 2 and match.winner is None:
        s = match.to_act
        view = match.view(s)
        action = players[s].choose(view)
        assert view.refusal(action) is None, (s, action)
        match.apply(action, s)
    assert len(match.history) == 2


def test_the_zoo_plays_alone_with_its_habit():
    """At three the overbidder bids above normal's bid of the same hand and the
    underbidder below it; every member that plays alone plays a whole hand legally."""
    from spades.measure import ALONE_ZOO

    match = Match(CUT, 11, start={"dealer": 2, "hands": Match(CUT, 11).hands})
    view = match.view(0)
    assert view.looked  # no one behind: no blind nil to weigh
    normal = make_player("normal").choose(view).value
    bids = {z: measure_player(z, seed=1).choose(view).value for z in ALONE_ZOO}
    assert bids["overbidder"] > normal > bids["underbidder"], (normal, bids)
    for rules in (CUT, TWO):
        match = Match(rules, 4)
        players = [measure_player(z, seed=s) for s, z in
                   enumerate(ALONE_ZOO[: rules.seats])]
        while not match.history:
            s = match.to_act
            view = match.view(s)
            action = players[s].choose(view)
            assert view.refusal(action) is None
            match.apply(action, s)


def _minimax(t, seat, judge):
    """Every legal card tried, no cut: the plain value of the rest of the hand."""
    if t.tricks_done == t.rules.tricks:
        return judge(t)
    values = []
    legal = t.legal()
    for card in range(52):
        if legal >> card & 1:
            child = t.copy()
            child.play(card)
            values.append(_minimax(child, seat, judge))
    return max(values) if t.to_act == seat else min(values)


def test_two_handed_endings_are_solved_exactly_with_both_hands_seen():
    """The last tricks of two-handed, both hands seen: the alpha-beta with touching
    cards tried once gives the plain minimax of the points (own minus the other's) on
    the true deals, and hard decides such a card by it ("Solved")."""
    from spades.ai.alone.hard import EXACT_TRICKS
    from spades.ai.alone.search import exact_value, judge_alone

    checked = 0
    for seed in range(3):
        for view, hands in _views(TWO, seed, ["normal", "normal"]):
            left = TWO.tricks - len(view.trick_winners)
            if left > 4:
                continue
            t = _position(view)
            t.hands = hands

            def judge(p, seat=view.seat):
                return judge_alone(p, seat, 10.0)

            assert exact_value(t, view.seat, judge, [0]) == _minimax(t, view.seat, judge)
            checked += 1
    assert checked >= 12
    late = [v for v, _ in _views(TWO, 1, ["hard", "normal"])
            if TWO.tricks - len(v.trick_winners) <= EXACT_TRICKS]
    thinkers = [think_hard_alone(v, 1, None) for v in late]
    solved = [th for th in thinkers if isinstance(th, AloneCardThinker)]
    assert solved and all(th.exact for th in solved)
    for th in solved:
        th.finish()
        assert th.deals <= 120


def test_a_card_of_the_trick_in_progress_keeps_two_of_ones_own_apart():
    """Holding the 9 and the queen with the 10 played and the jack on the table, the
    queen wins the trick and the 9 does not: hard tries both (the cards of a trick in
    progress do not make one's own cards touch, as the finished tricks' do)."""
    from spades.ai.search import candidate_cards

    differ = 0
    for seed in range(4):
        for view, _ in _views(CUT, seed, ["normal"] * 3):
            if not view.trick:
                continue
            thinker = think_hard_alone(view, 1, 8)
            if not isinstance(thinker, AloneCardThinker):
                continue
            t = _position(view)
            merged = candidate_cards(t.legal(), view.hand, t.played)
            if thinker.candidates != merged:
                differ += 1
                assert set(merged) < set(thinker.candidates)
    assert differ >= 1
