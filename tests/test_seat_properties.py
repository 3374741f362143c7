"""Random legal play at tables of two, three and four keeps every invariant
(hypothesis): cards are conserved, every trick holds one card a seat, each side's
score moves by exactly its hand's points, every view shows its seat's cards and no
other's, the match's refusals agree with its legal actions, and each hand's record
replays to the same result. Rule sets are drawn among the options each table size
accepts (docs/rules.md, Three and two players); matches are cut after two hands."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.engine.actions import DISCARD, KEEP, LOOK, Bid, CardPlayed, Play, TrickWon
from spades.engine.cards import CARD_IDS
from spades.engine.match import Match
from spades.engine.record import replay_record
from spades.engine.rules import Rules

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
CANDIDATES = ([Bid(b) for b in range(-2, 19)] + [LOOK, KEEP, DISCARD]
              + [Play(c) for c in range(CARD_IDS)])


@st.composite
def table_rules(draw, players: int) -> Rules:
    """Any rule set a table of ``players`` accepts (partnership options off below 4)."""
    nil = draw(st.booleans())
    target = draw(st.sampled_from([50, 100, 300, 500]))
    mercy = draw(st.sampled_from([None, -100, -300]))
    alone = players != 4
    return Rules(
        players=players,
        nil=nil,
        blind_nil=nil and players != 2 and draw(st.booleans()),
        blind_nil_deficit=draw(st.sampled_from([0, 50, 100])),
        team_cap_13=not alone and draw(st.booleans()),
        spades_lead_anytime=draw(st.booleans()),
        forced_spade_lead_breaks=draw(st.booleans()),
        failed_nil_tricks=draw(st.sampled_from(["count", "bags"])),
        bag_penalty=draw(st.booleans()),
        bag_limit=draw(st.sampled_from([3, 10])),
        target=target,
        mercy=mercy,
    )


def _check_views(match: Match) -> None:
    seats = match.rules.seats
    for seat in range(seats):
        view = match.view(seat)
        assert view.hand == (match.hands[seat] if match.looked[seat] else 0)
        assert len(view.bids) == len(view.hand_sizes) == seats
        assert len(view.scores) == match.rules.sides
        assert view.hand & view.unseen == 0
        for other in range(seats):
            if other != seat:  # another's unplayed cards are unseen, or shown discards
                assert match.hands[other] & ~view.unseen & ~view.shown == 0
        if match.phase == "drawing":
            assert (view.drawn >= 0) == (seat == match.to_act)
        if match.draw is not None:  # its own buried cards, never the other's
            assert view.buried == match.draw.buried[seat]
            assert view.shown == match.draw.shown_mask
        if seat == match.to_act:
            assert view.legal_actions() == match.legal_actions()
        else:
            assert view.legal_actions() == []


def _check_refusals(match: Match, rng: random.Random) -> None:
    legal = set(match.legal_actions())
    for action in rng.sample(CANDIDATES, 12) + list(legal)[:3]:
        assert (match.refusal(action) is None) == (action in legal), (action, match.phase)


def _check_hand(match: Match, hand, events) -> None:
    rules = match.rules
    seats = rules.seats
    dealt = 0
    for cards in hand.hands:
        assert cards.bit_count() == rules.tricks and dealt & cards == 0
        dealt |= cards
    discards = 0
    if rules.draws:  # the 26 discards and the 26 kept make the whole deck
        discards = match_discards(hand)
        assert discards.bit_count() == 26 and discards & dealt == 0
    assert dealt | discards == rules.cards
    assert sorted(hand.plays) == sorted(c for c in range(CARD_IDS) if dealt >> c & 1)
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert len(tricks) == rules.tricks == len(hand.trick_winners)
    plays = [e for e in events if isinstance(e, CardPlayed)]
    for i, trick in enumerate(tricks):
        who = [p.seat for p in plays[i * seats:(i + 1) * seats]]
        assert len(trick.cards) == seats and sorted(who) == list(range(seats))
    assert len(hand.teams) == rules.sides
    assert sum(team.tricks for team in hand.teams) == rules.tricks
    for side, team in enumerate(hand.teams):
        assert team.points == sum(line.points for line in team.lines)
        assert team.score_after == hand.scores_before[side] + team.points
        assert team.tricks == sum(hand.trick_winners.count(s) for s in rules.side_seats(side))
    out = replay_record(json.loads(json.dumps(hand.to_record())))
    assert out["legal"] and out["complete"] and out["matches_record"]


def match_discards(hand) -> int:
    """The two-handed discards a hand record's stock and draws give."""
    out = 0
    for turn, (_, kept) in enumerate(hand.draws):
        out |= 1 << hand.stock[2 * turn + (1 if kept else 0)]
    return out


def _play(rules: Rules, seed: int, hands: int = 2) -> Match:
    rng = random.Random(seed)
    match = Match(rules, seed)
    events = list(match.opening_events)
    seen = 0
    steps = 0
    while not match.is_over and len(match.history) < hands:
        if steps % 7 == 0:
            _check_views(match)
            _check_refusals(match, rng)
        actions = match.legal_actions()
        events += match.apply(actions[rng.randrange(len(actions))])
        steps += 1
        if len(match.history) > seen:
            cut = max(i for i, e in enumerate(events) if type(e).__name__ == "HandScored")
            _check_hand(match, match.history[seen], events[:cut])
            events = events[cut:]
            seen += 1
    if match.is_over:
        assert match.winner == max(range(rules.sides), key=lambda s: match.scores[s])
    return match


@pytest.mark.parametrize("players", [2, 3, 4])
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_random_legal_play_keeps_every_invariant(players, data, seed):
    _play(data.draw(table_rules(players)), seed)


@pytest.mark.parametrize("name", ["cutthroat", "two-handed"])
def test_a_preset_match_plays_to_its_end(name):
    from spades.engine.rules import SEAT_PRESETS

    # A low target so that random play ends the match within a few hands.
    match = _play(SEAT_PRESETS[name].with_options(target=60, mercy=-60), 11, hands=40)
    assert match.is_over and len(match.scores) == match.rules.seats
