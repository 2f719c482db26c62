"""Small demonstrations that several chapters run: the kings walking in rings while the rules
count their moves (chapters 11 and 13).  A demonstration only one chapter runs lives in that
chapter's module.  The chapters call them in one line; the rules come from the package, never
from here.

``import damas.course.kit.demos`` stays pure Python.
"""

from __future__ import annotations

from damas.rules.args import checked

__all__ = ["kings_in_rings"]


@checked()
def kings_in_rings(game, white_ring, black_ring, until=None) -> list:
    """Each side walks one king round its ring of squares (``['c3', 'a1',
    'b2']``) until the game ends, or until ``until`` moves; the other pieces
    stay put.  Returns the king-move count (:meth:`Game.king_moves_count`)
    after each move."""
    counts = []
    while not game.is_over() and (until is None or len(game.moves) < until):
        ring = white_ring if game.turn == "W" else black_ring
        lap = len(game.moves) // 2
        game.push(f"{ring[lap % len(ring)]}-{ring[(lap + 1) % len(ring)]}")
        counts.append(game.king_moves_count())
    return counts


