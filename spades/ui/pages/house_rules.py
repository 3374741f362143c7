"""House rules: the page between the menu and a match played under other rules.

A first-time player never needs it (Play on the menu deals at once with the last rules
used). Here the game comes first (Spades for four, cutthroat for three, two-handed for
two: games.py), then its rule set (one of its presets, each explained), then the
strength of the other players; every single rule option is folded under them, for the
player who wants to set them one by one. What a game of three or two cannot play is
shown unavailable, with the engine's reason. Start match keeps the choice; Back
cancels it.
"""

from __future__ import annotations

from dataclasses import replace

from ...ai import alone_refusal
from ...engine.rules import Rules, RulesError
from ...storage import CUSTOM, STRENGTHS
from ..speech.words import preset_title
from ..widgets import Button, Heading, Paragraph, Stepper, Toggle, Widget
from .games import (
    COUNT_WORDS,
    FOLLOWS,
    GAME_NAMES,
    GAME_NOTES,
    first_preset,
    game_presets,
    game_title,
    option_values,
    reason_words,
    refused_strengths,
    strengths_for,
    together,
)
from .menu import PRESET_NOTES, RULE_OPTIONS, SettingsScreen, cycle, value_text

LABELS = {name: label for name, label, _, _ in RULE_OPTIONS}


