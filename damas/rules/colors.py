"""The two sides, White and Black: their one-letter codes, their Portuguese names, the other side.

A colour is the one-letter code of the FEN and the PDN, ``"W"`` (:data:`WHITE`) or ``"B"``
(:data:`BLACK`): plain texts, so that a position, a stored game and a saved progress file read
the same as before, and a student may type ``'W'``.  For the types, a colour is
:data:`Color` (``Literal["W", "B"]``).

Everything else about the colours is here and nowhere else:

* the other side: :func:`opponent` (and :data:`OPPONENT`, the same as a mapping, for the search's
  inner loop);
* the Portuguese names a student reads: :data:`NAMES` (``"brancas"``, ``"pretas"``: the side, as in
  «as brancas jogam»), :data:`SINGULAR` (``"branca"``, ``"preta"``: one piece, «pedra branca»),
  :func:`side_name` and :func:`piece_color_name`;
* the check of a caller's colour: :func:`check_color` and the spec :data:`COLOR`.

>>> opponent(WHITE), NAMES[BLACK], side_name("W", capital=True)
('B', 'pretas', 'Brancas')
"""

from __future__ import annotations

from typing import Final, Literal

from damas.errors import ArgumentError
from damas.rules.values import checked_with, choice_spec, flag_spec, shown

__all__ = ["WHITE", "BLACK", "COLORS", "Color", "NAMES", "SINGULAR", "OPPONENT", "opponent", "side_name",
           "piece_color_name", "check_color", "is_color", "COLOR", "COLOR_OF_WORD"]

#: A side, for the types: its one-letter code.
Color = Literal["W", "B"]

WHITE: Final = "W"
BLACK: Final = "B"
#: Both sides, White first (the order of the FEN).
COLORS: Final[tuple[Color, Color]] = (WHITE, BLACK)

#: The side's name, in the plural, as a player's pieces are named: «as brancas jogam».
NAMES: Final[dict[Color, str]] = {WHITE: "brancas", BLACK: "pretas"}
#: The colour of one piece (a feminine noun: «pedra branca», «dama preta»).
SINGULAR: Final[dict[Color, str]] = {WHITE: "branca", BLACK: "preta"}
#: The side a word names, read back from a text: «brancas», «branca» -> 'W' (lower case).
COLOR_OF_WORD: Final[dict[str, Color]] = {**{name: color for color, name in NAMES.items()},
                                          **{name: color for color, name in SINGULAR.items()}}
#: The other side of each side.
OPPONENT: Final[dict[Color, Color]] = {WHITE: BLACK, BLACK: WHITE}


#: A side given to a public function: 'W' (brancas) or 'B' (pretas).
COLOR = choice_spec(NAMES)


@checked_with({}, color=COLOR)
def opponent(color: Color) -> Color:
    """The other side: ``opponent("W") == "B"``."""
    return BLACK if color == WHITE else WHITE


@checked_with({}, color=COLOR, capital=flag_spec())
def side_name(color: Color, capital: bool = False) -> str:
    """«brancas» or «pretas» (with ``capital``, «Brancas», «Pretas», to open a sentence)."""
    name = NAMES[color]
    return name.capitalize() if capital else name


@checked_with({}, color=COLOR)
def piece_color_name(color: Color) -> str:
    """«branca» or «preta»: the colour of one piece."""
    return SINGULAR[color]


def is_color(value: object) -> bool:
    """True when ``value`` is ``"W"`` or ``"B"``."""
    return isinstance(value, str) and value in NAMES


def check_color(color: object) -> Color:
    """``color`` if it is 'W' or 'B'; else ArgumentError, in Portuguese."""
    if not isinstance(color, str) or color not in NAMES:
        raise ArgumentError(f"Cor inválida: {shown(color)}; use 'W' ({NAMES[WHITE]}) ou 'B' ({NAMES[BLACK]}).")
    return WHITE if color == WHITE else BLACK
