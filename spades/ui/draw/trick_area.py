"""Drawing the trick area, the table's middle: its caption (the hand, the rules, the
target, practice or a replay's deal) with the spades-broken sign, in as few lines as
fit and never under a card or an open panel; the deck while the cards are dealt; the
trick, its winning card edged in gold and who takes it (on the message line when the
trick fills its room). ``TableDrawer`` mixes this in.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from ...engine import OVER
from ..art import theme
from ..speech.words import table_rules_title
from ..table.scene import HUMAN, TableScene
from .trick_tags import draw_seat_tags


def caption_lines(fits, first: str, rest: list[str]) -> list[str]:
    """The table's caption in as few lines as fit (``fits`` says whether one does): all
    on one, else (a phone) the deal's name, cut at its comma when even that is too wide,
    with the rest packed after it; each line begins with a capital."""
    one = "  ·  ".join([first, *rest])
    if fits(one):
        return [one]
    phrases = [first, *rest] if fits(first) or ", " not in first else \
        [*first.split(", ", 1), *rest]
    lines: list[str] = []
    for phrase in phrases:
        if lines and fits(f"{lines[-1]} · {phrase}"):
            lines[-1] += f" · {phrase}"
        else:
            lines.append(phrase)
    return [line[0].upper() + line[1:] for line in lines]


class TrickAreaDrawer:
    """The trick area's caption, deck and trick, mixed into ``TableDrawer`` (which gives
    the text and art and ``peeks``)."""

    def table_corners(self, surface: pygame.Surface, scene: TableScene) -> None:
        """The hand ("Hand 1"), target, practice mark (a replay: its deal number) and
        the spades-broken sign, in one line at the top of the trick area (two on a
        phone)."""
        lay = scene.layout
        area = lay.trick_area
        s = scene.shown
        t = self.text
        size = lay.font_small
        if scene.replay:
            first, rest = scene.replay, ["replay"]  # the deal number is the export's
        else:
            first = scene.deal_name()
            rules = table_rules_title(scene.match.rules)
            rest = ([rules] if rules else []) + [f"playing to {scene.match.rules.target}"] + (
                ["practice"] if scene.practice else [])
        full = caption_lines(lambda line: t.font(size).size(line)[0] <= area.width - 4,
                             first, rest)
        words = t.render("Spades broken", size, theme.PANEL_TEXT)
        icon = self.art.suit(3, size, (20, 20, 20))
        sign_w = icon.get_width() + words.get_width() + 14
        y = area.y
        self.caption_boxes = []
        # The caption steps aside rather than show as a stub under an open panel or
        # under the trick's cards (a small phone): the score sheet names the hand too.
        cards = [lay.trick_slots[seat] for seat, _ in s.trick] if s.trick else []
        if s.drawing:  # two-handed's stock, pile and card offered (stock_draw.py)
            cards += list(scene.draw_spots())
        if s.dealing:  # the deck in the middle, as big as a trick's card
            deck = Rect(0, 0, lay.trick_w + 12, lay.trick_h + 12)
            cards.append(deck.move(lay.trick_area.centerx - deck.width // 2,
                                   lay.trick_area.centery - deck.height // 2))
        # Short of room under an early trick card (a phone held sideways) the caption
        # keeps only the hand's name, then only the spades-broken sign, moved aside
        # to the trick area's left or right if need be: the sign tells the player
        # what may be led, and it must never sit under a card.
        # A line's whole height, descenders too: the sign under the hand's line once
        # covered the feet of its "p" and "y" on a phone.
        step = max(size + 4, t.font(size).get_height() + 1)
        # Spades broken tells what may be led: over once the match is (it stood under
        # the match's result).
        broken = s.spades_broken and scene.match.phase != OVER
        for lines in ([full, [first], []] if broken else [full]):
            widths = [t.font(size).size(line)[0] for line in lines]
            together = bool(lines) and broken and widths[-1] + 12 + sign_w <= area.width
            if together:
                widths[-1] += 12 + sign_w
            boxes = [Rect(area.centerx - w // 2, y + i * step, w, step)
                     for i, w in enumerate(widths)]
            sign_y = y + len(lines) * step
            sign_xs = [None] if not broken or together else [
                area.centerx - sign_w // 2, area.x + 2, area.right - sign_w - 2]
            # The sign alone needs no line's descenders: on a phone held sideways
            # (568x320) only the old height fits between the trick's cards.
            sign_h = step if lines else size + 4
            for sign_x in sign_xs:
                sign = [] if sign_x is None else [Rect(sign_x, sign_y, sign_w, sign_h)]
                if all(not self.peeks(b) and b.collidelist(cards) < 0 for b in boxes + sign):
                    break
            else:
                continue
            break
        else:
            return
        self.caption_boxes = boxes + sign
        for i, line in enumerate(lines):
            x = boxes[i].x
            drawn = t.blit(surface, line, size, theme.TEXT_MUTED, (x, y))
            if together and i == len(lines) - 1:
                self.spades_sign(surface, Rect(drawn.right + 12, y - 3, sign_w, step),
                                 icon, words)
            y += step
        if sign:
            self.spades_sign(surface, sign[0], icon, words)

    def spades_sign(self, surface: pygame.Surface, box: Rect, icon: pygame.Surface,
                    words: pygame.Surface) -> None:
        self.sign_box = box  # where it was drawn last
        pygame.draw.rect(surface, (235, 235, 228), box, border_radius=6)
        surface.blit(icon, (box.x + 5, box.centery - icon.get_height() // 2))
        surface.blit(words, (box.x + 9 + icon.get_width(), box.centery - words.get_height() // 2))

    def deck(self, surface: pygame.Surface, scene: TableScene) -> None:
        s = scene.shown
        if not s.dealing or s.deck_left <= 0:
            return
        lay = scene.layout
        back = self.art.back(lay.trick_w)
        rect = back.get_rect(center=lay.trick_area.center)
        for i in range(min(6, 1 + s.deck_left // 9)):
            surface.blit(back, rect.move(-i, -i))

    def trick(self, surface: pygame.Surface, scene: TableScene) -> None:
        lay = scene.layout
        s = scene.shown
        self.winner_on_message = False
        for seat, card in s.trick:
            rect = lay.trick_slots[seat]
            if self.peeks(rect):
                continue
            surface.blit(self.art.face(card, rect.width), rect)
            if card == s.winner_card:
                pygame.draw.rect(surface, theme.GOLD, rect.inflate(8, 8), 4, border_radius=10)
        tags = draw_seat_tags(surface, lay, self.text, s.trick, scene.names, self.peeks)
        if s.winner_card is not None:
            seat = next((q for q, c in s.trick if c == s.winner_card), None)
            if seat is not None:
                name = scene.names[seat]
                text = "You take the trick" if seat == HUMAN else f"{name} takes the trick"
                pos = (lay.trick_area.centerx, lay.trick_area.bottom - 2)
                words = Rect((0, 0), self.text.font(lay.font_small, True).size(text))
                if words.move(pos[0] - words.width // 2, pos[1] - words.height).collidelist(
                        [lay.trick_slots[q] for q, _ in s.trick] + tags) >= 0:
                    if scene.message and scene.now < scene.message[1]:
                        return  # a hint or refusal keeps it: the gold edge tells the winner
                    pos = lay.message.midbottom  # a trick filling its room: on the message line
                    self.winner_on_message = True  # a flash there gives way to the words
                    # A narrow column beside the trick: wrapped, upwards, never cut.
                    lines = self.text.wrap(text, lay.font_small, lay.message.width - 8, True)
                    if len(lines) == 2:  # two even lines ("West takes / the trick")
                        words, font = text.split(), self.text.font(lay.font_small, True)
                        lines = min(([" ".join(words[:k]), " ".join(words[k:])]
                                     for k in range(1, len(words))),
                                    key=lambda two: max(font.size(x)[0] for x in two))
                    step = round(lay.font_small * 1.2)
                    for k, line in enumerate(reversed(lines)):
                        self.text.blit(surface, line, lay.font_small, theme.GOLD,
                                       (pos[0], pos[1] - k * step), "midbottom", True)
                    return
                self.text.blit(surface, text, lay.font_small, theme.GOLD, pos, "midbottom", True)
