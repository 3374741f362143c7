"""Statistics: your record rule set by rule set, the games of four, three and two
apart, and a chart of your side's points in each hand of your last matches, on a
round scale."""

from __future__ import annotations

import pygame
from pygame import Rect

from ...storage import load_statistics, save_statistics
from ...storage.statistics import Statistics, players_of
from ..art import theme
from ..speech.words import percent, preset_title
from ..widgets import Button, Custom, Heading, Paragraph, Widget
from .games import option_allowed
from .screens import Screen

STAT_LINES = (
    ("Matches won", lambda r: (r.matches_won, r.matches_played)),
    # A hand is "won" when your side scored more points in it than the other side.
    ("Hands won on points", lambda r: (r.hands_won, r.hands_played)),
    ("Contracts made", lambda r: (r.contracts_made, r.contracts_made + r.contracts_set)),
    ("Contracts set", lambda r: (r.contracts_set, r.contracts_made + r.contracts_set)),
    ("Your nils made", lambda r: (r.nils_made, r.nils_tried)),
    ("Your blind nils made", lambda r: (r.blind_nils_made, r.blind_nils_tried)),
    ("Bags taken", lambda r: (r.bags_taken, None)),
    ("Bag penalties", lambda r: (r.bag_penalties, None)),
    ("Points scored", lambda r: (r.points_scored, None)),
)

# At three and two each plays alone: the same counts, said of the player's own bid.
ALONE_LINES = (
    ("Matches won", lambda r: (r.matches_won, r.matches_played)),
    # A hand is "won" when you scored more points in it than each other player.
    ("Hands won on points", lambda r: (r.hands_won, r.hands_played)),
    ("Your bids made", lambda r: (r.contracts_made, r.contracts_made + r.contracts_set)),
    ("Your bids set", lambda r: (r.contracts_set, r.contracts_made + r.contracts_set)),
    ("Your nils made", lambda r: (r.nils_made, r.nils_tried)),
    ("Your blind nils made", lambda r: (r.blind_nils_made, r.blind_nils_tried)),
    ("Your bags", lambda r: (r.bags_taken, None)),
    ("Your bag penalties", lambda r: (r.bag_penalties, None)),
    ("Your points", lambda r: (r.points_scored, None)),
)

# The games, in the order the page shows them: (players, the heading of its total).
GAMES = ((4, "Spades for four, all rule sets"), (3, "Cutthroat, all rule sets"),
         (2, "Two-handed, all rule sets"))


def stat_lines(players: int) -> tuple:
    """The lines of a record of the game of ``players``: no blind nil line for a game
    that cannot play it (two-handed: the engine refuses it)."""
    if players == 4:
        return STAT_LINES
    if not option_allowed(players, "blind_nil", True):
        return tuple(line for line in ALONE_LINES if "blind" not in line[0])
    return ALONE_LINES


def stat_text(part: int, whole: int | None) -> str:
    if whole is None:
        return str(part)
    if not whole:
        return "0 of 0"
    return f"{part} of {whole} ({percent(part, whole)}%)"


