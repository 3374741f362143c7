"""The clairvoyant hard of the measuring (every sampled deal the true one, in the phases
it is given) and the tournament that shows it the hands."""

from __future__ import annotations

import random

import pytest

from spades.ai.hard import HardPlayer
from spades.ai.search import _Search
from spades.engine.match import Match
from spades.engine.rules import STANDARD
from spades.measure import make_player
from spades.measure.clairvoyant import CLAIRVOYANTS, decision_phase
from spades.measure.tournament import nil_at_table, tournament


def _views_by_phase(game: int) -> dict[str, tuple]:
    """A searched decision of each phase from a game of four hard players (small
    budget), with the hands at that moment."""
    match = Match(STANDARD, game)
    players = [HardPlayer(f"clair/{s}", rollouts=8) for s in range(4)]
    found: dict[str, tuple] = {}
    while not match.history:
        view = match.view(match.to_act)
        if view.looked or view.phase != "bidding":
            thinker = HardPlayer("probe", rollouts=8).think(view)
            if isinstance(thinker, _Search):
                found.setdefault(decision_phase(view), (view, list(match.hands)))
        match.apply(players[match.to_act].choose(view))
    return found


@pytest.fixture(scope="module")
def views():
    found: dict[str, tuple] = {}
    for game in range(6):
        for phase, v in _views_by_phase(game).items():
            found.setdefault(phase, v)
    assert set(found) == {"bid", "early", "late"}
    return found


def test_the_clairvoyant_samples_the_true_deal_only_in_its_phases(views):
    for name in CLAIRVOYANTS:
        for phase, (view, hands) in views.items():
            player = make_player(name, seed=3, rollouts=8)
            player.see_hands(hands)
            thinker = player.think(view)
            rng = random.Random(1)
            deals = [thinker.sample(rng, thinker.deal_weights(rng)) for _ in range(5)]
            sees = name == "hard-clairvoyant" or name.endswith(phase)
            if sees:
                assert all(d == hands for d in deals), (name, phase)
            else:  # the sampler's deals: the seat's own cards, the others dealt afresh
                assert any(d != hands for d in deals), (name, phase)
                assert all(d[view.seat] == hands[view.seat] for d in deals)


def test_a_clairvoyant_that_was_not_shown_the_hands_refuses_to_decide(views):
    view, _ = views["early"]
    with pytest.raises(RuntimeError):
        make_player("hard-clairvoyant", seed=3, rollouts=8).think(view)


def test_the_tournament_shows_the_clairvoyant_the_hands_and_splits_by_nil():
    out = tournament("hard-clairvoyant", "hard", 2, seed=11, iterations=6)
    assert out["deals"] == 2
    kinds = out["by_kind"]
    assert kinds["nil"]["deals"] + kinds["no_nil"]["deals"] == 2


def test_a_deal_counts_as_nil_when_either_table_bid_one():
    side = {"nil": [], "blind_nil": []}
    plain = {"tables": [{"A": side, "B": side}, {"A": side, "B": side}]}
    assert not nil_at_table(plain)
    blind = {"tables": [{"A": side, "B": side},
                        {"A": side, "B": {"nil": [], "blind_nil": ["blind_nil_set"]}}]}
    assert nil_at_table(blind)
