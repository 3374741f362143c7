"""The partner-blunder audit: fixed positions where a sound player has one choice.

Each position is a hand record cut at a decision point, with the kind of blunder it
tests. ``python -m spades.measure.audit`` reports each strength's mistakes on the positions
in ``audit_positions.json``.

The file is a fixed exam, kept apart from its generator: ``--generate`` finds positions
in seeded games of the current easy and normal players, so what it finds changes
whenever they change (the committed file came from an earlier version of them). It
writes to standard output, or to ``--out FILE``; replacing the exam is a deliberate
``--out spades/measure/audit_positions.json``, never a side effect of looking.

The kinds:
- ``overtake_partner``: playing last while the partner (not a nil bidder) is winning,
  with a card that would not take the trick from them: do not overtake or trump.
- ``cover_nil``: the partner bid nil and is winning the trick, a legal card beats
  theirs, and the seat is not keeping a nil of its own: overtake.
- ``last_low``: playing last, unable to beat the winning card, holding both a high
  card (jack or better) and a low one (ten or lower) of the led suit: play low.
- ``no_nil``: holding the ace of spades or four sure tricks: do not bid nil.

The nil and score positions are written by hand (issue 53), each with the actions a
sound player chooses among (``sound``) and why (``why``); ``--generate`` keeps them:
- ``defend_nil``: an opponent's nil is winning the trick and the seat plays last:
  stay under it (discard rather than trump), when the side's own contract allows.
- ``second_nil``: beside a partner's nil, or after an opponent's blind nil, a hand of
  tens and honours bids its tricks, not a nil that risks the contract.
- ``cover_nil_early``: the partner bid nil and plays after the seat: play or lead a
  card that wins above anything the partner can hold.
- ``bag_to_set``: taking a trick sets the side that would win the match by making its
  bid, even when it is the seat's side's tenth bag.
- ``give_bags``: both sides have made their bids and the opponents hold 9 bags: let
  them win the trick.
- ``play_to_score``: in the match's last hand, set the side that wins by making its
  bid; and a side that wins by making its bid bids no more than it needs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

from ..ai.bidding import sure_tricks
from ..ai.position import Position
from ..console import HelpFormatter, names_from, run_quietly
from ..engine.actions import Action, Bid, Play
from ..engine.cards import CARD_IDS, RANK_OF, SPADE_MASK, SUIT_MASKS, SUIT_OF
from ..engine.legal import NIL, bid_text, trick_winner_index
from ..engine.match import Match
from ..engine.record import match_at

POSITIONS_FILE = Path(__file__).with_name("audit_positions.json")
KINDS = ("overtake_partner", "cover_nil", "last_low", "no_nil")
WRITTEN_KINDS = ("defend_nil", "second_nil", "cover_nil_early", "bag_to_set", "give_bags",
                 "play_to_score")
_ACE_OF_SPADES = 51


def _beats(card: int, best: int) -> bool:
    return card > best and (card >= 39 or SUIT_OF[card] == SUIT_OF[best])


def classify(match: Match) -> str | None:
    """The audit kind of the decision the seat to act faces now, if any."""
    seat = match.to_act
    partner = match.rules.partner_of(seat)
    if match.phase == "bidding":
        if match.looked[seat] and Bid(NIL) in match.legal_actions():
            hand = match.hands[seat]
            if hand >> _ACE_OF_SPADES & 1 or sure_tricks(hand) >= 4:
                return "no_nil"
        return None
    if match.phase != "playing" or not match.trick:
        return None
    position = Position(match.rules)
    position.trick = [c for _, c in match.trick]
    position.leader = match.trick[0][0]
    position.win_at = trick_winner_index(position.trick)
    win_seat, best = position.winning()
    legal = match.legal_card_mask()
    cards = [c for c in range(CARD_IDS) if legal >> c & 1]
    if len(cards) < 2:
        return None
    beating = [c for c in cards if _beats(c, best)]
    partner_nil = match.bids[partner] is not None and match.bids[partner] <= 0
    partner_nil_alive = partner_nil and match.tricks_won[partner] == 0
    last = len(match.trick) == 3
    own_nil = match.bids[seat] is not None and match.bids[seat] <= 0
    own_nil_alive = own_nil and match.tricks_won[seat] == 0
    if win_seat == partner and partner_nil_alive and beating and not own_nil_alive:
        return "cover_nil"
    if last and win_seat == partner and not partner_nil and len(beating) < len(cards):
        return "overtake_partner"
    if last and not beating and not own_nil:
        led = match.led_suit
        suit_cards = [c for c in cards if SUIT_OF[c] == led]
        if any(RANK_OF[c] >= 9 for c in suit_cards) and any(RANK_OF[c] <= 8 for c in suit_cards):
            return "last_low"
    return None


def action_text(action: Action) -> str:
    """A bid or a card as a written position names it: ``3``, ``nil``, ``AS``."""
    if isinstance(action, Bid):
        return bid_text(action.value)
    if isinstance(action, Play):
        return _text(action.card)
    return str(action)


def mistake(match: Match, kind: str, action: Action,
            sound: list[str] | None = None) -> str | None:
    """What is wrong with ``action`` in a position of ``kind``, or None if it is sound.
    A written position names its ``sound`` actions: anything else is a mistake."""
    if sound is not None:
        text = action_text(action)
        return None if text in sound else f"{text}, not one of {' '.join(sound)}"
    if kind == "no_nil":
        return "bid nil with the ace of spades or four sure tricks" if action == Bid(NIL) else None
    if not isinstance(action, Play):
        return "not a card"
    position = Position(match.rules)
    position.trick = [c for _, c in match.trick]
    position.leader = match.trick[0][0]
    position.win_at = trick_winner_index(position.trick)
    _, best = position.winning()
    card = action.card
    if kind == "overtake_partner" and _beats(card, best):
        return "took the trick from a winning partner"
    if kind == "cover_nil" and not _beats(card, best):
        return "left the nil partner winning the trick"
    if kind == "last_low" and RANK_OF[card] >= 9:
        return "threw a high card under a trick it could not win"
    return None


def generate(seed: int = 0, per_kind: int = 30, max_games: int = 4000) -> list[dict[str, Any]]:
    """Find positions of every kind in seeded games of mixed strengths."""
    from . import make_player

    found: dict[str, list[dict[str, Any]]] = {k: [] for k in KINDS}
    rng = random.Random(f"audit/{seed}")
    for game in range(max_games):
        if all(len(v) >= per_kind for v in found.values()):
            break
        match = Match(_rules_for(rng), f"audit/{seed}/{game}")
        strengths = [rng.choice(("easy", "normal", "random"))
                     for _ in range(match.rules.seats)]
        players = [make_player(s, seed=f"{game}/{i}") for i, s in enumerate(strengths)]
        seen_in_game = set()
        while not match.history:
            kind = classify(match)
            if kind and kind not in seen_in_game and len(found[kind]) < per_kind:
                seen_in_game.add(kind)
                found[kind].append(_cut(match, kind))
            seat = match.to_act
            match.apply(players[seat].choose(match.view(seat)))
    return [p for k in KINDS for p in found[k]]


def _rules_for(rng: random.Random):
    from ..engine.rules import PRESETS

    return PRESETS[rng.choice(("standard", "standard", "guide", "classic-nil"))]


def _cut(match: Match, kind: str) -> dict[str, Any]:
    record = {
        "format": "spades-hand/1",
        "rules": match.rules.to_dict(),
        "dealer": match.dealer,
        "scores_before": list(match.scores),
        "bags_before": list(match.bags),
        "hands": [" ".join(_texts(h)) for h in match.dealt],
        "bids": [[s, b if b > 0 else ("nil" if b == 0 else "blind_nil")]
                 for s, b in match.bid_order],
        "plays": [_text(c) for c in match.plays],
    }
    return {"kind": kind, "seat": match.to_act, "record": record}


def _text(card: int) -> str:
    from ..engine.cards import card_text

    return card_text(card)


def _texts(mask: int) -> list[str]:
    return [_text(c) for c in range(51, -1, -1) if mask >> c & 1]


def positions_json(positions: list[dict[str, Any]]) -> str:
    """The positions file's text: the same positions always give the same bytes."""
    return json.dumps(positions, indent=1) + "\n"


