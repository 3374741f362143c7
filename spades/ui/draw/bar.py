"""Drawing the table's top bar: both teams always in view, each side's score, its
contract and tricks won, and its bags, in the fullest words that fit (on a phone,
"Us 120 · won 2 of 5 · bags 3", short of room in two lines). ``TableDrawer`` mixes
this in.
"""

from __future__ import annotations

import pygame

from ...engine import BLIND_NIL
from ..art import theme
from ..art.density import px
from ..table.scene import TableScene
from .sheet import TEAM_NAMES


def won_of(won: int, contract: int) -> str:
    """A side's tricks won against its bid, short: "won 2 of 7" while within the bid;
    past it "won 9, bid 7" ("won 9 of 7" read as nonsense)."""
    return f"won {won} of {contract}" if won <= contract else f"won {won}, bid {contract}"


class TopBarDrawer:
    """The top bar's part of ``TableDrawer``: uses its ``text``."""

    def side_label(self, scene: TableScene, side: int) -> str:
        """A side's name in the bar: "Us" and "Them" at four, each player's own name at
        three and two."""
        return TEAM_NAMES[side] if scene.match.rules.partnerships else scene.names[side]

    def side_figures(self, scene: TableScene, side: int) -> tuple[int, int, list[int | None]]:
        """A side's contract, tricks won and bids (its seats': ``rules.side_seats``)."""
        s = scene.shown
        seats = scene.match.rules.side_seats(side)
        bids = [s.bids[q] for q in seats]
        return (sum(max(b or 0, 0) for b in bids), sum(s.tricks_won[q] for q in seats), bids)

    def top_bar(self, surface: pygame.Surface, scene: TableScene) -> None:
        lay = scene.layout
        bar = lay.top_bar
        pygame.draw.rect(surface, theme.BAR, bar)
        s = scene.shown
        t = self.text
        sides = scene.match.rules.sides
        # Side by side (a phone, or three and two players each alone), else a row a team.
        across = lay.portrait or not scene.match.rules.partnerships
        left = lay.toolbar["scores"].left - lay.pad if not lay.portrait else bar.right
        if across and not self.fits_across(scene, left):
            self.bar_in_rows(surface, scene, left)
            return
        level, rooms, score_size, word_size = self.phone_bar_fit(scene) if across \
            else (0, [0] * sides, lay.font_score, lay.font_small)
        for team in range(sides):
            contract, won, bids = self.side_figures(scene, team)
            bidding = any(b is None for b in s.bids)
            colour = theme.US if team == 0 else theme.THEM
            bags = f"bags {s.bags[team]}" if scene.match.rules.bag_penalty else ""
            label = self.side_label(scene, team)
            if across:
                size = lay.font_small
                x = bar.x + (left - bar.x) * team // sides + (lay.pad if team == 0 else 0)
                y = bar.centery
                r = t.blit(surface, label, size, colour, (x, y), "midleft", True)
                r = t.blit(surface, str(s.scores[team]), score_size, theme.TEXT,
                           (r.right + 6, y), "midleft", True)
                options = self.phone_bar_words(scene, team)
                detail = options[min(level, len(options) - 1)]
                if "\n" in detail:  # stacked: the tricks on top, the bags under them
                    won_line, bags_line = detail.split("\n")
                    small, lift = self.stacked_size(bar, word_size)
                    t.blit(surface, won_line, small, theme.TEXT_MUTED,
                           (r.right + 6, bar.top), "topleft", width=rooms[team])
                    t.blit(surface, bags_line, small, theme.TEXT_MUTED,
                           (r.right + 6, bar.bottom - lift), "bottomleft", width=rooms[team])
                elif detail:  # none where the room is gone (a blit there drew "...")
                    t.blit(surface, detail, word_size, theme.TEXT_MUTED, (r.right + 3, y),
                           "midleft", width=rooms[team])
            else:
                size = lay.font
                y = bar.y + bar.height * (0.28 if team == 0 else 0.74)
                x = bar.x + lay.pad * 2
                r = t.blit(surface, label, size, colour, (x, y), "midleft", True)
                score_x = x + t.font(size, True).size("Them")[0] + lay.pad * 2
                big = lay.font_score
                r = t.blit(surface, str(s.scores[team]), big, theme.TEXT,
                           (score_x + t.font(big, True).size("-000")[0], y), "midright", True)
                detail_x = score_x + t.font(big, True).size("-0000")[0] + lay.pad
                width = left - detail_x - lay.pad
                # The fullest words that fit at (about) the bar's size, never a stub cut
                # with "...": short of room "bid 7 · won 2" becomes "won 2/7" (the
                # phone's form), and the bags stay longest, since bags decide matches.
                tail = [bags] if bags else []
                if bidding:  # short of room, "bidding" goes before the bags
                    doing = "drawing" if s.drawing else "bidding"
                    options = ["  ·  ".join([doing, *tail]), *tail, doing]
                else:  # "bid 7 + nil": a nil is no part of the number, but is bid
                    nils = ["blind nil" if b == BLIND_NIL else "nil"
                            for b in bids if b is not None and b <= 0]
                    bid = "bid " + " + ".join(([str(contract)] if contract else []) + nils)
                    # The phone's words when short of room ("won 2 of 7"), never a
                    # bare "2/7" a first-time player has to decode.
                    options = ["  ·  ".join([bid, f"won {won}", *tail]),
                               " · ".join([bid, f"won {won}", *tail]),
                               " · ".join([f"bid {contract}", f"won {won}", *tail]),
                               " · ".join([won_of(won, contract), *tail]),
                               won_of(won, contract)]
                least = max(px(theme.MIN_SIZE), lay.font_small - 2)
                text, fsize = options[-1], t.fit(options[-1], lay.font_small, width)
                for option in options:
                    at = t.fit(option, lay.font_small, width)
                    if at >= least and t.font(at).size(option)[0] <= width:
                        text, fsize = option, at
                        break
                t.blit(surface, text, fsize, theme.TEXT_MUTED, (detail_x, y), "midleft",
                       width=width)

    def fits_across(self, scene: TableScene, left: int) -> bool:
        """Whether every side's name and score stand side by side before ``left`` at
        the least sizes the bar draws them (three players beside a phone's toolbar on
        its side did not: "You 0 Wren 0 Eli 0" ran into one another at 480x320)."""
        lay, t = scene.layout, self.text
        size = lay.font_small
        need = sum(t.font(size, True).size(self.side_label(scene, team))[0] + 6 +
                   t.font(size, True).size(str(scene.shown.scores[team]))[0] + lay.pad
                   for team in range(scene.match.rules.sides))
        return need + lay.pad <= left - lay.top_bar.x

    def bar_in_rows(self, surface: pygame.Surface, scene: TableScene, left: int) -> None:
        """Each side on a row of its own before ``left``, where side by side they do not
        fit: its name, its score in a column, and the fullest of its words that fits
        after them (else none: each seat's badge says its bid and tricks)."""
        lay, t, bar = scene.layout, self.text, scene.layout.top_bar
        sides = scene.match.rules.sides
        row = bar.height / sides
        size = next((z for z in range(lay.font_small, theme.MIN_SIZE - 1, -1)
                     if t.font(z, True).get_ascent() <= row + 1), theme.MIN_SIZE)
        bold = t.font(size, True)
        x = bar.x + lay.pad
        score_x = x + max(bold.size(self.side_label(scene, team))[0]
                          for team in range(sides)) + 6
        words_x = score_x + max(bold.size(str(s))[0] for s in scene.shown.scores) + 6
        for team in range(sides):
            colour = theme.US if team == 0 else theme.THEM
            y = round(bar.y + row * (team + 0.5))
            t.blit(surface, self.side_label(scene, team), size, colour, (x, y), "midleft", True)
            t.blit(surface, str(scene.shown.scores[team]), size, theme.TEXT, (score_x, y),
                   "midleft", True)
            room = left - words_x
            words = next((w for w in self.phone_bar_words(scene, team) if "\n" not in w
                          and t.font(size).size(w)[0] <= room), "")
            if words:
                t.blit(surface, words, size, theme.TEXT_MUTED, (words_x, y), "midleft")

    def phone_bar_words(self, scene: TableScene, team: int) -> list[str]:
        """A side's words in the phone's top bar after its score, fullest first
        ("· won 2 of 5 · bags 3": tricks won of the side's bid; the dot keeps them apart
        from the score). An option with a line break stands in two lines, the tricks
        over the bags."""
        s = scene.shown
        contract, won, bids = self.side_figures(scene, team)
        bags = f" · bags {s.bags[team]}" if scene.match.rules.bag_penalty else ""
        if any(b is None for b in s.bids):  # short of room, "bidding" goes first
            doing = "drawing" if s.drawing else "bidding"
            tail = [] if scene.match.rules.sides == 2 else [""]
            return [f"· {doing}" + bags, bags.lstrip() or f"· {doing}", *tail]
        # The desktop's words ("bid 7 · won 2") where they fit, else "won 2 of 7" as
        # the desktop says it short of room: never a bare "2/7", and "won" always says
        # which number is the tricks and which the bid ("7 of 7" did not). The bags stay
        # longest (bags decide matches): short of room the words stand in two lines
        # ("won 2 of 7" over "bags 9"), then the scores come down a size or two
        # (phone_bar_fit), and only then do the bags go.
        won_bid = won_of(won, contract)
        nils = [b for b in bids if b is not None and b <= 0]
        bid = f"bid {contract}"
        if not contract and nils and not scene.match.rules.partnerships:
            # A player alone who bid nil: no contract to count ("won 0 of 0" before).
            bid = "blind nil" if nils[0] == BLIND_NIL else "nil"
            won_bid = f"{bid}, won {won}"
        # Three players in a phone's bar: short of room, the score alone (each seat's
        # badge says its bid and tricks), never a word cut short.
        least = [] if scene.match.rules.sides == 2 else [""]
        if not bags:
            return [f"· {bid} · won {won}", f"· {won_bid}", *least]
        return [f"· {bid} · won {won}{bags}", f"· {won_bid}{bags}",
                f"{won_bid}\n{bags[3:]}", f"· {won_bid}", *least]

    def words_width(self, words: str, size: int, bar: pygame.Rect) -> int:
        """How wide a side's words stand: their longest line (two lines in their size)."""
        if "\n" in words:
            size = self.stacked_size(bar, size)[0]
        return max(self.text.font(size).size(line)[0] for line in words.split("\n"))

    def stacked_size(self, bar: pygame.Rect, size: int) -> tuple[int, int]:
        """Two lines in the bar: the largest size up to ``size`` at which the first's
        foot stands 3 px above the second's capitals (at 15 px in a 32-px bar they
        touched), never under the least size drawn; and how far the second stands
        above the bar's foot, so that the two look centred (the type's leading is
        above its capitals)."""
        for z in range(size, theme.MIN_SIZE - 1, -1):
            font = self.text.font(z)
            ascent, height = font.get_ascent(), font.get_height()
            cap = font.metrics("H")[0][3]
            gap = bar.height - (height - ascent) - cap - ascent
            if gap >= 3:
                return z, min(2, (gap - 3) // 2)
        return theme.MIN_SIZE, 0

    def phone_bar_fit(self, scene: TableScene) -> tuple[int, list[int], int, int]:
        """How short both sides' words must be so each fits its half of the phone's top
        bar (the same for both, so one side never shows its bags while the other's are
        dropped: a big score or the wider "Them" leaves less room), each side's room
        for them after its name and score, and the score's size: short of room for the
        bags on one line, the words stand in two; short of room for those, the scores
        come down a size or two before the bags are dropped (at 360x640, "-230" and
        "480" once left only the tricks, and bags decide matches), then the words'
        size (the last of the four)."""
        lay = scene.layout
        bar, t, size = lay.top_bar, self.text, lay.font_small
        sides = scene.match.rules.sides
        span = (bar.right if lay.portrait else lay.toolbar["scores"].left - lay.pad) - bar.x
        words = [self.phone_bar_words(scene, team) for team in range(sides)]
        # The options that keep the bags on one line, and those that keep them at all.
        one_line = sum(1 for o in words[0] if "bags" in o and "\n" not in o)
        with_bags = sum(1 for o in words[0] if "bags" in o)
        # Short of room for one line, the words stand in two; then the scores come
        # down, then the words by a pixel or two (never below the smallest size
        # drawn), before a side's bags are dropped.
        sizes = [(s, size) for s in range(lay.font_score, size - 1, -1)] + [
            (size, w) for w in range(size - 1, max(theme.MIN_SIZE, size - 2) - 1, -1)]
        fitted = []
        for score_size, word_size in sizes:
            level, rooms = 0, []
            for team in range(sides):
                used = t.font(size, True).size(self.side_label(scene, team))[0] + 6 + \
                    t.font(score_size, True).size(str(scene.shown.scores[team]))[0] + 3
                # "Us" from the left edge, "Them" from the middle, a pad clear of the next.
                rooms.append(span // sides - lay.pad - used - (0 if team else lay.pad))
                options = words[team]
                fits = next((i for i, o in enumerate(options)
                             if self.words_width(o, word_size, bar) <= rooms[-1]),
                            len(options) - 1)
                level = max(level, fits)
            fitted.append((level, rooms, score_size, word_size))
        # One line at the full sizes, else two lines (the scores stay big: on a phone
        # they are the bar's news), else smaller sizes.
        for enough, tried in ((one_line, fitted[:1]), (with_bags, fitted)):
            for level, rooms, score_size, word_size in tried:
                if level < enough:
                    return level, rooms, score_size, word_size
        level, rooms, score_size, _ = fitted[0]
        return level, rooms, score_size, size

