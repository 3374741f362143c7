"""Random legal matches under random rule sets keep every invariant (hypothesis).

Each example draws a valid rule set (the variants' options among them: bidding style,
deck, nil card passing, 10-for-200, Boston), a starting position (dealer, a shuffled
deal of the rule set's deck, scores that may open blind nil, bags) and a seed for the
random.Random that picks uniformly among ``match.legal_actions()``. Matches are cut
after a few hands. The last tests run the same checks under each variant preset.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spades_support import FORCED_LEAD_DEAL, text_suit, winner_offset

from spades.engine.actions import LOOK, Bid, PassCards, Play, TrickWon
from spades.engine.cards import (
    CARD_IDS,
    JOKERS_REMOVED,
    SUIT_MASKS,
    card_text,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from spades.engine.legal import BLIND_NIL, legal_cards
from spades.engine.match import OVER, PLAYING, HandResult, Match
from spades.engine.playout import random_tricks
from spades.engine.record import replay_record
from spades.engine.rules import BIDDING_STYLES, DECKS, PRESETS, STANDARD, VARIANT_PRESETS, Rules

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_HANDS = 3
CANDIDATES = [Bid(b) for b in range(-1, 14)] + [LOOK] + [Play(c) for c in range(CARD_IDS)]
PASS_CANDIDATES = {
    n: [PassCards(cards) for cards in combinations(range(CARD_IDS), n)] for n in (1, 2)
}
VARIANTS = ("suicide", "mirror", "whiz", "jokers", "deuces")


# --- strategies --------------------------------------------------------------------


@st.composite
def custom_rules(draw) -> Rules:
    """Any valid combination of options: only the combinations Rules accepts."""
    bidding = draw(st.sampled_from(BIDDING_STYLES))
    nil = bidding != "free" or draw(st.booleans())
    target = draw(st.sampled_from([100, 200, 300, 500]) | st.integers(1, 600))
    return Rules(
        bidding=bidding,
        deck=draw(st.sampled_from(DECKS)),
        jokers_removed=draw(st.sampled_from(sorted(JOKERS_REMOVED))),
        nil_pass=draw(st.sampled_from([0, 1, 2])) if nil else 0,
        ten_for_200=draw(st.booleans()),
        ten_for_200_set=draw(st.sampled_from([200, 100]) | st.integers(0, 300)),
        boston=draw(st.booleans()),
        boston_value=draw(st.sampled_from(["win", 500, 200]) | st.integers(0, 600)),
        nil=nil,
        blind_nil=draw(st.booleans()) if nil and bidding != "mirror" else False,
        blind_nil_deficit=draw(st.sampled_from([0, 50, 100]) | st.integers(0, 400)),
        team_cap_13=draw(st.booleans()),
        min_team_bid=draw(st.sampled_from([0, 4]) | st.integers(0, 13)),
        max_nils_per_team=draw(st.sampled_from([1, 2])),
        spades_lead_anytime=draw(st.booleans()),
        forced_spade_lead_breaks=draw(st.booleans()),
        failed_nil_tricks=draw(st.sampled_from(["count", "bags"])),
        nil_value=draw(st.integers(0, 250)),
        blind_nil_value=draw(st.integers(0, 500)),
        bag_penalty=draw(st.booleans()),
        bag_limit=draw(st.sampled_from([10, 5]) | st.integers(1, 15)),
        bag_penalty_points=draw(st.integers(0, 200)),
        target=target,
        mercy=draw(st.none() | st.integers(-400, target - 1)),
    )


rule_sets = (
    st.sampled_from(list(PRESETS.values()) + list(VARIANT_PRESETS.values())) | custom_rules()
)


@dataclass
class Setup:
    rules: Rules
    seed: int
    start: dict

    def match(self) -> Match:
        return Match(self.rules, self.seed, start=self.start)


@st.composite
def setups(draw, rules_from=rule_sets) -> Setup:
    rules = draw(rules_from)
    seed = draw(st.integers(0, 2**32))
    deck = cards_of(rules.cards)
    random.Random(seed).shuffle(deck)
    hands = tuple(mask_of(deck[13 * s : 13 * s + 13]) for s in range(4))
    # Scores a match can stand at before a hand: below the target and above the mercy
    # line, or level (equal totals play on, even past the target).
    low = -250 if rules.mercy is None else max(-250, rules.mercy + 1)
    high = min(550, rules.target - 1)
    if draw(st.integers(0, 4)) and low <= high:  # level scores one time in five
        scores = draw(st.lists(st.integers(low, high), min_size=2, max_size=2))
    else:
        scores = [draw(st.integers(-250, 550))] * 2
    limit = rules.bag_limit - 1 if rules.bag_penalty else 0
    bags = draw(st.lists(st.integers(0, limit), min_size=2, max_size=2))
    start = {"dealer": draw(st.integers(0, 3)), "hands": hands, "scores": scores, "bags": bags}
    return Setup(rules, seed, start)


play_seeds = st.integers(0, 2**32)


def steps(match: Match, rng: random.Random, max_hands: int = MAX_HANDS, max_actions=None):
    """Apply random legal actions, yielding (action, events) after each."""
    done = 0
    while match.phase != OVER and len(match.history) < max_hands:
        if max_actions is not None and done >= max_actions:
            return
        actions = match.legal_actions()
        assert actions, "a live match always has a legal action"
        action = actions[int(rng.random() * len(actions))]
        events = match.apply(action)
        done += 1
        yield action, events


def run(match: Match, rng: random.Random, **kwargs) -> None:
    for _ in steps(match, rng, **kwargs):
        pass


# --- independent oracles (RULES.md, from card text) ----------------------------------------


DECK = ["standard"]  # the deck option of the rules under test, for suit_letter


def suit_letter(card: int, deck: str | None = None) -> str:
    return text_suit(card_text(card), deck or DECK[0])


def after_passes(hands, passes) -> list[int]:
    """The hands as they are after the nil card passing: each pair swaps what it passed."""
    held = list(hands)
    for (a, given_a), (b, given_b) in zip(passes[::2], passes[1::2], strict=True):
        assert b == (a + 2) % 4
        for card in given_a:
            held[a] ^= 1 << card
            held[b] ^= 1 << card
        for card in given_b:
            held[b] ^= 1 << card
            held[a] ^= 1 << card
    return held


def check_hand_play(result: HandResult) -> None:
    """Replay a finished hand from its deal and check every card against RULES.md."""
    DECK[0] = result.rules.deck
    assert len(result.plays) == 52
    assert len(set(result.plays)) == 52
    assert mask_of(result.plays) == result.rules.cards
    assert len(result.trick_winners) == 13
    assert len(result.passes) == 2 * len(passers(result.rules, dict(result.bids)))
    held = after_passes(result.hands, result.passes)
    leader = (result.dealer + 1) % 4
    broken = False
    for t in range(13):
        cards = result.plays[4 * t : 4 * t + 4]
        seats = [(leader + i) % 4 for i in range(4)]
        led = suit_letter(cards[0])
        for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            hand = [c for c in cards_of(held[seat])]
            assert card in hand, "a seat plays only its own cards"
            if i == 0:
                if led == "S" and not broken and not result.rules.spades_lead_anytime:
                    assert all(suit_letter(c) == "S" for c in hand), "spade led unbroken"
                    broken = broken or result.rules.forced_spade_lead_breaks
            elif suit_letter(card) != led:
                assert all(suit_letter(c) != led for c in hand), "must follow suit"
                broken = broken or suit_letter(card) == "S"
            held[seat] &= ~(1 << card)
        winner = seats[winner_offset(cards, result.rules.deck)]
        assert result.trick_winners[t] == winner
        leader = winner
    assert held == [0, 0, 0, 0]


def passers(rules: Rules, bids: dict) -> list[int]:
    """The nil bidders whose partner did not bid nil, when cards are passed."""
    if not rules.nil_pass:
        return []
    return [s for s in range(4) if bids[s] <= 0 and bids[(s + 2) % 4] > 0]


def expected_team(rules: Rules, bids, tricks, score_before: int, bags_before: int):
    """(points, bags gained, score after, bags after) of one team, straight from RULES.md."""
    contract = sum(b for b in bids if b > 0)
    points = gained = 0
    if rules.failed_nil_tricks == "bags":
        counted = sum(t for b, t in zip(bids, tricks, strict=True) if b > 0)
        nil_tricks = sum(t for b, t in zip(bids, tricks, strict=True) if b <= 0)
        points += nil_tricks
        gained += nil_tricks
    else:
        counted = sum(tricks)
    if contract == 0:
        points += counted
        gained += counted
    elif counted >= contract:
        if rules.boston and contract == counted == 13 and rules.boston_value != "win":
            points += rules.boston_value
        elif rules.ten_for_200 and contract >= 10:
            points += 200 + counted - contract
        else:
            points += 10 * contract + counted - contract
        gained += counted - contract
    elif rules.ten_for_200 and contract >= 10:
        points -= rules.ten_for_200_set
    else:
        points -= 10 * contract
    for bid, took in zip(bids, tricks, strict=True):
        if bid == 0:
            points += rules.nil_value if took == 0 else -rules.nil_value
        elif bid == BLIND_NIL:
            points += rules.blind_nil_value if took == 0 else -rules.blind_nil_value
    bags_after = 0
    if rules.bag_penalty:
        bags_after = bags_before + gained
        while bags_after >= rules.bag_limit:
            bags_after -= rules.bag_limit
            points -= rules.bag_penalty_points
    else:
        gained = 0
    return points, gained, score_before + points, bags_after


def expected_winner(rules: Rules, scores, result: HandResult | None = None) -> int | None:
    if result is not None and rules.boston and rules.boston_value == "win":
        for t in (0, 1):
            bids = dict(result.bids)
            if bids[t] + bids[t + 2] == 13 and min(bids[t], bids[t + 2]) >= 0 and all(
                w in (t, t + 2) for w in result.trick_winners
            ) and (rules.failed_nil_tricks == "count" or all(
                bids[w] > 0 for w in result.trick_winners
            )):
                return t
    us, them = scores
    ended = max(us, them) >= rules.target or (
        rules.mercy is not None and min(us, them) <= rules.mercy
    )
    if not ended or us == them:
        return None
    return 0 if us > them else 1


def oracle_legal_actions(match: Match) -> list[str]:
    """The legal actions of the seat to act, worked out from RULES.md and card text."""
    rules = match.rules
    DECK[0] = rules.deck
    seat = match.to_act
    if match.phase == "passing":
        hand = cards_of(match.hands[seat])
        return sorted(
            " ".join(card_text(c) for c in cards)
            for cards in combinations(hand, rules.nil_pass)
        )
    if match.phase == PLAYING:
        hand = cards_of(match.hands[seat])
        plays = match.plays
        if match.trick:
            led = suit_letter(match.trick[0][1])
            follow = [c for c in hand if suit_letter(c) == led]
            return sorted(card_text(c) for c in follow or hand)
        broken = False
        for start in range(0, len(plays), 4):
            trick = plays[start : start + 4]
            led = suit_letter(trick[0])
            broken = broken or (led == "S" and rules.forced_spade_lead_breaks)
            broken = broken or any(suit_letter(c) == "S" for c in trick[1:]) and led != "S"
        plain = [c for c in hand if suit_letter(c) != "S"]
        if broken or rules.spades_lead_anytime or not plain:
            return sorted(card_text(c) for c in hand)
        return sorted(card_text(c) for c in plain)

    partner_bid = match.bids[(seat + 2) % 4]

    def team_ok(mine: int, partners: int) -> bool:
        if rules.bidding == "suicide":
            if (mine <= 0) == (partners <= 0) or max(mine, partners) < 4:
                return False
        if mine <= 0 and partners <= 0 and rules.max_nils_per_team == 1:
            return False
        ordinary = max(mine, 0) + max(partners, 0)
        if rules.team_cap_13 and ordinary > 13:
            return False
        return ordinary >= rules.min_team_bid

    spades = sum(suit_letter(c) == "S" for c in cards_of(match.hands[seat]))

    def allowed(bid: int) -> bool:
        if rules.bidding in ("mirror", "whiz"):  # the spades held set the bid
            second_nil = (rules.bidding == "whiz" and rules.max_nils_per_team == 1
                          and partner_bid is not None and partner_bid <= 0 and bid <= 0)
            if second_nil and (bid == BLIND_NIL or spades > 0):
                return False  # one nil a team: a player holding spades bids them
            return bid == BLIND_NIL or (bid == 0 and rules.bidding == "whiz") or bid == spades
        if rules.bidding == "suicide" and partner_bid is None and 0 < bid < 4:
            return False
        if partner_bid is not None:
            return team_ok(bid, partner_bid)
        return any(team_ok(bid, p) for p in range(0 if rules.nil else 1, 14))

    us = seat % 2
    trailing = match.scores[1 - us] - match.scores[us] >= rules.blind_nil_deficit
    seen = False  # whether the seat looked: a LOOK of its own among this hand's bidding
    for action, actor in zip(reversed(match.actions), reversed(match.actors), strict=True):
        if isinstance(action, Play):
            break
        seen = seen or (action == LOOK and actor == seat)
    if rules.blind_nil and trailing and allowed(BLIND_NIL) and not seen:
        return sorted(["blind_nil", "look"])
    return sorted(str(b) if b else "nil" for b in range(0 if rules.nil else 1, 14) if allowed(b))


# --- properties ----------------------------------------------------------------------


@SETTINGS
@given(setups(), play_seeds)
def test_52_cards_are_conserved(setup, play_seed):
    match = setup.match()
    check_cards_conserved(match, random.Random(play_seed))


def check_cards_conserved(match: Match, rng: random.Random) -> None:
    for _ in steps(match, rng):
        if match.phase == OVER:
            break
        hands = match.hands
        # Cards passed face down and not yet taken up are in no hand for a moment.
        moving = 0
        for s in range(4):
            if not match.received[(s + 2) % 4]:
                moving |= match.passed[s]
        assert sum(h.bit_count() for h in hands) + len(match.plays) + moving.bit_count() == 52
        played = mask_of(match.plays)
        assert len(match.plays) == played.bit_count()
        union = played | moving
        for h in hands:
            assert union & h == 0
            union |= h
        assert union == match.rules.cards
        assert match.view(0).played == played
        assert sum(match.tricks_won) == len(match.trick_winners) == len(match.plays) // 4
        assert len(match.trick) == len(match.plays) % 4
        dealt = match.dealt
        assert dealt[0] | dealt[1] | dealt[2] | dealt[3] == match.rules.cards


@SETTINGS
@given(setups(), play_seeds)
def test_thirteen_tricks_a_hand_and_every_card_legal(setup, play_seed):
    match = setup.match()
    check_hands_legal(match, random.Random(play_seed))


def check_hands_legal(match: Match, rng: random.Random) -> None:
    run(match, rng)
    assert match.history
    for result in match.history:
        check_hand_play(result)
        assert sum(team.tricks for team in result.teams) == 13
        assert len(result.bids) == 4


@SETTINGS
@given(setups(), play_seeds)
def test_each_trick_goes_to_the_card_the_rules_say(setup, play_seed):
    match = setup.match()
    tricks = 0
    for _, events in steps(match, random.Random(play_seed)):
        for event in events:
            if isinstance(event, TrickWon):
                tricks += 1
                assert len(event.cards) == 4
                offset = winner_offset(event.cards, setup.rules.deck)
                assert event.seat == (event.leader + offset) % 4
    assert tricks == 13 * len(match.history) + len(match.trick_winners) * (
        match.phase != OVER
    )


@SETTINGS
@given(setups(), play_seeds)
def test_scores_follow_the_rules(setup, play_seed):
    check_scores(setup, random.Random(play_seed))


def check_scores(setup: Setup, rng: random.Random) -> None:
    match = setup.match()
    run(match, rng)
    scores, bags = list(setup.start["scores"]), list(setup.start["bags"])
    for n, result in enumerate(match.history):
        assert list(result.scores_before) == scores and list(result.bags_before) == bags
        bids = dict(result.bids)
        assert sorted(bids) == [0, 1, 2, 3]
        won = [result.trick_winners.count(s) for s in range(4)]
        for t, team in enumerate(result.teams):
            seats = (t, t + 2)
            assert team.points == sum(line.points for line in team.lines)
            assert team.bags == sum(line.bags for line in team.lines)
            assert team.score_after == scores[t] + team.points
            assert team.tricks == won[t] + won[t + 2]
            assert team.contract == sum(max(bids[s], 0) for s in seats)
            expected = expected_team(
                setup.rules, [bids[s] for s in seats], [won[s] for s in seats],
                scores[t], bags[t],
            )
            assert (team.points, team.bags, team.score_after, team.bags_after) == expected
        scores, bags = list(result.scores_after), list(result.bags_after)
        winner = expected_winner(setup.rules, scores, result)
        last = n == len(match.history) - 1
        assert (winner is None) is (not last or match.phase != OVER)
        if last and match.phase == OVER:
            assert match.winner == winner
    assert match.scores == scores and match.bags == bags


@SETTINGS
@given(setups(), play_seeds)
def test_bags_stay_in_range(setup, play_seed):
    match = setup.match()
    limit = setup.rules.bag_limit
    for _ in steps(match, random.Random(play_seed)):
        for bags in match.bags:
            if setup.rules.bag_penalty:
                assert 0 <= bags < limit
            else:
                assert bags == 0
    for result in match.history:
        for team in result.teams:
            assert team.bags >= 0
            if not setup.rules.bag_penalty:
                assert team.bags == team.bags_after == 0


@SETTINGS
@given(setups(), play_seeds, st.integers(0, 200), st.integers(0, 200))
def test_undo_then_redo_gives_the_same_state(setup, play_seed, cut, back):
    match = setup.match()
    rng = random.Random(play_seed)
    states = [match.state()]
    for _ in steps(match, rng, max_actions=cut):
        states.append(match.state())
    actions = list(match.actions)
    assert len(states) == len(actions) + 1
    final = match.state()
    k = back % (len(actions) + 1)
    match.undo(k)
    assert match.state() == states[len(actions) - k]
    assert match.actions == actions[: len(actions) - k]
    for action in actions[len(actions) - k :]:
        match.apply(action)
    assert match.state() == final
    assert match.actions == actions


@SETTINGS
@given(setups(), play_seeds, st.integers(0, 200))
def test_save_then_load_gives_the_same_state(setup, play_seed, cut):
    match = setup.match()
    run(match, random.Random(play_seed), max_actions=cut)
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert loaded.state() == match.state()
    assert loaded.actions == match.actions
    assert loaded.legal_actions() == match.legal_actions()
    assert all(loaded.view(s) == match.view(s) for s in range(4))
    seeded = Match(setup.rules, setup.seed)  # no start position: the seed deals
    run(seeded, random.Random(play_seed), max_hands=1, max_actions=cut)
    again = Match.from_json(json.loads(json.dumps(seeded.to_json())))
    assert again.state() == seeded.state()


@SETTINGS
@given(setups(), play_seeds)
def test_views_hold_only_the_seats_own_cards(setup, play_seed):
    match = setup.match()
    for _ in steps(match, random.Random(play_seed), max_hands=2):
        for seat in range(4):
            view = match.view(seat)
            own = match.hands[seat]
            assert view.hand == (own if match.looked[seat] else 0)
            assert view.passed == match.passed[seat]
            assert view.received == match.received[seat]
            if view.received:  # taken up only once both partners passed
                assert match.passed[seat] and match.passed[(seat + 2) % 4] == view.received
            others = match.rules.cards & ~own & ~mask_of(match.plays)
            if match.phase != OVER:
                assert view.hand & others == 0
                assert view.unseen & view.hand == 0
                # What the view tells about the others is true and public.
                assert view.hand_sizes == tuple(h.bit_count() for h in match.hands)
                for other in range(4):
                    for suit in range(4):
                        if view.voids[other] >> suit & 1:
                            assert match.hands[other] & SUIT_MASKS[suit] == 0
            assert view.legal_actions() == (
                match.legal_actions() if seat == match.to_act and match.phase != OVER else []
            )


def swapped(hands, a: int, b: int, suit_cards) -> tuple[int, ...]:
    """The deal with seats a and b trading one card of the same suit each."""
    card_a, card_b = suit_cards
    out = list(hands)
    out[a] ^= (1 << card_a) | (1 << card_b)
    out[b] ^= (1 << card_a) | (1 << card_b)
    return tuple(out)


@settings(SETTINGS, max_examples=60)
@given(setups(), play_seeds, st.integers(0, 60), st.integers(0, 3), st.integers(0, 2))
def test_a_view_does_not_depend_on_the_hidden_cards(setup, play_seed, cut, seat, pick):
    """Trading unplayed same-suit cards between two other seats changes nothing the
    seat can see: no field of PlayerView exposes another seat's hand."""
    match = setup.match()
    run(match, random.Random(play_seed), max_hands=1, max_actions=cut)
    if match.history:
        return
    others = [s for s in range(4) if s != seat]
    a, b = others[pick], others[(pick + 1) % 3]
    DECK[0] = setup.rules.deck
    for suit in "SHDC":
        # Cards dealt to the seat and still held: not passed on, not taken up.
        cards_a = [c for c in cards_of(match.hands[a] & match.dealt[a]) if suit_letter(c) == suit]
        cards_b = [c for c in cards_of(match.hands[b] & match.dealt[b]) if suit_letter(c) == suit]
        if cards_a and cards_b:
            break
    else:
        return
    start = dict(setup.start, hands=swapped(setup.start["hands"], a, b, (cards_a[0], cards_b[0])))
    twin = Match(setup.rules, setup.seed, start=start)
    for action in match.actions:
        twin.apply(action)
    assert twin.hands[a] != match.hands[a]
    assert twin.view(seat) == match.view(seat)
    if match.looked[a]:
        assert twin.view(a) != match.view(a)  # the twin really differs where it may


