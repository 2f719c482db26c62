"""Each player's rounds in a tournament (what every other part counts from; the checked door is :func:`.standings.history`): played, won or lost
by W.O., the bye, out of the round, or still pending.

It reads only the tournament's rounds, so both the pairing (:mod:`.model`, which needs each
player's past opponents and colours) and the standings (:mod:`.standings`) ask it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from damas.course.tournament.texts import POINTS
from damas.rules.colors import BLACK, WHITE, Color

if TYPE_CHECKING:
    from damas.course.tournament.model import Tournament

__all__ = ["Item"]


@dataclass(frozen=True)
class Item:
    """One round of a player: ``kind`` is «jogo» (played), «wo» (won or lost without playing),
    «folga» (the bye), «fora» (not paired: before his entry, after his withdrawal),
    «pendente» (paired, result not entered yet)."""
    round: int
    kind: str
    opponent: int | None = None
    colour: Color | None = None
    points: int = 0                  # half points: 2 a win, 1 a draw


def _rounds_of(t: "Tournament", number: int) -> list[Item]:
    """The rounds of player ``number``, in order."""
    out = []
    for rnd in t.rounds:
        item = Item(rnd.number, "fora")
        if rnd.bye == number:       # a Swiss bye is worth a win; a round robin's round off, nothing
            item = Item(rnd.number, "folga", points=2 if t.system == "suico" else 0)
        for g in rnd.games:
            if number in (g.white, g.black):
                white = number == g.white
                opponent = g.black if white else g.white
                colour: Color = WHITE if white else BLACK
                if g.result is None:
                    item = Item(rnd.number, "pendente", opponent, colour)
                else:
                    pts = POINTS[g.result][0 if white else 1]
                    item = Item(rnd.number, "wo" if g.result.endswith("-wo") else "jogo", opponent, colour, pts)
        out.append(item)
    return out
