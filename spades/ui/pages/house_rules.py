"""House rules: the page between the menu and a match played under other rules.

A first-time player never needs it (Play on the menu deals at once with the last rules
used). Here the rule set comes first (one of the presets, each explained), then the
strength of the other players; every single rule option is folded under them, for the
player who wants to set them one by one. Start match keeps the choice; Back cancels it.
"""

from __future__ import annotations

from dataclasses import replace

from ...storage import CUSTOM, STRENGTHS
from ..widgets import Heading, Paragraph, Toggle, Widget
from .menu import SettingsScreen


class HouseRulesScreen(SettingsScreen):
    """A new match under rules of the player's choice."""

    def __init__(self, app) -> None:
        super().__init__(app, new=True)
        self.title = "House rules"
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