@SETTINGS
@given(setups(), play_seeds)
def test_legal_actions_are_exactly_the_unrefused_ones(setup, play_seed):
    match = setup.match()
    check_legal_actions(match, random.Random(play_seed))


def check_legal_actions(match: Match, rng: random.Random) -> None:
    for _ in steps(match, rng, max_hands=1):
        if match.phase == OVER:
            break
        candidates = CANDIDATES + PASS_CANDIDATES.get(match.rules.nil_pass, [])
        unrefused = [a for a in candidates if match.refusal(a) is None]
        legal = sorted(map(str, match.legal_actions()))
        assert sorted(map(str, unrefused)) == legal
        assert oracle_legal_actions(match) == legal
        if match.phase == PLAYING:
            seat = match.to_act
            mask = legal_cards(
                match.hands[seat], match.led_suit, match.spades_broken,
                match.rules.spades_lead_anytime,
            )
            assert mask == match.legal_card_mask()


@SETTINGS
@given(setups(), play_seeds)
def test_an_exported_hand_record_replays_to_the_same_result(setup, play_seed):
    check_records(setup.match(), random.Random(play_seed))


def check_records(match: Match, rng: random.Random) -> None:
    run(match, rng, max_hands=2)
    rules = match.rules
    for i, result in enumerate(match.history):
        record = json.loads(json.dumps(result.to_record()))
        out = replay_record(record)
        state = out.pop("match")
        assert out == {
            "legal": True, "complete": True, "result": record["result"], "matches_record": True
        }
        # Where the hand left the match, as the match itself has it.
        ended = i == len(match.history) - 1 and match.phase == OVER
        scores = list(result.scores_after)
        assert state["scores"] == scores and state["bags"] == list(result.bags_after)
        assert state["over"] is ended and state["winner"] == (match.winner if ended else None)
        boston = any(line["kind"] == "boston" and line["points"] == 0
                     for team in record["result"]["teams"] for line in team["breakdown"])
        assert state["won_by"] == (None if not ended else "boston" if boston
                                   else "target" if max(scores) >= rules.target else "mercy")


