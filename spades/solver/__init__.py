"""The exact double-dummy solver: what each side could take with every hand visible.

It answers, for any position of the play (the four hands, the trick in progress, who
led it, whether spades are broken, the rules of the lead): the most tricks a side can
take, whether a side can take its contract, whether a nil can be kept or set. Pure
Python with no threads, so it runs in the browser too, where its ``Analysis`` jobs run
in slices between frames. It imports only ``spades.engine``, whose ``legal`` and
``cards`` modules say what may be played and who wins a trick.
"""

from .position import (
    CANCELLED,
    DONE,
    NOT_FINISHED,
    RUNNING,
    Analysis,
    Position,
    best_line,
    can_take,
    can_take_job,
    card_values,
    most_tricks,
    most_tricks_job,
    nil_kept,
    nil_kept_job,
)

__all__ = [
    "CANCELLED", "DONE", "NOT_FINISHED", "RUNNING", "Analysis", "Position", "best_line",
    "can_take", "can_take_job", "card_values", "most_tricks", "most_tricks_job", "nil_kept",
    "nil_kept_job",
]