def load_positions() -> list[dict[str, Any]]:
    return json.loads(POSITIONS_FILE.read_text(encoding="utf-8"))


def position_match(position: dict[str, Any]) -> Match:
    record = position["record"]
    return match_at(record, len(record["bids"]), len(record["plays"]))


def run_audit(strength: str, positions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Ask a strength every position; list its mistakes."""
    from . import make_player

    positions = load_positions() if positions is None else positions
    mistakes = []
    per_kind = {k: 0 for k in (*KINDS, *WRITTEN_KINDS) if any(p["kind"] == k for p in positions)}
    for i, position in enumerate(positions):
        match = position_match(position)
        seat = position["seat"]
        assert match.to_act == seat, f"position {i} is not at the seat's decision"
        player = make_player(strength, seed=f"audit/{i}")
        action = player.choose(match.view(seat))
        what = mistake(match, position["kind"], action, position.get("sound"))
        if what:
            per_kind[position["kind"]] += 1
            mistakes.append({"position": i, "kind": position["kind"], "action": str(action),
                             "mistake": what})
    return {"strength": strength, "positions": len(positions), "mistakes": len(mistakes),
            "per_kind": per_kind, "details": mistakes}


def main(argv: list[str] | None = None) -> int:
    from ..ai import STRENGTHS

    parser = argparse.ArgumentParser(
        prog="python -m spades.measure.audit", formatter_class=HelpFormatter,
        description="The partner-blunder audit: each strength's mistakes on the fixed\n"
        f"positions of {POSITIONS_FILE.name}.",
    )
    parser.add_argument("--strengths", type=names_from(STRENGTHS), default="easy,normal,hard",
                        metavar="LIST",
                        help=f"comma-separated strengths to audit, from: {', '.join(STRENGTHS)}")
    parser.add_argument("--generate", action="store_true",
                        help="instead, find positions in seeded games of the current players"
                        " and print them (the committed file stays as it is)")
    parser.add_argument("--out", metavar="FILE",
                        help="with --generate: write the positions to FILE instead")
    args = parser.parse_args(argv)
    if args.out and not args.generate:
        parser.error("--out goes with --generate")
    if args.generate:
        positions = generate() + [p for p in load_positions() if "sound" in p]
        text = positions_json(positions)
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"wrote {len(positions)} positions to {args.out}")
        else:
            sys.stdout.write(text)
        return 0
    for strength in args.strengths:
        report = run_audit(strength)
        kinds = ", ".join(f"{k} {v}" for k, v in report["per_kind"].items())
        print(f"{strength:>7}: {report['mistakes']} mistakes in {report['positions']} positions"
              f" ({kinds})")
    return 0


if __name__ == "__main__":
    sys.exit(run_quietly(main))

__all__ = ["KINDS", "SPADE_MASK", "SUIT_MASKS", "WRITTEN_KINDS", "action_text", "classify",
           "generate", "load_positions", "mistake", "run_audit"]