@settings(SETTINGS, max_examples=80)
@given(setups(), play_seeds, st.integers(0, 12))
def test_fast_playout_agrees_with_the_match(setup, play_seed, tricks_first):
    match = setup.match()
    rng = random.Random(play_seed)

    def at_boundary() -> bool:
        return (
            match.phase == PLAYING and not match.trick
            and len(match.trick_winners) == tricks_first
        )

    if not at_boundary():  # under Mirror the first trick's boundary comes with the deal
        for _ in steps(match, rng, max_hands=1):
            if at_boundary():
                break
    if not at_boundary():
        raise AssertionError("every hand passes each trick boundary")
    check_playout(match, rng.random)


def check_playout(match: Match, rand) -> None:
    """Run the fast playout from the match's trick boundary with a trace, then replay
    its cards through the match: same legal masks, all accepted, same trick winners."""
    assert match.phase == PLAYING and not match.trick
    tricks_first = len(match.trick_winners)
    hand_number = match.hand_number
    before = list(match.trick_winners)
    trace: list[tuple[int, int]] = []
    won = random_tricks(
        list(match.hands), match.to_act, match.spades_broken, match.rules, rand,
        tricks_won=list(match.tricks_won), trace=trace,
    )
    assert len(trace) == 4 * (13 - tricks_first)
    for mask, card in trace:
        assert mask == match.legal_card_mask()
        assert mask == legal_cards(
            match.hands[match.to_act], match.led_suit, match.spades_broken,
            match.rules.spades_lead_anytime,
        )
        assert sorted(card_text(c) for c in cards_of(mask)) == oracle_legal_actions(match)
        assert mask >> card & 1
        match.apply(Play(card))
    result = next(h for h in match.history if h.hand_number == hand_number)
    assert list(result.trick_winners[: len(before)]) == before
    assert [result.trick_winners.count(s) for s in range(4)] == won
    cards = [card for _, card in trace]
    seat = before[-1] if before else (result.dealer + 1) % 4
    winners = []
    for t in range(13 - tricks_first):
        trick = cards[4 * t : 4 * t + 4]
        seat = (seat + winner_offset(trick, match.rules.deck)) % 4
        winners.append(seat)
    assert winners == list(result.trick_winners[tricks_first:])