class HouseRulesScreen(SettingsScreen):
    """A new match under rules of the player's choice."""

    title = "House rules"

    def __init__(self, app) -> None:
        super().__init__(app)
        # Folded until asked for, unless the rules are already the player's own.
        self.unfolded = app.settings.preset == CUSTOM
        self.before = app.settings  # what Back goes back to

    def back(self) -> None:
        """Back cancels: the rules and the players go back to what they were (Start
        match is what keeps them); whatever else changed meanwhile stays."""
        b = self.before
        kept = replace(self.app.settings, preset=b.preset, rules=b.rules,
                       opponents_strength=b.opponents_strength,
                       partner_strength=b.partner_strength)
        if kept != self.app.settings:
            self.app.settings = kept
            self.app.save_settings()
        super().back()

    def fold(self) -> None:
        self.unfolded = not self.unfolded

    def rows(self) -> list[Widget]:
        rows: list[Widget] = []
        if self.app.has_match_in_progress():
            rows.append(Paragraph("note", "Starting replaces the match you have saved."))
        rows.append(Heading("h_presets", "Game and rules"))
        rows.append(self.game_row())
        rows.append(self.preset_row())
        rows.append(Heading("h_players", "Players"))
        rules = self.app.settings.rules
        if rules.partnerships:
            rows.append(self._choice("opponents_strength", "Opponents", STRENGTHS,
                                     "West and East, your opponents: easy, normal or hard."))
            rows.append(self._choice("partner_strength", "Your partner", STRENGTHS,
                                     "North, who plays with you: easy, normal or hard."))
        else:
            rows += self.alone_player_rows(rules)
        rows.append(Toggle("details", "Every rule option", self.unfolded, self.fold,
                           note="Set the rules one by one: nil, bags, target and more."))
        if self.unfolded:
            rows += self.rule_rows()
        return rows

    def set_rules(self, rules: Rules) -> None:
        self.app.settings = self.app.settings.with_rules(rules)
        self.app.save_settings()

    def preset_step(self, step: int) -> None:
        names = game_presets(self.app.settings.rules.players)
        current = self.app.settings.preset
        i = names.index(current) if current in names else -1
        self.app.settings = self.app.settings.with_preset(names[(i + step) % len(names)])
        self.app.save_settings()

    def game_step(self, step: int) -> None:
        """Another game: its first rule set, and computer players who can play it."""
        order = list(GAME_NAMES)
        players = order[(order.index(self.app.settings.rules.players) + step) % len(order)]
        settings = self.app.settings.with_preset(first_preset(players))
        offered = strengths_for(settings.rules)
        if settings.opponents_strength not in offered:
            why = reason_words(alone_refusal(settings.opponents_strength, settings.rules))
            settings = replace(settings, opponents_strength=offered[-1])
            self.say(f"Your computer players are {offered[-1]}. {why}")
        self.app.settings = settings
        self.app.save_settings()

    def game_row(self) -> Widget:
        players = self.app.settings.rules.players
        return Stepper("game", "How many play", GAME_NAMES[players],
                       lambda: self.game_step(-1), lambda: self.game_step(1),
                       note=GAME_NOTES[players], choices=list(GAME_NAMES.values()),
                       notes=list(GAME_NOTES.values()))

    def alone_player_rows(self, rules: Rules) -> list[Widget]:
        """At three and two: one strength for every computer player, among those that
        play the game; no partner."""
        offered = strengths_for(rules)
        others = (f"The other {COUNT_WORDS[rules.players - 1]} players, each for "
                  "themselves" if rules.players > 2 else "The other player")
        note = f"{others}: {', '.join(offered[:-1])} or {offered[-1]}."
        for _, why in refused_strengths(rules):
            note += f" {why}"
        current = self.app.settings.opponents_strength

        def step(k: int) -> None:
            self.change(opponents_strength=cycle(tuple(offered), current, k))

        game = game_title(rules).lower()
        return [
            Stepper("opponents_strength", "Computer players", current, lambda: step(-1),
                    lambda: step(1), note=note, choices=offered),
            Button("partner_strength", "Your partner", enabled=False,
                   note=f"No partner in {game}: every player bids and scores alone."),
        ]
    def option_step(self, name: str, values: tuple, step: int) -> None:
        rules = self.app.settings.rules
        value = cycle(values, getattr(rules, name), step)
        # Options that only make sense together move together, and the page says so.
        changes = together(rules, name, value)
        if name == "nil" and "blind_nil" in changes:
            self.say("Blind nil is off too: it is a kind of nil")
        if name == "nil" and "nil_pass" in changes:
            self.say("Nil card passing is off too: it follows a nil bid")
        if name == "nil_pass" and "nil" in changes:
            self.say("Nil is on too: cards are passed after a nil bid")
        if name == "blind_nil" and "nil" in changes:
            self.say("Nil is on too: blind nil is a kind of nil")
        try:
            self.set_rules(rules.with_options(**changes))
        except RulesError as exc:
            self.say(f"Not possible: {exc}")

    def preset_row(self) -> Widget:
        s = self.app.settings
        names = game_presets(s.rules.players)
        note = PRESET_NOTES[s.preset]
        one = len(names) == 1 and s.preset != CUSTOM  # nothing else to step to
        if one:
            note += " Every rule option, below, changes it."
        names.append(CUSTOM)  # every value and note a step may bring, for the row's size
        return Stepper("preset", "Rule set", preset_title(s.preset),
                       lambda: self.preset_step(-1), lambda: self.preset_step(1),
                       note=note, enabled=not one,
                       choices=[preset_title(name) for name in names],
                       notes=[note, *(PRESET_NOTES[name] for name in names)])

    def rule_rows(self) -> list[Widget]:
        """Every rule option: a switch when it is on or off, else a stepper; one the
        game cannot change is shown unavailable, with the engine's reason."""
        rows: list[Widget] = []
        rules = self.app.settings.rules
        refused: dict[str, str] = {}  # option -> why the game cannot change it
        for name, label, note, values in RULE_OPTIONS:
            value = getattr(rules, name)
            offered, reason = option_values(rules, name, values)
            if len(offered) == 1 and reason is not None:
                refused[name] = reason_words(reason, LABELS)
            elif FOLLOWS.get(name) in refused:
                offered, refused[name] = [value], refused[FOLLOWS[name]]
            enabled = len(offered) > 1
            if name in refused:
                note = f"Not in {game_title(rules).lower()}: {refused[name]}"
            if isinstance(value, bool):
                rows.append(Toggle(name, label, value, self._option(name, offered, 1),
                                   note=note, enabled=enabled))
            else:
                rows.append(Stepper(name, label, value_text(value, name),
                                    self._option(name, tuple(offered), -1),
                                    self._option(name, tuple(offered), 1), note=note,
                                    choices=[value_text(v, name) for v in offered],
                                    enabled=enabled))
        return rows

    def _option(self, name: str, values: tuple, step: int):
        return lambda: self.option_step(name, values, step)

    def footer(self) -> list[Widget]:
        return [Button("back", "Back", self.back, hint="Esc"),
                Button("start", "Start match", self.start, style="primary", hint="Enter")]

    def start(self) -> None:
        """Start match: the game chosen, at the table (the App's one way in)."""
        self.app.start_game(self.app.settings.rules)