def axis_ticks(low: int, high: int) -> list[int]:
    """Round values for the chart's scale, from at or below ``low`` to at or above
    ``high``, zero always among them: (-80, 130) gives -100, 0, 100, 200;
    at most four steps."""
    low, high = min(low, 0), max(high, 0)
    if low == high:
        high = 10
    span = high - low
    step = next(s for s in (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000) if span / s <= 4) \
        if span <= 10_000 else span // 4
    bottom = (low // step) * step
    top = -(-high // step) * step
    return list(range(bottom, top + 1, step))


class StatsScreen(Screen):
    title = "Statistics"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.confirming = False

    def rows(self) -> list[Widget]:
        stats = load_statistics(self.app.store) if self.app.store else Statistics()
        font, small, pad, _ = self.metrics()
        rows: list[Widget] = []
        if stats.is_empty:
            # The record's lines at nought, so the page shows what it will keep (a
            # sentence alone on the felt read as a page not yet made).
            rows.append(Paragraph("none", "No match finished yet. Play one to the end and "
                                  "your record fills in here, rule set by rule set."))
            rows.append(Heading("h_empty", "Your record"))
            rows.append(Custom("t_empty", len(STAT_LINES) * round(small * 1.3) + pad,
                               self._table(stats.total), words=table_words(stats.total)))
        else:
            if stats.recent:
                rows.append(Heading("h_chart", "Points per hand, your last matches"))
                rows.append(Custom("chart", round(font * 9.5),
                                   lambda surface, rect: self.chart(surface, rect, stats),
                                   words=chart_words(stats)))
            for key, title, record, players in sections(stats):
                lines = stat_lines(players)
                rows.append(Heading(f"h_{key}", title))
                rows.append(Custom(f"t_{key}", len(lines) * round(small * 1.3) + pad,
                                   self._table(record, lines),
                                   words=table_words(record, lines)))
        if not stats.is_empty:  # nothing to reset: no Reset
            label = "Yes, reset the statistics" if self.confirming else "Reset statistics"
            rows.append(Button("reset", label, self.reset, style="danger",
                               note="Asks once more." if not self.confirming else
                               "For good."))
        return rows

    def _table(self, record, lines=STAT_LINES):
        def paint(surface, rect) -> None:
            _, small, pad, _ = self.metrics()
            t = self.app.text
            y = rect.y
            for label, get in lines:
                part, whole = get(record)
                t.blit(surface, label, small, theme.TEXT_MUTED, (rect.x + pad, y))
                t.blit(surface, stat_text(part, whole), small, theme.TEXT,
                       (rect.right - pad, y), "topright", True)
                y += round(small * 1.3)
        return paint

    def chart(self, surface, rect, stats: Statistics) -> None:
        """Bars of your team's points in each hand, match after match (oldest left), on
        a scale with its values: the top, zero and the bottom, with lines across."""
        _, small, pad, _ = self.metrics()
        t = self.app.text
        box = rect.inflate(-2 * pad, -pad)
        pygame.draw.rect(surface, (12, 48, 32), box, border_radius=8)
        matches = stats.recent
        hands = sum(len(m.points) for m in matches) + len(matches) - 1
        if hands <= 0:
            return
        points = [p for m in matches for p in m.points] or [0]
        ticks = axis_ticks(min(points), max(points))
        low, high = ticks[0], ticks[-1]
        size = small  # the scale and the note in the secondary size, never smaller
        label_w = max(t.font(size).size(f"{v:+d}")[0] for v in ticks) + pad
        # The legend breaks between its two phrases, never inside "W won, L lost".
        phrases = ("One bar a hand, match after match:", "W won, L lost, * practice")
        note = " ".join(phrases)
        note_lines = [note] if t.font(size).size(note)[0] <= box.width - 2 * pad else [
            line for phrase in phrases for line in t.wrap(phrase, size, box.width - 2 * pad)]
        label_h = small + 4
        note_h = len(note_lines) * round(size * 1.1) + 2
        area = Rect(box.x + pad + label_w, box.y + pad + size // 2,
                    box.width - 2 * pad - label_w,
                    box.height - 2 * pad - label_h - note_h - size // 2)

        def y_of(value: float) -> int:
            return round(area.y + (high - value) / (high - low) * area.height)

        zero = y_of(0)
        for value in ticks:
            y = y_of(value)
            line = theme.TEXT_MUTED if value == 0 else (40, 84, 62)
            pygame.draw.line(surface, line, (area.x, y), (area.right, y))
            t.blit(surface, f"{value:+d}" if value else "0", size, theme.TEXT_MUTED,
                   (area.x - pad // 2, y), "midright")
        step = area.width / hands
        x = float(area.x)
        for match in matches:
            start = x
            for value in match.points:
                y = y_of(value)
                bar = Rect(round(x + step * 0.15), min(y, zero), max(1, round(step * 0.7)),
                           max(1, abs(zero - y)))
                pygame.draw.rect(surface, (90, 200, 120) if value >= 0 else (235, 110, 90),
                                 bar)
                x += step
            mark = "W" if match.won else "L"
            mark += "*" if match.practice else ""
            t.blit(surface, mark, small, theme.TEXT if match.won else theme.TEXT_MUTED,
                   (round((start + x) / 2), area.bottom + 2), "midtop", True)
            x += step  # a gap between matches
        y = box.bottom - 3 - len(note_lines) * round(size * 1.1)
        for line in note_lines:
            t.blit(surface, line, size, theme.TEXT_MUTED, (box.centerx, y), "midtop")
            y += round(size * 1.1)

    def reset(self) -> None:
        if not self.confirming:
            self.confirming = True
            self.say("Press Reset again to confirm")
            return
        save_statistics(self.app.store, Statistics())
        self.confirming = False
        self.say("Statistics reset")


def sections(stats: Statistics) -> list[tuple[str, str, object, int]]:
    """The page's records: (key, heading, record, players), game by game (four, then
    cutthroat, then two-handed), each game's total first when it has more than one rule
    set; then the practice ones."""
    out: list[tuple[str, str, object, int]] = []
    only_four = all(players_of(n) == 4 for n, _ in stats.rows())
    for players, total_title in GAMES:
        played = [(n, r) for n, r in stats.rows() if players_of(n) == players]
        if only_four:
            total_title = "All rule sets"  # no other game to tell it from
        if len(played) > 1:
            out.append((f"all_{players}" if players != 4 else "all", total_title,
                        stats.game_total(players), players))
        out += [(name, preset_title(name), record, players) for name, record in played]
    out += [(f"practice_{name}", f"{preset_title(name)}, practice (Undo used)", record,
             players_of(name)) for name, record in stats.rows(practice=True)]
    return out


def table_words(record, lines=STAT_LINES) -> str:
    """A record's table as a listener hears it: each line and its figure."""
    return " ".join(f"{label}: {stat_text(*get(record))}." for label, get in lines)


def chart_words(stats) -> str:
    """The chart in words: each recent match, won or lost, and its hands' points."""
    parts = []
    for i, match in enumerate(stats.recent, 1):
        result = "won" if match.won else "lost"
        points = ", ".join(f"{p:+d}" for p in match.points)
        parts.append(f"Match {i}, {result}{', practice' if match.practice else ''}: "
                     f"{points}.")
    return " ".join(parts)
