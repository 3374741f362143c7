"""What the table says about a hand and a match, in the player's own names.

The engine's score lines speak of seats ("North's nil made"); the header says
"Us: You & Noor". Everything a player reads about a result goes through here so the
two always agree: a seat is named as the header names it, the player is "You".
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import BLIND_NIL, NIL, OVER, Bid, Play, PlayerView, cards_of
from ...engine.cards import SUIT_MASKS, SUIT_NAMES, card_name
from ...engine.match import HandResult
from ...engine.scoring import ScoreLine
from ...storage import CUSTOM, preset_name
from ..layout.base import PLACES

HUMAN = 0
COMPASS = ("South", "West", "North", "East")  # the seats' names when nobody chose any


def shown_names(names: Sequence[str], seats: int = 4) -> tuple[str, ...]:
    """The one source of the names the table shows: the players' own (a record's or a
    save's), but the player's chair is never "South" (the compass name autoplay and old
    records give it): the player sits there, "You" unless they chose a name. Four
    names, one a place; at three and two each seat takes the name of its place (West
    and East; North), unless ``names`` has one a seat already."""
    player = "You" if names[HUMAN] == COMPASS[HUMAN] else names[HUMAN]
    named = (player, *names[1:])
    if len(named) == seats:
        return named
    return tuple(named[place] for place in PLACES[seats])


def turn_words(names: Sequence[str], seat: int, bidding: bool) -> str:
    """Whose turn it is: "Noor to bid", "Your turn to play"."""
    doing = "bid" if bidding else "play"
    return f"Your turn to {doing}" if seat == HUMAN else f"{names[seat]} to {doing}"


def pass_turn_words(names: Sequence[str], seat: int) -> str:
    """Who passes cards after a nil bid: "Noor passes cards"."""
    return f"{names[seat]} passes cards to {names[(seat + 2) % 4]}"


def bid_words(bid: int | None) -> str:
    if bid is None:
        return "-"
    if bid == BLIND_NIL:
        return "blind nil"
    if bid == NIL:
        return "nil"
    return str(bid)


def greyed_bids_words(refusals: dict[int, str]) -> str:
    """Why the bids a player may not make are greyed, from the engine's refusals (bid:
    sentence), its first clause for each group of bids refused alike: "12 and 13:
    partners may bid at most 13 together"."""
    groups: dict[str, list[int]] = {}
    for bid in sorted(refusals):
        groups.setdefault(refusals[bid].split(";")[0].strip(), []).append(bid)
    parts = []
    for reason, bids in groups.items():
        names = [bid_words(b).capitalize() for b in bids]
        if len(bids) > 2 and bids == list(range(bids[0], bids[-1] + 1)):
            which = f"{names[0]} to {names[-1]}"
        else:
            which = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        parts.append(f"{which}: {reason[:1].lower()}{reason[1:]}")
    return "; ".join(parts)


UNDO_ASK = ("Taking a move back makes this match practice: it won't count in your "
            "statistics.")  # asked at the first take-back of a match that counts


def greyed_bids_sentence(view: PlayerView) -> str | None:
    """Why the bids out of reach are out, said whole for the Hint: "12 and 13 are
    greyed: partners may bid at most 13 together", from the engine's refusals (None:
    every bid is open). Whiz shows two buttons, so it says what the number one is."""
    legal = [a.value for a in view.legal_actions() if isinstance(a, Bid)]
    refusals = {b: view.refusal(Bid(b)) for b in range(view.rules.tricks + 1) if b not in legal}
    refusals = {b: why for b, why in refusals.items() if why}
    if not refusals:
        return None
    if view.rules.bidding == "whiz":
        held = max(legal)
        if held <= 0:
            return "Under Whiz you bid nil or the spades you hold, and you hold none: nil."
        return (f"Under Whiz you bid nil or the spades you hold: the {held} button is "
                "your spade count.")
    parts = []
    for part in greyed_bids_words(refusals).split("; "):
        which, reason = part.split(": ", 1)
        verb = "are" if " and " in which or " to " in which else "is"
        parts.append(f"{which} {verb} greyed: {reason}")
    text = "; ".join(parts)
    return f"{text[:1].upper()}{text[1:]}."


def forced_bid_words(bid: int) -> str:
    """Why the game bid for the player under Mirror: "Mirror: you hold 5 spades, so
    you bid 5" (the bid is the spades held, jokers and raised twos counted)."""
    if bid <= 0:
        return "Mirror: you hold no spades, so you bid nil"
    return f"Mirror: you hold {bid} spade{'s' if bid != 1 else ''}, so you bid {bid}"


