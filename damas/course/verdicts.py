"""Engine verdicts that survive depth (issue 25, item 3).

A chapter that prints «o lance X vale cerca de N pedras a menos que Y» rests on a search at some
depth.  A verdict is kept only if a search 4 plies deeper and a timed search (10 s by default) say
the same: here, the value of a move for the side that plays it, at a fixed depth or on the clock,
and the gap between two moves under each of the three searches.

A timed search stops at once on a position with a single legal move, so :func:`move_value` plays
forced replies through before it starts the clock.
"""

from __future__ import annotations

from damas.engine.search import analyse
from damas.rules.args import MOVE, checked, number_spec, optional, text, whole_spec

DEEPER = 4          # plies a verdict is confirmed beyond the depth it was printed at
SECONDS = 10.0      # the timed search that confirms it too


def _move_or_text(value, name):
    """A Move, or a move's text as the chapters write it («f6-e5»)."""
    return text(value, name, empty=False) if isinstance(value, str) else MOVE(value, name)


@checked(move=_move_or_text, depth=optional(whole_spec(1, 40)), seconds=optional(number_spec(0.01, 3600)))
def move_value(board, move, depth: int | None = None, seconds: float | None = None) -> int:
    """The score (hundredths of a man) of ``move`` for the side that plays it from ``board``
    (not changed): a search of the position after it, to ``depth - 1`` plies, or for
    ``seconds`` after the forced replies are played."""
    after = board.copy(stack=False)
    if isinstance(move, str):
        move = after.parse_move(move)
    after.push(move)
    sign = -1
    if seconds is not None:
        while len(after.legal_moves()) == 1:
            after.push(after.legal_moves()[0])
            sign = -sign
    if depth is not None:
        return sign * analyse(after, depth=max(1, depth - 1), seconds=None).score
    return sign * analyse(after, seconds=seconds).score


@checked(played=_move_or_text, recommended=_move_or_text, depth=whole_spec(1, 40), seconds=number_spec(0.01, 3600))
def gaps(board, played, recommended, depth: int = 8, seconds: float = SECONDS) -> dict:
    """How much better ``recommended`` is than ``played`` (hundredths of a man, for the side to
    move) at ``depth``, at ``depth + DEEPER`` and in a ``seconds`` search."""
    out = {}
    for label, kw in ((f"profundidade {depth}", {"depth": depth}),
                      (f"profundidade {depth + DEEPER}", {"depth": depth + DEEPER}),
                      (f"{seconds:g} s", {"seconds": seconds})):
        out[label] = move_value(board, recommended, **kw) - move_value(board, played, **kw)
    return out
