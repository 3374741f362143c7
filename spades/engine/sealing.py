"""Saved positions: the checksum that seals a save, and reading a first hand's position.

A save (``spades-match/1``) and a hand record (``spades-hand/1``) both start from a
position: the dealer, the hands (two-handed: the stock), the scores and bags.
``read_start`` checks it against the rules (the whole deck of the rules, a position a
match could reach); ``seal`` and ``check_seal`` tell a damaged save from an edited one.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .cards import FULL_DECK, cards_of, mask_of, parse_cards
from .rules import Rules
from .scoring import position_refusal


class SaveError(ValueError):
    """A saved match or hand record that cannot be read."""


def checksum(doc: dict[str, Any]) -> str:
    """SHA-256 of the canonical JSON of ``doc`` without its own ``checksum`` key."""
    body = {k: v for k, v in doc.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def seal(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` with its checksum set: a save another tool built or edited on purpose."""
    doc["checksum"] = checksum(doc)
    return doc


def check_seal(doc: dict[str, Any]) -> None:
    """Refuse a save whose checksum is missing or does not match its contents.

    A changed rule, a cut action log or a damaged number could still replay into a
    legal match (an earlier or a different one); the checksum tells damage apart.
    """
    stated = doc.get("checksum")
    if stated is None:
        raise SaveError("the save has no checksum, so damage could not be told apart")
    try:
        actual = checksum(doc)
    except (TypeError, ValueError, RecursionError):
        raise SaveError("the save is not plain JSON") from None
    if stated != actual:
        raise SaveError("the save is damaged: its checksum does not match its contents")


NUMBERS = {2: "two", 3: "three", 4: "four"}


def _read_hands(start: dict[str, Any], rules: Rules) -> dict[str, Any]:
    """The dealt hands of a start (a mask a seat), or two-handed's stock (top first)."""
    deck = rules.cards
    seats = rules.seats
    if rules.draws:
        text = start.get("stock")
        if not isinstance(text, str):
            raise SaveError("a two-handed start must give the stock, a string of 52 cards")
        try:
            stock = parse_cards(text, deck)
        except ValueError as exc:
            raise SaveError(f"stock: {exc}") from None
        if sorted(stock) != cards_of(deck):
            raise SaveError("the stock must be one whole deck, each card once")
        return {"stock": tuple(stock)}
    hand_texts = start["hands"]
    if not isinstance(hand_texts, list) or len(hand_texts) != seats:
        raise SaveError(f"hands must list {NUMBERS[seats]} hands")
    hands = []
    size = rules.tricks
    for seat, text in enumerate(hand_texts):
        if not isinstance(text, str):
            raise SaveError(f"hand {seat} must be a string of cards")
        try:
            cards = parse_cards(text, deck)
        except ValueError as exc:
            raise SaveError(f"hand {seat}: {exc}") from None
        if len(cards) != size or len(set(cards)) != size:
            raise SaveError(f"hand {seat} must hold {size} different cards")
        hands.append(mask_of(cards))
    whole = 0
    for hand in hands:
        whole |= hand
    if whole != deck:
        raise SaveError(
            f"the {NUMBERS[seats]} hands must make one whole deck"
            + ("" if deck == FULL_DECK else f" of the {rules.deck} rules")
        )
    return {"hands": tuple(hands)}


def read_start(start: Any, rules: Rules) -> dict[str, Any]:
    """Read the first-hand position of a save or a hand record, checking the deal and
    that a match under ``rules`` could stand at its scores and bags."""
    if not isinstance(start, dict):
        raise SaveError("the starting position must be an object")
    for key in ("dealer", "stock" if rules.draws else "hands"):
        if key not in start:
            raise SaveError(f"the starting position lacks {key!r}")
    dealer = start["dealer"]
    seats = rules.seats
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise SaveError(f"dealer must be a seat from 0 to {seats - 1}")
    cards = _read_hands(start, rules)
    pairs = {}
    sides = rules.sides
    for key in ("scores", "bags"):
        value = start.get(key, start.get(f"{key}_before", [0] * sides))
        if (
            not isinstance(value, list)
            or len(value) != sides
            or not all(type(v) is int for v in value)
        ):
            raise SaveError(f"{key} must be {NUMBERS[sides]} whole numbers")
        pairs[key] = value
    hand_number = start.get("hand_number", 0)
    if type(hand_number) is not int or hand_number < 0:
        raise SaveError("hand_number must be a whole number")
    reason = position_refusal(rules, pairs["scores"], pairs["bags"])
    if reason is not None:
        raise SaveError(reason)
    return {"dealer": dealer, **cards, "hand_number": hand_number, **pairs}
