"""Hand records (format ``spades-hand/1``): checking one against the rules, replaying it.

A record is the firm interchange format of DESIGN.md. Replaying goes through the same
match state machine as play, so a record is legal exactly when a game could produce it.
"""

from __future__ import annotations

import reprlib
from typing import Any

from .actions import DISCARD, KEEP, LOOK, Bid, PassCards, Play
from .cards import cards_of as cards_of_mask
from .cards import cards_text, parse_card
from .hand import HAND_FORMAT
from .legal import BLIND_NIL, bid_refusal, parse_bid, seat_name, spades_held
from .match import BIDDING, DRAWING, PASSING, Match, SaveError, read_start
from .rules import Rules, RulesError
from .scoring import match_end


def _echo(value: object) -> object:
    """The refused value as the output shows it: itself when short (a pass's few cards
    too), else a brief repr."""
    if value is None or isinstance(value, bool | int | float) or (
        isinstance(value, str) and len(value) <= 40
    ):
        return value
    if isinstance(value, list) and len(value) <= 4 and all(
            isinstance(v, str) and len(v) <= 3 for v in value):
        return value
    return reprlib.repr(value)


RECORD_START = ("dealer", "hands", "stock", "scores_before", "bags_before")


def _illegal(
    kind: str, index: int, seat: int, value: object, reason: str, seats: int = 4
) -> dict[str, Any]:
    return {
        "legal": False,
        "illegal": {
            "kind": kind,
            "index": index,
            "seat": seat,
            "seat_name": seat_name(seat, seats) if 0 <= seat < seats else "?",
            "action": _echo(value),
            "reason": reason,
        },
    }


def _summary(result: dict[str, Any]) -> dict[str, Any]:
    return {
        "trick_winners": result["trick_winners"],
        "scores_after": result["scores_after"],
        "bags_after": result["bags_after"],
        "teams": [
            {k: t[k] for k in ("contract", "tricks", "points", "bags")} for t in result["teams"]
        ],
    }


def start_match(record: Any, seed: Any = 0) -> Match:
    """A match positioned at the start of the recorded hand, before any bid."""
    if not isinstance(record, dict):
        raise SaveError("a hand record must be a JSON object")
    if record.get("format") != HAND_FORMAT:
        raise SaveError(
            f"unknown record format {reprlib.repr(record.get('format'))}; expected {HAND_FORMAT}"
        )
    try:
        rules = Rules.from_dict(record.get("rules", {}), any_seats=True)
    except (RulesError, TypeError) as exc:
        raise SaveError(f"rules: {exc}") from None
    # Only the record's own keys: a save's start also reads "scores", "bags" and
    # "hand_number", which a record does not have (docs/records.md). Two-handed
    # starts from the stock; its "hands" are what the draw gave (replay checks them).
    start = {key: record[key] for key in RECORD_START if key in record
             and not (key == "hands" and rules.draws)}
    return Match(rules, seed, start=read_start(start, rules))


