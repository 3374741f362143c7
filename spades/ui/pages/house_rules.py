"""House rules: the page between the menu and a match played under other rules.

A first-time player never needs it (Play on the menu deals at once with the last rules
used). Here the rule set comes first (one of the presets, each explained), then the
strength of the other players; every single rule option is folded under them, for the
player who wants to set them one by one. Start match keeps the choice; Back cancels it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...engine.rules import PRESETS, Rules, RulesError
from ...storage import CUSTOM, STRENGTHS
from ..speech.words import preset_title
from ..widgets import Button, Heading, Paragraph, Stepper, Toggle, Widget
from .menu import PRESET_NOTES, RULE_OPTIONS, SettingsScreen, cycle, value_text


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
        rows.append(Heading("h_presets", "Rules"))
        rows.append(self.preset_row())
        rows.append(Heading("h_players", "Players"))
        rows.append(self._choice("opponents_strength", "Opponents", STRENGTHS,
                                 "West and East, your opponents: easy, normal or hard."))
        rows.append(self._choice("partner_strength", "Your partner", STRENGTHS,
                                 "North, who plays with you: easy, normal or hard."))
        rows.append(Toggle("details", "Every rule option", self.unfolded, self.fold,
                           note="Set the rules one by one: nil, bags, target and more."))
        if self.unfolded:
            rows += self.rule_rows()
        return rows

    def set_rules(self, rules: Rules) -> None:
        self.app.settings = self.app.settings.with_rules(rules)
        self.app.save_settings()

    def preset_step(self, step: int) -> None:
        names = list(PRESETS)
        current = self.app.settings.preset
        i = names.index(current) if current in names else -1
        self.app.settings = self.app.settings.with_preset(names[(i + step) % len(names)])
        self.app.save_settings()

    def option_step(self, name: str, values: tuple, step: int) -> None:
        rules = self.app.settings.rules
        value = cycle(values, getattr(rules, name), step)
        changes: dict[str, Any] = {name: value}
        # Options that only make sense together move together, and the page says so.
        if name == "nil" and not value and rules.blind_nil:
            changes["blind_nil"] = False
            self.say("Blind nil is off too: it is a kind of nil")
        if name == "nil" and not value and rules.nil_pass:
            changes["nil_pass"] = 0
            self.say("Nil card passing is off too: it follows a nil bid")
        if name == "nil_pass" and value and not rules.nil:
            changes["nil"] = True
            self.say("Nil is on too: cards are passed after a nil bid")
        if name == "blind_nil" and value and not rules.nil:
            changes["nil"] = True
            self.say("Nil is on too: blind nil is a kind of nil")
        try:
            self.set_rules(rules.with_options(**changes))
        except RulesError as exc:
            self.say(f"Not possible: {exc}")

    def preset_row(self) -> Widget:
        s = self.app.settings
        return Stepper("preset", "Rule set", preset_title(s.preset),
                       lambda: self.preset_step(-1), lambda: self.preset_step(1),
                       note=PRESET_NOTES[s.preset],
                       choices=[preset_title(name) for name in PRESET_NOTES],
                       notes=list(PRESET_NOTES.values()))

    def rule_rows(self) -> list[Widget]:
        """Every rule option: a switch when it is on or off, else a stepper."""
        rows: list[Widget] = []
        for name, label, note, values in RULE_OPTIONS:
            value = getattr(self.app.settings.rules, name)
            if isinstance(value, bool):
                rows.append(Toggle(name, label, value, self._option(name, values, 1),
                                   note=note))
            else:
                rows.append(Stepper(name, label, value_text(value, name),
                                    self._option(name, values, -1),
                                    self._option(name, values, 1), note=note,
                                    choices=[value_text(v, name) for v in values]))
        return rows

    def _option(self, name: str, values: tuple, step: int):
        return lambda: self.option_step(name, values, step)

    def footer(self) -> list[Widget]:
        return [Button("back", "Back", self.back, hint="Esc"),
                Button("start", "Start match", self.app.new_match_from_settings,
                       style="primary", hint="Enter")]
