"""The client messages of docs/protocol.md, checked field by field before anything
else sees them, and the small values the server hands out (codes, tokens, names).

``read_message`` returns a clean dict or raises :class:`ProtocolError`, whose text
is the reason the server closes that connection with. A message is checked whole
before any table is touched.
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

from ..engine.rules import Rules, RulesError

PROTOCOL = "spades-table/1"
MESSAGE_BYTES = 4096
MESSAGES_PER_SECOND = 20
MESSAGE_BURST = 40
STRENGTHS = ("easy", "normal", "hard")
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 letters: 5 bits each
CODE_LENGTH = 8  # 40 bits
NAME_LENGTH = 20
MOST_TARGET = 5000  # a shared table's match must end: the largest target it takes
_NAME = re.compile(r"[A-Za-z0-9 .\-_']+")


class ProtocolError(ValueError):
    """A message that breaks the protocol: the connection is closed with this reason."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def show_code(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def normal_code(text: str) -> str | None:
    """A typed code in the server's form (no dash, upper case), or None if it cannot be one."""
    code = text.replace("-", "").replace(" ", "").upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


NAME_RULE = f"A name is 1 to {NAME_LENGTH} letters, digits, spaces or . - _ '"


def name_refusal(name: str) -> str | None:
    stripped = name.strip()
    if not stripped or len(stripped) > NAME_LENGTH or not _NAME.fullmatch(stripped):
        return NAME_RULE
    return None


# The actions written as words, not cards (two-handed's draw: keep, discard).
WORDS = ("look", "nil", "blind_nil", "keep", "discard")


def action_refusal(value: Any) -> str | None:
    """Why the server takes no such action though the engine would read it: a bid of
    0 (a client that meant no tricks would bid a nil worth -100 if it fails) and a
    card in lower case. None for anything else."""
    if type(value) is int and value == 0:
        return ('A bid of 0 is not a bid here: nil is bid as "nil" (100 points if you '
                'take no trick, -100 if you take one); other bids are 1 to 13')
    cards = value if isinstance(value, list) else [value]
    if any(isinstance(c, str) and c not in WORDS and c != c.upper()
           for c in cards):
        return 'Cards are written in capitals, rank then suit: "QS", "TD"'
    return None


# --- message shapes ---------------------------------------------------------------

# For each type: required fields and optional fields, each with its checker.
def _str(most: int):
    def check(value: Any, name: str) -> Any:
        if not isinstance(value, str) or len(value) > most or not value.isascii():
            raise ProtocolError(f"{name} must be ASCII text of at most {most} characters")
        return value

    return check


def _int(low: int, high: int):
    def check(value: Any, name: str) -> Any:
        if type(value) is not int or not low <= value <= high:
            raise ProtocolError(f"{name} must be a whole number from {low} to {high}")
        return value

    return check


def _number(low: float, high: float):
    def check(value: Any, name: str) -> Any:
        if type(value) not in (int, float) or not low <= value <= high:
            raise ProtocolError(f"{name} must be a number from {low} to {high}")
        return value

    return check


def _rules(value: Any, name: str) -> Any:
    if not isinstance(value, dict) or len(value) > 40:
        raise ProtocolError(f"{name} must be an object of rule options")
    try:
        rules = Rules.from_dict(value, any_seats=True)  # cutthroat and two-handed too
    except (RulesError, TypeError) as exc:
        raise ProtocolError(f"{name}: {exc}") from None
    if rules.target > MOST_TARGET:
        raise ProtocolError(f"{name}: target must be at most {MOST_TARGET} points at a"
                            " shared table")
    return rules


def _strength(value: Any, name: str) -> Any:
    if value not in STRENGTHS:
        raise ProtocolError(f"{name} must be one of {', '.join(STRENGTHS)}")
    return value


def _action(value: Any, name: str) -> Any:
    """An action's shape: a whole number, a short text, or a short list of card texts
    (a nil pass). The table reads it with its own deck (deuces high, jokers)."""
    shaped = (
        type(value) is int
        or (isinstance(value, str) and len(value) <= 12)
        or (isinstance(value, list) and len(value) <= 13
            and all(isinstance(v, str) and len(v) <= 3 for v in value))
    )
    if not shaped:
        raise ProtocolError(f'{name} must be a bid, a card, a list of cards or "look"')
    return value


def _ref(value: Any, name: str) -> Any:
    if type(value) is int and 0 <= value <= 2**31:
        return value
    if isinstance(value, str) and len(value) <= 32 and value.isascii():
        return value
    raise ProtocolError("ref must be a whole number or a short ASCII string")


def _name(value: Any, name: str) -> Any:
    """A name's shape (its spaces are trimmed later, so twice the length is room):
    a longer one breaks the protocol with the same words a shorter bad one is refused
    with."""
    if not isinstance(value, str) or len(value) > NAME_LENGTH * 2 or not value.isascii():
        raise ProtocolError(f"{name}: {NAME_RULE}")
    return value


SHAPES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "hello": ({"protocol": _str(40)}, {"client": _str(60)}),
    "create": (
        {"name": _name},
        {
            "rules": _rules,
            "strength": _strength,
            "grace": _number(0, 3600),
            "pace": _number(0, 5),
            "timer": _number(0, 600),
        },
    ),
    "join": ({"code": _str(20), "name": _name}, {"seat": _int(0, 3)}),
    "resume": ({"token": _str(64)}, {"seen": _int(0, 10**6)}),
    "seat": ({"seat": _int(0, 3)}, {}),
    "start": ({}, {}),
    "act": ({"action": _action}, {}),
    "leave": ({}, {}),
    "ping": ({}, {}),
}


def read_message(text: Any) -> dict[str, Any]:
    """A client message checked against its shape; rules read as Rules (an action
    stays JSON: the table reads it with its deck). Raises ProtocolError naming what
    is wrong."""
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text frames, not binary")
    if len(text) > MESSAGE_BYTES or not text.isascii():
        raise ProtocolError(f"a message is at most {MESSAGE_BYTES} ASCII bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("a message must be JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SHAPES:
        raise ProtocolError(f"unknown message type; one of {', '.join(SHAPES)}")
    required, optional = SHAPES[kind]
    message: dict[str, Any] = {"type": kind}
    for key, value in data.items():
        if key == "type":
            continue
        check = required.get(key) or optional.get(key) or (_ref if key == "ref" else None)
        if check is None:
            raise ProtocolError(f"{kind}: unknown field {key[:20]!r}")
        message[key] = check(value, f"{kind}: {key}")
    for key in required:
        if key not in message:
            raise ProtocolError(f"{kind}: missing field {key!r}")
    return message


def encode(message: dict[str, Any]) -> str:
    """A server message as the protocol sends it: compact JSON in ASCII."""
    return json.dumps(message, ensure_ascii=True, separators=(",", ":"))
