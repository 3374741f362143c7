"""The three games a player may choose (Spades for four, cutthroat for three,
two-handed for two): their names and notes, the rule sets and computer players each
offers, and what each cannot play, in the words of the engine and the players that
refuse it (docs/rules.md, Three and two players)."""

from __future__ import annotations

import re
from typing import Any

from ...ai import alone_refusal
from ...engine.rules import Rules, RulesError
from ...storage.settings import ALL_PRESETS, STRENGTHS

# (players, the game's name, what it is in a sentence), in the order offered.
GAMES: tuple[tuple[int, str, str], ...] = (
    (4, "Four: Spades", "Two teams: you and North against West and East."),
    (3, "Three: Cutthroat", "Each for themselves, 17 cards each, your own score."),
    (2, "Two: Two-handed", "Each for themselves: you draw your cards, then play."),
)
# Options that only mean something with another: unavailable when that one is.
FOLLOWS = {"blind_nil_deficit": "blind_nil", "blind_nil_value": "blind_nil",
           "ten_for_200_set": "ten_for_200", "boston_value": "boston"}
GAME_NAMES = {players: name for players, name, _ in GAMES}
GAME_NOTES = {players: note for players, _, note in GAMES}
COUNT_WORDS = {4: "four", 3: "three", 2: "two"}


def game_title(rules: Rules) -> str:
    """The game's own name, as a heading says it: Spades, Cutthroat, Two-handed."""
    return {4: "Spades", 3: "Cutthroat", 2: "Two-handed"}[rules.players]


def game_presets(players: int) -> list[str]:
    """The rule sets by name that seat ``players``."""
    return [name for name, rules in ALL_PRESETS.items() if rules.players == players]


def first_preset(players: int) -> str:
    """The rule set a game starts from when chosen: standard, cutthroat, two-handed."""
    return game_presets(players)[0]


def strengths_for(rules: Rules) -> list[str]:
    """The computer players' strengths these rules can be played with (the players'
    own refusal decides)."""
    return [s for s in STRENGTHS if alone_refusal(s, rules) is None]


def refused_strengths(rules: Rules) -> list[tuple[str, str]]:
    """(strength, why in words) for each strength that cannot play these rules."""
    out = []
    for strength in STRENGTHS:
        reason = alone_refusal(strength, rules)
        if reason is not None:
            out.append((strength, reason_words(reason)))
    return out


def reason_words(reason: str, labels: dict[str, str] | None = None) -> str:
    """An engine's or player's refusal as a page says it: its reason without the advice
    to a command line ("turn it off", "choose easy ..."), an option's name as its
    label, and a capital and a full stop. ``labels``: option name -> label."""
    for advice in (": turn ", "; choose ", " (turn "):
        reason = reason.split(advice)[0]
    reason = re.sub(r"^(cutthroat|two-handed|partnership): ", "", reason)
    for name, label in (labels or {}).items():
        if "_" in name:  # an option's name, never a word of the sentence ("nil")
            reason = re.sub(rf"\b{name}\b", f"'{label}'", reason)
    reason = reason.strip().rstrip(".")
    return reason[:1].upper() + reason[1:] + "."


def together(rules: Rules, name: str, value: Any) -> dict[str, Any]:
    """Setting option ``name`` to ``value`` with the options that only make sense with
    it: nil off takes blind nil and nil card passing off, and those on take nil on."""
    changes: dict[str, Any] = {name: value}
    if name == "nil" and not value:
        changes.update(blind_nil=False, nil_pass=0)
    if name in ("nil_pass", "blind_nil") and value:
        changes["nil"] = True
    return {k: v for k, v in changes.items() if k == name or getattr(rules, k) != v}


def option_values(rules: Rules, name: str, values: tuple[Any, ...]
                  ) -> tuple[list[Any], str | None]:
    """The values of option ``name`` (of those offered, ``values``) these rules can
    take, the current one first among them in its order; and the engine's reason for
    the first value it refuses, or None when it refuses none."""
    allowed, reason = [], None
    current = getattr(rules, name)
    for value in dict.fromkeys((*values, current)):
        if value == current:
            allowed.append(value)
            continue
        try:
            rules.with_options(**together(rules, name, value))
        except RulesError as exc:
            if rules.partnerships:
                allowed.append(value)  # at four a refusal comes of other options: the
                # page turns those along with it, or says why, as it always has
            elif reason is None:
                reason = str(exc)
            continue
        allowed.append(value)
    order = [v for v in values if v in allowed]
    return (order if current in order else [current, *order]), reason


def option_allowed(players: int, name: str, value: Any) -> bool:
    """Whether the game of ``players`` can play option ``name`` at ``value`` at all
    (from its first rule set, as the engine says)."""
    rules = ALL_PRESETS[first_preset(players)]
    try:
        rules.with_options(**together(rules, name, value))
    except RulesError:
        return False
    return True