def told_bid_hint(told: str) -> str:
    """The Hint (and whose turn) while the table shows the bid Mirror made for the
    player: that bid, the rule, and what goes on."""
    return (f"{told}. Under Mirror everyone bids the spades they hold, so the game "
            "makes your bid. Go on continues the bidding.")


def few_bid_label(view: PlayerView, bid: int, forced: bool) -> str:
    """A bid button of a bidding variant's short choice: "Nil", "5: your spades" under
    Whiz, marked "(forced)" when it is the only bid the rules leave."""
    if view.rules.bidding == "whiz" and bid > 0:
        text = f"{bid}: your spades"
    else:
        text = bid_words(bid).capitalize()
    return f"{text} (forced)" if forced else text


def possessive(names: Sequence[str], seat: int) -> str:
    """ "Your" for the player called You, else "Noor's" (as the header names them)."""
    name = names[seat]
    if seat == HUMAN and name == "You":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def line_text(line: ScoreLine, names: Sequence[str]) -> str:
    """A breakdown line with seats named as the header names them."""
    if line.seat is None:
        return line.text
    kind = "blind nil" if line.kind.startswith("blind") else "nil"
    outcome = "made" if line.kind.endswith("made") else "failed"
    return f"{possessive(names, line.seat)} {kind} {outcome}"


def team_names(names: Sequence[str], team: int, spoken: bool = False) -> str:
    """ "You and Noor" (``spoken``: the player is always You) or "Wren and Eli"; at
    three and two, where each plays alone (``len(names)`` seats), the one player."""
    first = "You" if spoken and team == 0 else names[team]
    if len(names) < 4:
        return first
    return f"{first} and {names[team + 2]}"


def contracts_words(contracts: Sequence[int], names: Sequence[str]) -> str:
    """The flash when the bidding is done: "Contracts: us 7, them 5"; each player's
    own at three and two: "Contracts: You 5, Wren 6, Eli 4"."""
    if len(names) < 4:
        return "Contracts: " + ", ".join(f"{names[s]} {c}" for s, c in enumerate(contracts))
    us, them = contracts
    return f"Contracts: us {us}, them {them}"


def standings(scores: Sequence[int]) -> list[int]:
    """The sides from the most points down (ties in seat order)."""
    return sorted(range(len(scores)), key=lambda side: (-scores[side], side))


def match_over_title(winner: int, scores: Sequence[int], names: Sequence[str]) -> str:
    """The result in one sentence, to the player: "You and Noor win 512 to 347"; each
    alone: "Wren wins 512 to 347 and 290"."""
    high = scores[winner]
    rest = [scores[s] for s in standings(scores) if s != winner]
    low = " and ".join(str(v) for v in rest)
    who = team_names(names, winner, spoken=True)
    verb = "win" if len(names) == 4 or who == "You" else "wins"
    return f"{who} {verb} {high} to {low}"


def match_over_line(winner: int, scores: Sequence[int], partnerships: bool = True) -> str:
    """A second line that speaks to the player about the margin: their team's at four,
    their own (to the nearest other player) at three and two."""
    if partnerships:
        margin = abs(scores[0] - scores[1])
    else:
        best_other = max(scores[s] for s in range(1, len(scores)))
        margin = abs(scores[0] - best_other) if winner == 0 else scores[winner] - scores[0]
    points = f"{margin} point{'s' if margin != 1 else ''}"
    whose = "your team" if partnerships else "you"
    if winner == 0:
        return f"Well played: {whose} won by {points}."
    return f"{whose.capitalize()} lost by {points}. A rematch deals new cards."


NIL_OUTCOMES = ("nil_made", "nil_failed", "blind_nil_made", "blind_nil_failed")


def match_record_line(history: Sequence[HandResult], alone: bool = False) -> str:
    """The player's team's match in one sentence: "In 6 hands your team made 5 of 6
    contracts, 2 of 2 nils and took 13 bags." """
    scores = [r.teams[0] for r in history]
    contracts = [ts.made for ts in scores if ts.made is not None]
    nils = [line.kind.endswith("made") for ts in scores for line in ts.lines
            if line.kind in NIL_OUTCOMES]
    bags = sum(ts.bags for ts in scores)

    def count(n: int, word: str) -> str:
        return f"{n} {word}{'s' if n != 1 else ''}"

    made = f"made {sum(contracts)} of {count(len(contracts), 'contract')}"
    if nils:
        made += f", {sum(nils)} of {count(len(nils), 'nil')}"
    took = count(bags, "bag") if bags else "no bags"
    who = "you" if alone else "your team"
    return f"In {count(len(history), 'hand')} {who} {made} and took {took}."


