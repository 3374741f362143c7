"""The start menu and the pages it leads to: settings and how to play (Your saves,
Statistics and the Journey have modules of their own)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine.cards import HIGH_TWO_OF_DIAMONDS, HIGH_TWO_OF_SPADES, JOKERS_REMOVED, card_name
from ...engine.rules import PRESETS, Rules
from ...storage import (
    ANIMATION_SPEEDS,
    CUSTOM,
    SPEECH_RATES,
    match_summary,
)
from ...storage.settings import AVATAR_COLOURS, AVATAR_SHAPES
from ..art import theme
from ..layout.base import PLACES
from ..speech.words import preset_title, rules_summary
from ..widgets import Button, Heading, Paragraph, Stepper, TextField, Toggle, Widget
from .games import opening_text, other_games, scoring_alone
from .journey import JourneyScreen, journey_summary
from .saves import SavesScreen
from .screens import MAX_TEXT, Screen
from .statistics import STAT_LINES, StatsScreen, axis_ticks, stat_text  # noqa: F401


def cards_left_out(rules: Rules) -> str:
    """The two low cards the jokers push out of the deck, in words: ``two of clubs and
    two of diamonds`` (How to play and the Jokers preset's note say it alike)."""
    return " and ".join(card_name(c) for c in JOKERS_REMOVED[rules.jokers_removed])


PRESET_NOTES = {
    "standard": "Nil and blind nil, partners bid at most 13, to 500, mercy at -200.",
    "classic": "No nil: every bid is 1 to 13. Bags cost 100 at 10. To 500.",
    "guide": "Nil but no blind nil; a failed nil's tricks are bags. To 500.",
    "classic-nil": "Classic with nil, one nil a team; a failed nil's tricks are bags.",
    "classic-no-bags": "Classic without the bag penalty: overtricks only score a point.",
    "classic-150": "Classic played to 150: a short match.",
    "suicide": "Suicide: in each team one partner bids nil and the other at least 4.",
    "mirror": "Mirror: everyone bids the spades they hold; the game bids for you.",
    "whiz": "Whiz: bid nil or the number of spades you hold, nothing else.",
    "jokers": "Jokers: Big and Little Joker are the two highest spades; the "
              f"{cards_left_out(PRESETS['jokers'])} leave.",
    "deuces": f"Deuces high: the jokers, the {card_name(HIGH_TWO_OF_DIAMONDS)} and the "
              f"{card_name(HIGH_TWO_OF_SPADES)} are the four highest spades.",
    "cutthroat": "Cutthroat: three players alone, 17 cards each, nil and blind nil, "
                 "bags, to 500.",
    "two-handed": "Two-handed: two players alone, 13 cards drawn from the stock, nil, "
                  "bags, to 500.",
    CUSTOM: "Your own choice of the options below.",
}

# Every rule option: its label, a one-line explanation, and the values offered.
RULE_OPTIONS: list[tuple[str, str, str, tuple[Any, ...]]] = [
    ("nil", "Nil bids", "Bid zero: win 100 if you take no trick, lose 100 if you take one.",
     (True, False)),
    ("blind_nil", "Blind nil", "Bid nil before seeing your cards, for 200 instead of 100; only "
     "for a team that is behind.", (True, False)),
    ("blind_nil_deficit", "Blind nil when behind by", "How far a team must trail before its "
     "players may bid blind nil.", (100, 150, 200, 50, 0)),
    ("team_cap_13", "Partners bid at most 13", "The two partners' bids together may not go "
     "over 13.", (True, False)),
    ("min_team_bid", "Lowest team bid", "Partners' bids must add up to at least this "
     "(0: no minimum; 4 is a common house rule).", (0, 4, 3, 5)),
    ("max_nils_per_team", "Nil bids per team", "How many players of one team may bid nil in "
     "a hand.", (2, 1)),
    ("spades_lead_anytime", "Spades led any time", "Off: nobody may lead a spade until one "
     "has been played on another suit.", (False, True)),
    ("forced_spade_lead_breaks", "A forced spade lead breaks", "Whether a player holding only "
     "spades, who must lead one, breaks spades by it.", (False, True)),
    ("failed_nil_tricks", "Tricks of a failed nil", "count: they help the partner make the "
     "team's bid. bags: each is one point and one bag (an overtrick).", ("count", "bags")),
    ("nil_value", "Nil is worth", "Points won for a nil made and lost for a nil failed.",
     (100, 50, 200)),
    ("blind_nil_value", "Blind nil is worth", "Points won or lost on a blind nil.",
     (200, 100, 300)),
    ("bag_penalty", "Bag penalty", "Tricks over the bid are bags; they add up across hands, "
     "and reaching the limit costs points.", (True, False)),
    ("bag_limit", "Bags before the penalty", "How many bags a team may gather before it pays.",
     (10, 5, 7)),
    ("bag_penalty_points", "The penalty costs", "Points lost each time the bags reach the "
     "limit.", (100, 50, 150)),
    ("target", "Play to", "The first team to reach this score wins the match.",
     (500, 300, 250, 200, 150, 1000)),
    ("mercy", "Mercy rule", "A team that falls to this score or lower loses at once (off: "
     "never).",
     (-200, -250, -300, -500, None)),
    ("nil_pass", "Nil card passing", "After the bidding a nil bidder and the partner swap "
     "this many cards face down, the nil bidder first.", (0, 1, 2)),
    ("ten_for_200", "10 for 200", "A team contract of 10 or more scores 200 when made.",
     (False, True)),
    ("ten_for_200_set", "A failed 10 for 200 costs", "Points lost when such a contract is "
     "set.", (200, 100)),
    ("boston", "Boston", "A team that bid 13 and takes every trick scores a Boston.",
     (False, True)),
    ("boston_value", "A Boston is worth", "Points, or win: the match is won at once.",
     (500, 200, 250, "win")),
]


# Options whose 0 means the rule is not played: their stepper says "off", not "0".
OFF_AT_ZERO = {"nil_pass"}


def value_text(value: Any, name: str = "") -> str:
    """A rule option's value as its switch or stepper shows it (``name``: the option's)."""
    if value is True:
        return "on"
    if value is False or value is None or (value == 0 and name in OFF_AT_ZERO):
        return "off"
    return str(value)


def cycle(values: tuple, current: Any, step: int) -> Any:
    options = list(values)
    if current not in options:
        options.insert(0, current)
    return options[(options.index(current) + step) % len(options)]


def summary_scores(summary: Any) -> str:
    """A saved match's scores for Continue: "us 120, them 80" at four; each player's
    by the name of their place at three and two ("you 120, West 80, East 40")."""
    if summary.players == 4:
        us, them = summary.scores
        return f"us {us}, them {them}"
    names = ("you", *summary.names[1:])
    return ", ".join(f"{names[place]} {score}" for place, score in
                     zip(PLACES[summary.players], summary.scores, strict=True))


class MenuScreen(Screen):
    title = "Spades"
    emblem = True
    wide_columns = True

    def rows(self) -> list[Widget | tuple[Widget, ...]]:
        app = self.app
        rows: list[Widget | tuple[Widget, ...]] = []
        summary = match_summary(app.store) if app.store else None
        if summary is not None and not summary.is_over:
            when = summary.saved_time.astimezone().strftime("%d %b %Y, %H:%M")
            note = f"Hand {summary.hand_number + 1}  ·  {summary_scores(summary)}  ·  " \
                f"saved {when}"
            if summary.practice:
                note += "  ·  practice"
            rows.append(Button("continue", "Continue", app.continue_match, note=note,
                               style="primary"))
        fresh = summary is None or summary.is_over
        if fresh:
            play = Button("play", "Play", self.play, note=rules_summary(app.settings),
                          style="primary")
        elif self.replacing:
            play = Button("play", "Yes, start a new match", self.play, note="Your saved "
                          "match is replaced.", style="danger")
        else:
            play = Button("play", "New match", self.play, note=rules_summary(app.settings)
                          + ". Asks before replacing your saved match.")
        rows.append(play)
        if summary is None and not app.settings.demo_done:
            # A first visit: the guided deal is pointed at until played or dismissed.
            dismiss = Button("demo_dismiss", "No thanks", self.dismiss_demo)
            dismiss.share = 0.5
            rows.append((Button("demo", "Try a guided deal", app.start_demo,
                                note="One hand, step by step."), dismiss))
        rows += [
            (Button("new", "House rules", app.show_house_rules,
                    note="Four, three or two players; every rule."),
             Button("friends", "Play with friends", app.show_friends,
                    note="By a code or a link.")),
            Button("journey", "Journey", lambda: app.show(JourneyScreen(app)),
                   note=journey_summary(app.journey)),
            # The four one-word pages two by two, so the whole menu fits an 800x600
            # window with a saved match (a Continue row more) without scrolling.
            (Button("howto", "How to play", lambda: app.show(RulesScreen(app))),
             Button("settings", "Settings", lambda: app.show(SettingsScreen(app)))),
            (Button("saves", "Your saves", lambda: app.show(SavesScreen(app))),
             Button("stats", "Statistics", lambda: app.show(StatsScreen(app)))),
        ]
        return rows

    def dismiss_demo(self) -> None:
        """No thanks: the menu stops suggesting the demonstration (How to play keeps
        it)."""
        self.app.settings = replace(self.app.settings, demo_done=True)
        self.app.save_settings()
        self.say("The demonstration stays on How to play")

    replacing = False  # Play was tapped once over a saved match: the next tap starts
    # Who sits at the table, said in one line that fits the narrowest phone: Play seats
    # three computers (the partner too), Play with friends seats people.
    tagline = "Computers or friends at your table"

    def title_size(self) -> int:
        font = self.metrics()[0]
        return max(round(font * 2.2), min(round(font * 3.4), self.height // 9))

    def head_height(self) -> int:
        """The page's head and a pad more, so the tagline stands apart from Play (it sat
        half a pad above the button, and read as the button's caption)."""
        return super().head_height() + self.metrics()[2]

    def draw_title(self, surface, drawer) -> bool:
        font, small, pad, _ = self.metrics()
        t = self.app.text
        top = self.title_height() - self.head_height() + pad
        size = self.title_size()
        while size > small and t.font(size, True).size(self.title)[0] + 2 * round(
                t.font(size, True).get_height() * 0.8) + 6 * pad > self.width - 2 * pad:
            size -= 1  # the title and its two spades inside the window
        r = t.blit(surface, self.title, size, theme.TEXT, (self.width // 2, top), "midtop",
                   True)
        icon = drawer.art.suit(3, round(r.height * 0.8), theme.TEXT)
        y = r.centery - icon.get_height() // 2
        surface.blit(icon, (r.left - icon.get_width() - pad * 2, y))
        surface.blit(icon, (r.right + pad * 2, y))
        y = r.bottom + pad // 2
        # A message in the tagline's place; either wraps rather than shrinks.
        showing = self.message and self.now < self.message[1]
        text, ink = (self.message[0], theme.GOLD) if showing else (self.tagline,
                                                                  theme.TEXT_MUTED)
        for line in t.wrap(text, small, self.width - 2 * pad, True)[:self.message_lines()]:
            t.blit(surface, line, small, ink, (self.width // 2, y), "midtop", bool(showing))
            y += round(small * 1.2)
        return True

    def play(self) -> None:
        """One tap to a dealt table, with the rules and players used last."""
        if self.app.has_match_in_progress() and not self.replacing:
            self.replacing = True
            self.say("Tap again to start a new match in place of your saved one")
            return
        self.app.start_game(self.app.settings.rules)

    def footer(self) -> list[Widget]:
        return [Button("quit", "Quit", self.app.quit, hint="Esc")] if self.app.can_quit \
            else []

    def back(self) -> None:
        if self.app.can_quit:
            self.app.quit()


class SettingsScreen(Screen):
    """The device's settings: names and faces, motion, sound, deck, coach and speech.
    The rules and the players' strength are House rules' (a link row leads there)."""

    title = "Settings"

    def change(self, **fields: Any) -> None:
        self.app.settings = replace(self.app.settings, **fields)
        self.app.save_settings()

    def rows(self) -> list[Widget]:
        s = self.app.settings
        # What a player reaches for most comes first: motion, sound, the deck, speech.
        rows: list[Widget] = [Heading("h_table", "Table")]
        rows.append(self._choice("animation_speed", "Animation", ANIMATION_SPEEDS,
                                 "How fast cards move; instant has no motion at all."))
        rows.append(self._toggle("four_colour", "Four-colour deck",
                                 "Spades black, hearts red, diamonds blue, clubs green."))
        rows.append(self._toggle("sound", "Sound", "Short sounds for the deal, cards and "
                                 "tricks."))
        rows.append(self._toggle("coach", "Coach", "Outlines the card or bid the computer "
                                 "would choose, with its reason."))
        rows.append(self._toggle("announcements", "Announcements", ANNOUNCEMENTS_NOTE))
        if s.announcements:  # the rate of words only said with announcements on
            rows.append(self._rate_row())
        rows.append(Heading("h_players", "Players"))
        rows.append(TextField("name", "Your name", s.player_name, self._typer("name"),
                              note="Type to change it; shown at your seat."))
        for i, (key, label) in enumerate((("name_w", "West's name"),
                                          ("name_n", "Your partner's name"),
                                          ("name_e", "East's name"))):
            rows.append(TextField(key, label, s.computer_names[i], self._typer(key),
                                  note="A computer player; its face follows its name."))
        rows.append(self._choice("avatar_shape", "Your face", AVATAR_SHAPES,
                                 "The emblem shown at your seat."))
        rows.append(self._choice("avatar_colour", "Its colour", AVATAR_COLOURS,
                                 "The disc behind your emblem."))
        rows.append(Heading("h_rules", "Rules"))
        rows.append(Button("house", "House rules", self.app.show_house_rules,
                           note=rules_summary(s) + ". The rule set, the players' "
                           "strength, every option."))
        return rows

    def _choice(self, field: str, label: str, values: tuple, note: str) -> Widget:
        current = getattr(self.app.settings, field)

        def step(k: int) -> None:
            self.change(**{field: cycle(values, current, k)})

        return Stepper(field, label, current, lambda: step(-1), lambda: step(1), note=note,
                       choices=[str(v) for v in values])

    def _rate_row(self) -> Widget:
        """How fast the screen reader reads: the table waits that long for its words."""
        rate = self.app.settings.speech_rate

        def step(k: int) -> None:
            self.change(speech_rate=cycle(SPEECH_RATES, rate, k))

        return Stepper("speech_rate", "Speaking rate (words a minute)", str(rate),
                       lambda: step(-1), lambda: step(1),
                       note="Set it to your screen reader's rate: the computer players "
                       "wait this long for the words. Enter skips the wait.")

    def _toggle(self, field: str, label: str, note: str) -> Widget:
        current = getattr(self.app.settings, field)
        return Toggle(field, label, current, lambda: self.change(**{field: not current}),
                      note=note)

    def _typer(self, key: str):
        return lambda text: self.type_text(key, text)

    def type_text(self, key: str, text: str) -> None:
        """The name ``key`` as typed: kept once it is one (the field may be empty for a
        moment while it is retyped)."""
        s = self.app.settings
        others = list(s.computer_names)
        seat = {"name_w": 0, "name_n": 1, "name_e": 2}.get(key)
        name = text[:MAX_TEXT]
        if not name.strip():
            self.say("A name cannot be empty: type one, or the last is kept")
        elif seat is None:
            self.change(player_name=name)
        else:
            others[seat] = name
            self.change(computer_names=tuple(others))


# What the player gets with announcements on, and what is missing without a screen reader.
ANNOUNCEMENTS_NOTE = (
    "Every bid, card, trick and button in words, for your screen reader: through the page "
    "in a browser, or NVDA, JAWS, VoiceOver or Orca on desktop. With no screen reader "
    "running nothing is spoken; on desktop the table's words are still written above it. "
    "Keys 1 to 5 and T ask; A or F2 turns them on or off.")


def rules_text(rules: Rules, touch: bool = False,
               upright: bool = True) -> list[tuple[str, str]]:
    """How to play under ``rules``, in short: (heading, paragraph) pairs; ``touch``:
    the table told for taps rather than keys."""
    out = opening_text(rules)
    out.extend(variant_text(rules))
    out.append(("Following suit", "You must play a card of the suit that was led if you "
                "have one. If you have none, play any card. The highest card of the suit led "
                "wins the trick, unless a spade was played: spades are trumps, and the highest "
                "spade wins. Even the two of spades beats the ace of another suit."))
    if rules.spades_lead_anytime:
        out.append(("Leading spades", "Under these rules spades may be led at any time."))
    else:
        out.append(("Leading spades", "Nobody may lead a spade until spades are broken: a "
                    "player who could not follow suit has played one. A player holding only "
                    "spades may lead one anyway."))
    if rules.partnerships:
        out += scoring_text(rules)
    else:
        out += scoring_alone(rules)
    if touch:
        out.append(("At the table", "Playable cards are raised; the others are dimmed, and "
                    "tapping one says why it is refused. Tap a card to play it, a bid and "
                    "then Confirm to bid. The buttons "
                    f"{'below your hand' if upright else 'along the top'} give a rules hint, "
                    "the coach, the last trick, the score sheet and Undo (the match then "
                    "counts as practice); Menu pauses. Drag a page or panel to scroll it."
                    + (" In the draw, tap Keep or Discard under the card you look at."
                       if rules.draws else "")))
    else:
        out.append(("At the table", "Playable cards are raised; the others are dimmed, and "
                    "choosing one says why it is refused. H gives a rules hint, C turns on "
                    "the coach, L shows the last trick, S the score sheet, U takes back your "
                    "last move (the match then counts as practice). F1 lists every key."
                    + (" In the draw, K keeps the card you look at and D discards it."
                       if rules.draws else "")))
    return out


def scoring_text(rules: Rules) -> list[tuple[str, str]]:
    """How to play's scoring sections for partners at four."""
    out: list[tuple[str, str]] = []
    out.append(("Scoring", "Make your contract (take at least that many tricks) and score 10 "
                "points per trick bid, plus 1 point per extra trick. Take fewer and lose 10 "
                "points per trick bid."))
    if rules.bag_penalty:
        out.append(("Bags", f"Each extra trick is also a bag. When your team's bags reach "
                    f"{rules.bag_limit}, you lose {rules.bag_penalty_points} points and the "
                    "count starts again. Overbidding is risky, underbidding too."))
    if rules.nil:
        nil = (f"Nil is a bid of no tricks at all: +{rules.nil_value} if you take none, "
               f"-{rules.nil_value} if you take any. Your partner's bid is scored on its own.")
        if rules.failed_nil_tricks == "bags":
            nil += " Tricks a failed nil takes count as bags, not toward the partner's bid."
        out.append(("Nil", nil))
    if rules.blind_nil:
        out.append(("Blind nil", f"A team behind by {rules.blind_nil_deficit} or more may bid "
                    f"nil before looking at its cards: +{rules.blind_nil_value} or "
                    f"-{rules.blind_nil_value}."))
    if rules.mercy is not None:
        out.append(("Mercy", f"A team at {rules.mercy} points or less loses at once."))
    return out


def variant_text(rules: Rules) -> list[tuple[str, str]]:
    """How the rule set's variants differ from the ordinary game (docs/rules.md)."""
    out = []
    if rules.bidding == "suicide":
        out.append(("Suicide", "In each team exactly one partner bids nil and the other "
                    "bids 4 or more. The first partner to bid chooses; if it did not bid "
                    "nil, the other must, and if it did, the other bids at least 4."))
    elif rules.bidding == "mirror":
        out.append(("Mirror", "Nobody chooses a bid: each player bids the number of spades "
                    "in their hand (nil with none), and the game bids for everyone as the "
                    "cards are dealt. There is no team cap."))
    elif rules.bidding == "whiz":
        out.append(("Whiz", "Each player bids either nil or the number of spades in their "
                    "hand, nothing else; with no spades, nil. There is no team cap."
                    + (" Only one partner may go nil: once yours has, you bid your spades "
                       "(with none, nil all the same)." if rules.max_nils_per_team == 1
                       else "")))
    if rules.deck == "jokers":
        gone = cards_left_out(rules)
        out.append(("Jokers", "The Big Joker and the Little Joker are spades, the two "
                    "highest: the Big Joker beats the Little Joker, which beats the ace of "
                    f"spades. The {gone} leave the deck, so each hand still has 13 cards. "
                    "A joker follows a spade lead, cannot be led before spades are broken, "
                    "and breaks spades when played on another suit."))
    elif rules.deck == "deuces":
        out.append(("Deuces high", "The four highest spades are, in order, the Big Joker, "
                    "the Little Joker, the two of diamonds and the two of spades, all above "
                    "the ace of spades; the twos of clubs and hearts leave the deck. Each of "
                    "the four is a spade for every rule: following, leading and breaking."))
    if rules.nil_pass:
        n = rules.nil_pass
        out.append(("Passing", f"After the bidding a nil bidder and the partner swap {n} "
                    f"card{'s' if n != 1 else ''}, face down: the nil bidder chooses first."))
    if rules.ten_for_200:
        out.append(("10 for 200", "A team contract of 10 or more scores 200 when made and "
                    f"costs {rules.ten_for_200_set} when set."))
    if rules.boston:
        worth = ("wins the match at once" if rules.boston_value == "win"
                 else f"scores {rules.boston_value}")
        out.append(("Boston", f"A team that bid 13 together and takes every trick {worth}."))
    return out


class RulesScreen(Screen):
    title = "How to play"

    def back(self) -> None:
        """Back to the table it was opened from (the pause menu), else the menu."""
        table, self.app.suspended = self.app.suspended, None
        self.app.show(table) if table is not None else self.app.show_menu()

    def rows(self) -> list[Widget]:
        rules = self.app.settings.rules
        rows: list[Widget] = [
            Button("demo", "Play the demonstration deal",
                   lambda: self.app.start_demo(back=self),
                   note="A deal with fixed cards that shows trumps, following suit and "
                   "breaking spades, step by step, and your rule set's own moment."
                   if rules.partnerships else "A deal of cutthroat with fixed cards: "
                   "trumps, following suit and breaking spades with three, each for "
                   "themselves, step by step." if rules.players == 3 else "A deal of "
                   "two-handed with fixed cards: the draw from the stock, a card kept and "
                   "a card shown, then a hand to bid and play alone.",
                   style="primary"),
            Paragraph("which", "The rules of your rule set "
                      f"({preset_title(self.app.settings.preset)})."),
        ]
        # Where the table's buttons are: below the hand upright, along the top sideways.
        upright = self.height > self.width
        for i, (heading, text) in enumerate(rules_text(rules, self.app.input.touch, upright)):
            rows.append(Heading(f"h{i}", heading))
            rows.append(Paragraph(f"t{i}", text))
        # The games not being played, each in short: keyed by its name, so a test or a
        # link finds "cutthroat" and "two-handed" whichever game is chosen.
        for game, (heading, text) in other_games(rules):
            rows.append(Heading(f"h_{game}", heading))
            rows.append(Paragraph(f"t_{game}", text))
        return rows