@pytest.mark.parametrize("breaks", [False, True])
@pytest.mark.parametrize("anytime", [False, True])
def test_fast_playout_after_a_forced_spade_lead(breaks, anytime):
    rules = STANDARD.with_options(forced_spade_lead_breaks=breaks, spades_lead_anytime=anytime)
    for seed in range(8):
        match = Match(rules, seed, start={"dealer": 3, "hands": FORCED_LEAD_DEAL})
        for bid in (9, 2, 1, 1):
            match.apply(Bid(bid))
        for text in ("6H", "4H", "3H", "2H"):
            match.apply(Play(parse_card(text)))
        rng = random.Random(seed)
        while len(match.trick_winners) < 9:  # South leads hearts, the others discard
            plain = [a for a in match.legal_actions() if card_text(a.card)[1] != "S"]
            match.apply(plain[int(rng.random() * len(plain))] if plain else
                        match.legal_actions()[0])
        assert match.trick_winners == [0] * 9
        assert match.hands[0] == mask_of(parse_cards("2S 3S 4S 5S"))
        assert match.spades_broken is False
        check_playout(match, rng.random)


# --- the same properties under each variant ---------------------------------------------


def variant_rules(name: str):
    """The variant preset, alone or with the other options drawn at random."""
    base = VARIANT_PRESETS[name]
    return st.just(base) | st.builds(
        lambda nil_pass, ten, boston, value, deck: replace(
            base, nil_pass=nil_pass, ten_for_200=ten, boston=boston, boston_value=value,
            deck=deck if base.deck == "standard" else base.deck,
        ),
        st.sampled_from([0, 1, 2]), st.booleans(), st.booleans(),
        st.sampled_from(["win", 500, 250]), st.sampled_from(DECKS),
    )


@pytest.mark.parametrize("name", VARIANTS)
@settings(SETTINGS, max_examples=15)
@given(data=st.data())
def test_every_property_under_each_variant(name, data):
    """Cards conserved, every card legal, scores the sum of the hands' results, no
    illegal action accepted, records and saves replaying: under each variant."""
    setup = data.draw(setups(variant_rules(name)))
    play_seed = data.draw(play_seeds)
    base = VARIANT_PRESETS[name]
    assert setup.rules.bidding == base.bidding
    assert setup.rules.deck == base.deck or base.deck == "standard"
    check_cards_conserved(setup.match(), random.Random(play_seed))
    check_hands_legal(setup.match(), random.Random(play_seed))
    check_scores(setup, random.Random(play_seed))
    check_legal_actions(setup.match(), random.Random(play_seed))
    check_records(setup.match(), random.Random(play_seed))
    match = setup.match()
    run(match, random.Random(play_seed), max_actions=data.draw(st.integers(0, 120)))
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert loaded.state() == match.state()