def sheet_bids(result: HandResult, team: int) -> list[tuple[str, bool | None]]:
    """The score sheet's bid cell as marked parts: the contract (made or set) and each
    nil (made or failed). ``None``: no mark (no contract to make)."""
    ts = result.teams[team]
    parts: list[tuple[str, bool | None]] = []
    if ts.contract:
        parts.append((str(ts.contract), bool(ts.made)))
    for line in ts.lines:
        if line.seat is not None:
            word = "blind nil" if line.kind.startswith("blind") else "nil"
            parts.append((word, line.kind.endswith("made")))
    if not parts:
        parts.append(("0", None))
    return parts


def sheet_points(team_score) -> list[str]:
    """The score sheet's points cell as its parts: the hand's points, then a bag
    penalty on its own ("+23", "-100"), so that a made contract that lost points says
    why; a hand without a penalty is one part ("+25")."""
    penalty = sum(line.points for line in team_score.lines if line.kind == "bag_penalty")
    if not penalty:
        return [f"{team_score.points:+d}"]
    return [f"{team_score.points - penalty:+d}", f"{penalty:+d}"]


def partner_lines(result: HandResult, team: int, names: Sequence[str]) -> list[str]:
    """Each partner's bid and the tricks they took, from the hand's record: "You: bid 2,
    took 3", "Noor: nil, took 0"."""
    bids = dict(result.bids)
    return [f"{names[q]}: {'' if bids[q] <= 0 else 'bid '}{bid_words(bids[q])}, "
            f"took {result.trick_winners.count(q)}" for q in result.rules.side_seats(team)]


def short_bids(parts: list[tuple[str, bool | None]]) -> list[tuple[str, bool | None]]:
    """The bid cell in its shorter form, for a column too narrow for it whole: a
    team's two nils of one kind told once, in the plural, with a mark for each ("blind
    nils" and two crosses, not "blind nil" and a cross twice); "" stands for a second
    mark of the word before it."""
    short: list[tuple[str, bool | None]] = []
    for word, ok in parts:
        if short and word in ("nil", "blind nil") and short[-1][0] in (word, word + "s"):
            short[-1] = (word + "s", short[-1][1])
            short.append(("", ok))
        else:
            short.append((word, ok))
    return short


def percent(part: int, whole: int) -> int:
    """The nearest whole percent (a half rounds up): 163 of 200 is 82%, not 81%."""
    return (200 * part + whole) // (2 * whole)


# The rule sets as a player names them (the presets' own names are for files and the
# command line: "classic-150" reads as code on a page).
PRESET_TITLES = {
    "standard": "Standard",
    "classic": "Classic",
    "guide": "Guide (no blind nil)",
    "classic-nil": "Classic with nil",
    "classic-no-bags": "No bag penalty",
    "classic-150": "Classic, to 150",
    CUSTOM: "Your own rules",
    "cutthroat": "Cutthroat",
    "two-handed": "Two-handed",
    f"{CUSTOM}-cutthroat": "Cutthroat, your own rules",
    f"{CUSTOM}-two-handed": "Two-handed, your own rules",
}


def preset_title(name: str) -> str:
    """A rule set's plain name; one without a title of its own ("whiz") capitalised."""
    return PRESET_TITLES.get(name) or name.replace("-", " ").capitalize()


def table_rules_title(rules) -> str | None:
    """The rule set as the table's header names it ("Mirror", "Whiz, your own rules");
    None for Standard, the game's own."""
    name = preset_name(rules)
    if name == "standard":
        return None
    if name != CUSTOM:
        return preset_title(name)
    if not rules.partnerships:
        return preset_title(f"{CUSTOM}-{rules.game}")
    if rules.bidding != "free":
        return f"{rules.bidding.capitalize()}, your own rules"
    return "Your own rules"


def rules_summary(settings) -> str:
    """What Play on the menu starts with: "Rules: Standard · normal players";
    "Cutthroat, three players · easy players" (no partner at three and two)."""
    alone = not settings.rules.partnerships
    rules = "your own rules" if settings.preset == CUSTOM else \
        f"rules: {preset_title(settings.preset)}"
    if alone:
        count = "three" if settings.rules.players == 3 else "two"
        rules = f"{preset_title(settings.rules.game)}, {count} players" + (
            ", your own rules" if settings.preset == CUSTOM else "")
    opp, partner = settings.opponents_strength, settings.partner_strength
    players = (f"{opp} players" if opp == partner or alone else
               f"{opp} opponents, {partner} partner")
    return f"{rules[0].upper()}{rules[1:]} · {players}"


