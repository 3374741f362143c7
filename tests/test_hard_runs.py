"""Hard's candidate cards at four seats: one card per run of touching cards, where the
cards of the trick in progress keep two of one's own apart (issue 53's fix)."""

from __future__ import annotations

from spades.ai.hard import HardPlayer, SearchThinker, _same_run, candidate_cards, settled
from spades.ai.play import sound_cards
from spades.ai.position import Position
from spades.engine.actions import LOOK, Bid, Play
from spades.engine.cards import SUIT_OF, cards_of, mask_of, parse_cards
from spades.engine.match import Match
from spades.engine.rules import preset
from spades.measure import make_player
from spades.measure.tournament import situation

STANDARD = preset("standard")


def _mask(text: str) -> int:
    return mask_of(parse_cards(text))


def _nine_and_queen_with_the_jack_led():
    """Seat 2's view holding the 9 and the queen of hearts (and spades), the 10 of hearts
    won by seat 0 in the first trick, seat 0 leading the jack of hearts in the second, seat 1 under
    it: the queen wins the trick, the 9 does not."""
    hands = (
        _mask("TH JH AC KC QC JC TC 9C 8C 7C 6C 5C 4C"),
        _mask("2H 5H 6H 7H 8H AD KD QD JD TD 9D 8D 7D"),
        _mask("3H 9H QH AS KS QS JS TS 9S 8S 7S 6S 5S"),
        _mask("4H KH AH 3C 2C 6D 5D 4D 3D 2D 4S 3S 2S"),
    )
    match = Match(STANDARD, 0, start={"dealer": 3, "hands": hands, "scores": [0, 0],
                                      "bags": [0, 0]})
    while match.phase != "playing":
        actions = match.legal_actions()
        match.apply(LOOK if LOOK in actions else Bid(3))
    for card in parse_cards("TH 2H 3H 4H JH 5H"):
        match.apply(Play(card))
    assert match.to_act == 2
    return match.view(2)


def test_the_jack_on_the_table_keeps_the_nine_and_the_queen_apart():
    view = _nine_and_queen_with_the_jack_led()
    nine, queen = parse_cards("9H QH")
    legal = _mask("9H QH")
    assert mask_of(a.card for a in view.legal_actions()) == legal
    # After the trick the jack is gone and they touch; in it, only the queen wins.
    assert candidate_cards(legal, view.hand, view.played) == [nine]
    assert candidate_cards(legal, view.hand, settled(view)) == [nine, queen]
    assert not _same_run(nine, queen, view.hand, settled(view))
    thinker = HardPlayer(1, rollouts=8).think(view)
    assert isinstance(thinker, SearchThinker) and thinker.candidates == [nine, queen]
    # hard before the fix saw one candidate and searched nothing
    old = make_player("hard-trick-gone", 1, rollouts=8).think(view)
    assert not isinstance(old, SearchThinker) and old.finish() == Play(nine)


def _beats(a: int, b: int) -> bool:
    """Whether card ``a`` beats ``b`` in a trick (standard deck: spades, the cards from
    39 up, are trumps; otherwise only a higher card of the same suit), as the engine
    rules a trick."""
    return a > b and (a >= 39 or SUIT_OF[a] == SUIT_OF[b])


def _mid_trick_views(games: int):
    for game in range(games):
        sit = situation(5353, game, False, STANDARD)
        match = Match(STANDARD, 0, start={k: sit[k] for k in ("dealer", "hands", "scores",
                                                                "bags")})
        players = [make_player("normal", seed=f"runs/{game}/{s}") for s in range(4)]
        while not match.history:
            view = match.view(match.to_act)
            if match.phase == "playing" and view.trick:
                yield view
            match.apply(players[match.to_act].choose(view))


def test_cards_folded_together_play_alike_in_the_trick_in_progress():
    """Over the mid-trick decisions of four normal players: two cards folded into one
    candidate beat exactly the same cards of the trick on the table. Counting the
    trick's cards as gone (the code before the fix) breaks this on these games."""
    checked = broken_before = 0
    for view in _mid_trick_views(6):
        position = Position.from_view(view)
        legal = sound_cards(position, view.seat, position.legal())
        on_table = [card for _, card in view.trick]
        for gone, count_broken in ((settled(view), False), (view.played, True)):
            candidates = candidate_cards(legal, view.hand, gone)
            for card in cards_of(legal):
                if card in candidates:
                    continue
                twin = max(c for c in candidates
                           if c < card and _same_run(c, card, view.hand, gone))
                alike = all(_beats(card, b) == _beats(twin, b) for b in on_table)
                if count_broken:
                    broken_before += not alike
                else:
                    checked += 1
                    assert alike, (view.hand, view.trick, card, twin)
    assert checked >= 50 and broken_before >= 1