# --- How to play: the game's own opening sections (menu.py's rules_text) -----------

def opening_text(rules: Rules) -> list[tuple[str, str]]:
    """How to play's first sections for ``rules``: the aim, the hand (the deal, or the
    draw) and the bidding, for partners at four or for each player alone."""
    bids = f"1 to {rules.tricks}" + (", or nil (0)" if rules.nil else "")
    if rules.partnerships:
        capped = not rules.fixed_bids
        return [
            ("The aim", "Four players, two teams: you (South) and your partner (North) "
             "against West and East. Each hand, your team bids how many tricks it will "
             "take, then tries to take them. The first team to reach "
             f"{rules.target} points wins."),
            ("A hand", "All 52 cards are dealt, 13 each. Everyone bids once, starting "
             "left of the dealer. Then 13 tricks are played: the player left of the "
             "dealer leads, and each player in turn plays one card."),
            ("Bidding", f"Bid the tricks you expect to take: {bids}. Your team's "
             "contract is the sum of both partners' bids."
             + (" Partners may bid at most 13 together."
                if rules.team_cap_13 and capped else "")
             + (f" Partners must bid at least {rules.min_team_bid} together."
                if rules.min_team_bid and capped else "")),
        ]
    others = "West and East" if rules.players == 3 else "North, across the table"
    out = [("The aim", f"{COUNT_WORDS[rules.players].capitalize()} players, each for "
            f"themselves: you (South) against {others}. There are no partners and no "
            "teams. Each hand, you bid how many tricks you will take, then try to take "
            f"them. Once a player reaches {rules.target} points, the one with the most "
            "points wins; a tie for the most plays another hand.")]
    if rules.players == 3:
        out.append(("A hand", "The two of clubs leaves the deck, and the other 51 cards "
                    "are dealt one at a time, 17 to each player. Everyone bids once, "
                    "starting left of the dealer. Then 17 tricks are played, three cards "
                    "to a trick: the player left of the dealer leads."))
    else:
        out += [
            ("The draw", "There is no deal: the shuffled deck lies face down as a stock, "
             "and you take turns, the player left of the dealer first. On your turn you "
             "see the top card and either keep it (the next card is then discarded "
             "face down: you see it, the other player does not) or discard it face up "
             "for both to see, and take the next card, unseen by the other. Two cards go "
             "at each turn, so after 26 turns each of you holds 13 cards."),
            ("A hand", "After the draw each bids once, the player left of the dealer "
             "first. Then 13 tricks are played, two cards to a trick. The cards shown "
             "in the draw are out of play; 26 cards are never played."),
        ]
    out.append(("Bidding alone", f"Bid the tricks you expect to take: {bids}. Your bid "
                "is your own contract: no partner's tricks help you, and every other "
                "player plays against you."))
    return out


def scoring_alone(rules: Rules) -> list[tuple[str, str]]:
    """How to play's scoring sections for a player alone (three and two)."""
    out = [("Scoring per player", "Each player is scored alone. Make your bid (take at "
            "least that many tricks) and score 10 points per trick bid, plus 1 point "
            "per extra trick. Take fewer and lose 10 points per trick bid.")]
    if rules.bag_penalty:
        out.append(("Bags", f"Each extra trick is also a bag, counted for you alone. When "
                    f"your bags reach {rules.bag_limit}, you lose "
                    f"{rules.bag_penalty_points} points and the count starts again."))
    if rules.nil:
        out.append(("Nil", f"Nil is a bid of no tricks at all: +{rules.nil_value} if you "
                    f"take none, -{rules.nil_value} if you take any. With no contract, "
                    "each trick a failed nil takes is also 1 point and 1 bag."))
    if rules.blind_nil:
        out.append(("Blind nil", f"A player behind the leading other player by "
                    f"{rules.blind_nil_deficit} or more may bid nil before looking at "
                    f"the cards: +{rules.blind_nil_value} or -{rules.blind_nil_value}."))
    elif rules.players == 2:
        out.append(("Blind nil", "Not in two-handed: you see every card you draw."))
    if rules.mercy is not None:
        out.append(("Mercy", f"A player at {rules.mercy} points or less loses at once."))
    return out


def other_games(rules: Rules) -> list[tuple[str, tuple[str, str]]]:
    """How to play's closing sections: each game the player is not playing, in short,
    and where to choose it; (the game's name: "partnership", "cutthroat" or
    "two-handed", (heading, text))."""
    out = []
    for players in GAME_NAMES:
        if players == rules.players:
            continue
        game = ALL_PRESETS[first_preset(players)]
        parts = opening_text(game) + ([] if game.partnerships else scoring_alone(game)[:1])
        text = " ".join(text for _, text in parts)
        out.append((game.game, (f"Another game: {game_title(game)}, for "
                                f"{COUNT_WORDS[players]}",
                                f"{text} Choose it in House rules, How many play.")))
    return out