def bid_ranges(bids: Sequence[int]) -> str:
    """Bids as a player says them: "nil or 1 to 13", "4 to 13", "nil, 1 or 2"."""
    parts: list[str] = []
    numbers = sorted(b for b in bids if b > 0)
    if NIL in bids:
        parts.append("nil")
    start = None
    for i, b in enumerate(numbers):
        start = b if start is None else start
        if i + 1 == len(numbers) or numbers[i + 1] != b + 1:
            if b - start >= 2:
                parts.append(f"{start} to {b}")
            else:
                parts.extend(str(v) for v in range(start, b + 1))
            start = None
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def tricks_words(by_suit: Sequence[float]) -> str:
    """Expected tricks suit by suit, spades first: "spades 1.9, hearts 1, ..."."""
    def figure(v: float) -> str:
        text = f"{v:.1f}"
        return text[:-2] if text.endswith(".0") else text
    return ", ".join(f"{SUIT_NAMES[suit]} {figure(by_suit[suit])}" for suit in (3, 2, 1, 0))


def suggestion_words(bid: int, reason: str, by_suit: Sequence[float]) -> str:
    """The suggested bid and why, with what the hand is worth suit by suit."""
    if reason.startswith("Your hand is worth about"):
        why = f"{reason}: {tricks_words(by_suit)}"
    else:
        why = f"{reason.rstrip('.')}. Expected tricks: {tricks_words(by_suit)}"
    # The suggestion is normal's bid, counted at once; the computer's way is hard's
    # searched bid, which may differ: said plainly, so following it is not mistaken for
    # bidding as the computer does.
    return (f"Bid {bid_words(bid)} is suggested. {why}. This is a quick count: the "
            f"computer's own search may bid otherwise.")


def rules_hint(view: PlayerView, names: Sequence[str],
               suggestion: tuple[int, str, Sequence[float]] | None = None) -> str:
    """What the player may do now and why, in the engine's words; never a card's
    whereabouts or a winning line. In the bidding, ``suggestion`` (the suggested bid,
    its reason and the hand's worth by suit) comes first: the bid panel outlines it."""
    if view.phase == OVER:
        return "The match is over."
    if not view.my_turn:
        return f"Wait: {names[view.to_act]} is to act."
    if view.phase == "drawing":
        return (f"The top card of the stock is {card_name(view.drawn)}. Keep it, and the "
                "next card goes face down, seen by you alone; or discard it face up, "
                "for both to see, and take the next card unseen. Until you each hold "
                f"13; {view.stock_left} cards are left in the stock.")
    if view.phase == "bidding":
        if not view.looked:
            who = "Your team trails" if view.rules.partnerships else "You trail"
            return (f"{who} by enough to bid blind nil: promise to take no "
                    "trick before you see your cards, for double the nil score, or look.")
        legal = [b.value for b in view.legal_actions() if isinstance(b, Bid)]
        words = bid_ranges(legal)
        greyed = greyed_bids_sentence(view)
        why = f" {greyed}" if greyed else ""
        if suggestion is not None:
            # Every bid open: the panel shows them all, the hint need not list them.
            said = suggestion_words(*suggestion)
            return f"{said} You may bid {words}.{why}" if greyed else said
        return f"You may bid {words}.{why}"
    if view.phase == "passing":
        n = view.rules.nil_pass
        return (f"After a nil bid, you and {names[view.partner]} swap {n} "
                f"card{'s' if n != 1 else ''} face down: any of your cards may go. Choose "
                f"{'them' if n != 1 else 'it'}, then Pass.")
    legal = view.legal_card_mask()
    illegal = view.hand & ~legal
    lead = "You lead this trick" if view.led_suit < 0 else (
        f"{SUIT_NAMES[view.led_suit].capitalize()} were led")
    if not illegal:
        if view.led_suit >= 0 and not view.hand & SUIT_MASKS[view.led_suit]:
            return f"{lead} and you have none: any card may be played."
        return f"{lead}: any card in your hand may be played."
    reason = view.refusal(Play(cards_of(illegal)[0]))
    # Said in words a listener can use too (the cards also stand raised on screen).
    may = (f"only your {SUIT_NAMES[view.led_suit]} may be played" if view.led_suit >= 0
           else "any card but a spade may be played")
    return f"{lead}. {reason}, so {may}."


def comparison_verdict(mine_margin: int, theirs_margin: int) -> str:
    """Computer's way in one sentence: the player's result against the hard player's on
    the same cards, by how much the side's lead over the other side grew this hand
    (the panel and a listener alike): "points more" alone read as the side's own
    score, which can be higher while the lead grows less."""
    diff = theirs_margin - mine_margin
    if diff == 0:
        return "Your side's lead grew as much as with the computer's way on these cards."
    if diff < 0:
        return (f"Your side's lead grew {-diff} points more with your way than with the "
                f"computer's on these cards.")
    return f"Your side's lead grew {diff} points more with the computer's way on these cards."