def replay_record(record: Any) -> dict[str, Any]:
    """Check every bid and card; return the result, or the first illegal action.

    A record may stop early (a position cut at a decision point): then the result is
    absent and ``complete`` is false. When the record states a result,
    ``matches_record`` says whether the replay reached the same one. ``match`` says
    where the hand leaves the match: scores, bags, and whether it is over, won by which
    team and how. docs/records.md describes every key.
    """
    match = start_match(record)
    rules = match.rules
    deck = rules.cards
    seats = rules.seats
    bids = record.get("bids", [])
    passes = record.get("passes", [])
    plays = record.get("plays", [])
    draws = record.get("draws", [])
    if not isinstance(bids, list) or not isinstance(plays, list) or not isinstance(passes, list):
        raise SaveError("bids, passes and plays must be lists")
    if not isinstance(draws, list):
        raise SaveError("draws must be a list")
    illegal = _replay_draws(match, record, draws)
    if illegal is not None:
        return illegal
    for i, entry in enumerate(bids):
        if not (
            isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
            and 0 <= entry[0] < seats
        ):
            raise SaveError(f"bid {i} must be [seat, bid] with a seat from 0 to {seats - 1}")
        seat, value = entry
        try:
            bid = parse_bid(value, rules.tricks)
        except ValueError as exc:
            return _illegal("bid", i, seat, value, str(exc), seats)
        if i < len(match.bid_order):
            # A bid the match made for the seat (Mirror): the record must agree.
            if match.bid_order[i] == (seat, bid):
                continue
            made_for = match.bid_order[i][0]
            reason = (
                bid_refusal(match.rules, bid, None, False, True, spades_held(match.dealt[seat]))
                if made_for == seat else
                f"It is {seat_name(made_for)}'s turn, not {seat_name(seat)}'s"
            ) or "The bidding is over"
            return _illegal("bid", i, seat, value, reason)
        if match.phase == DRAWING:
            return _illegal("bid", i, seat, value, match.refusal(Bid(bid)) or "", seats)
        if match.phase != BIDDING:
            return _illegal("bid", i, seat, value, "The bidding is over", seats)
        if bid != BLIND_NIL and seat == match.to_act and not match.looked[seat]:
            match.apply(LOOK)
        reason = match.refusal(Bid(bid), seat)
        if reason:
            return _illegal("bid", i, seat, value, reason, seats)
        match.apply(Bid(bid))
    for i, entry in enumerate(passes):
        if not (
            isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
            and 0 <= entry[0] < 4 and isinstance(entry[1], list)
            and all(isinstance(t, str) for t in entry[1])
        ):
            raise SaveError(f"pass {i} must be [seat, [cards]] with a seat from 0 to 3")
        seat, texts = entry
        if match.phase != PASSING:
            return _illegal("pass", i, seat, texts, "No cards are passed now")
        try:
            action = PassCards(tuple(parse_card(t, deck) for t in texts))
        except ValueError as exc:
            return _illegal("pass", i, seat, texts, str(exc))
        reason = match.refusal(action, seat)
        if reason:
            return _illegal("pass", i, seat, texts, reason)
        match.apply(action)
    for i, text in enumerate(plays):
        if match.history:
            last_winner = match.history[0].trick_winners[-1]
            return _illegal(
                "play", i, last_winner, text,
                f"The hand is over: all {rules.tricks * seats} cards have been played", seats,
            )
        seat = match.to_act
        try:
            card = parse_card(text, deck) if isinstance(text, str) else -1
        except ValueError:
            card = -1
        if card < 0:
            return _illegal("play", i, seat, text, f"not a card: {reprlib.repr(text)}", seats)
        reason = match.refusal(Play(card))
        if reason:
            return _illegal("play", i, seat, text, reason, seats)
        match.apply(Play(card))
    stated = record.get("result")
    if not match.history:
        out: dict[str, Any] = {
            "legal": True, "complete": False, "bids": len(bids), "plays": len(plays)
        }
        if stated is not None:
            out["matches_record"] = False  # a result the cards never reach
        return out
    hand = match.history[0]
    result = hand.to_record()["result"]
    winner, won_by = match_end(match.rules, hand.teams, hand.scores_after)
    out = {"legal": True, "complete": True, "result": result, "match": {
        "scores": list(hand.scores_after), "bags": list(hand.bags_after),
        "over": winner is not None, "winner": winner, "won_by": won_by,
    }}
    if stated is not None:
        try:
            out["matches_record"] = _summary(stated) == _summary(result)
        except (KeyError, TypeError, AttributeError):
            out["matches_record"] = False
    return out


def _replay_draws(match: Match, record: dict[str, Any], draws: list) -> dict[str, Any] | None:
    """Take the match through a two-handed record's draw; the first illegal draw, if
    any. A record's ``hands`` must be the hands its stock and draws give."""
    seats = match.rules.seats
    for i, entry in enumerate(draws):
        if not (
            isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int
            and 0 <= entry[0] < seats and entry[1] in ("keep", "discard")
        ):
            raise SaveError(f'draw {i} must be [seat, "keep" or "discard"]')
        seat, choice = entry
        action = KEEP if choice == "keep" else DISCARD
        reason = match.refusal(action, seat)
        if reason:
            return _illegal("draw", i, seat, choice, reason, seats)
        match.apply(action)
    stated = record.get("hands")
    if match.rules.draws and match.phase != DRAWING and stated is not None and stated != [
        cards_text(sorted(cards_of_mask(h), reverse=True)) for h in match.dealt
    ]:
        raise SaveError("hands: not the hands the stock and the draws give")
    return None


def match_at(record: Any, bids: int, plays: int) -> Match:
    """The recorded hand replayed up to ``bids`` bids and ``plays`` cards (audits, tests)."""
    return play_record(start_match(record), record, bids, plays)


def play_record(match: Match, record: Any, bids: int, plays: int) -> Match:
    """``match``, at the start of the recorded hand, taken through its first ``bids``
    bids (and the passes, once all four are made) and ``plays`` cards."""
    seats = match.rules.seats
    cut = dict(record)
    cut["bids"] = record["bids"][:bids]
    cut["plays"] = record["plays"][:plays] if bids >= seats else []
    deck = match.rules.cards
    for seat, choice in record.get("draws", []):
        match.apply(KEEP if choice == "keep" else DISCARD, seat)
    for i, (seat, value) in enumerate(cut["bids"]):
        if i < len(match.bid_order):
            continue  # made by the match (Mirror)
        bid = parse_bid(value, match.rules.tricks)
        if bid != BLIND_NIL and not match.looked[seat]:
            match.apply(LOOK)
        match.apply(Bid(bid), seat)
    if bids >= seats:
        for seat, texts in record.get("passes", []):
            match.apply(PassCards(tuple(parse_card(t, deck) for t in texts)), seat)
    for text in cut["plays"]:
        match.apply(Play(parse_card(text, deck)))
    return match
