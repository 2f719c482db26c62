"""A piece and a move: the two values the position hands out.

:class:`Piece` is a colour and whether it is a king; :class:`Move` is a
start, an end, the pieces captured and the path, equal to another move with
the same start, end and set of captured pieces.  The colours ``WHITE`` and
``BLACK`` are the one-letter codes of the FEN.
"""

from __future__ import annotations

import operator
from collections import namedtuple

from damas.errors import ArgumentError, IllegalMoveError
from damas.rules.values import choice_spec, instance_of, refuse, shown

__all__ = ["Piece", "Move", "WHITE", "BLACK", "COLOR_NAMES", "MOVE", "MOVES", "COLOR"]

WHITE = "W"
BLACK = "B"
COLOR_NAMES = {WHITE: "brancas", BLACK: "pretas"}


def _check_color(color):
    if not isinstance(color, str) or color not in (WHITE, BLACK):
        raise ArgumentError(f"Cor inválida: {shown(color)}; use 'W' (brancas) ou 'B' (pretas).")
    return color


class Piece(namedtuple("Piece", "color king")):
    """A piece: its colour ('W' or 'B') and whether it is a king."""

    __slots__ = ()

    def __new__(cls, color, king=False):
        _check_color(color)
        return super().__new__(cls, color, bool(king))

    def symbol(self) -> str:
        """'w'/'b' for men, 'W'/'B' for kings."""
        return self.color if self.king else self.color.lower()

    @property
    def name(self) -> str:
        """Portuguese name: 'pedra branca', 'dama preta', ..."""
        kind = "dama" if self.king else "pedra"
        return f"{kind} {'branca' if self.color == WHITE else 'preta'}"

    def __repr__(self) -> str:
        return f"Piece({self.color!r}, king={self.king})"


class Move(tuple):
    """A move: ``start`` and ``end`` squares, the ``captured`` squares in the
    order they were taken and the ``path`` of squares landed on (start
    first, end last).

    Two moves are equal when they have the same start, end and *set* of
    captured squares (the order of a capture does not make another move).
    Moves are made by :meth:`Board.legal_moves` or :meth:`Board.parse_move`;
    ``Move(22, 17)`` or ``Move(28, 19, captured=(23,))`` also builds one,
    which :meth:`Board.push` accepts only if it is legal there.  Squares
    are whole numbers (a truth value or a text is not a square: that is an
    IllegalMoveError); a move made by :meth:`Board.legal_moves` remembers the
    position and the variant it was made for, and is played there without a
    second look.
    """

    __slots__ = ()

    # tuple layout: start, end, captured, path, position key, captured mask, flags
    def __new__(cls, start, end, captured=(), path=None):
        try:
            start, end = _whole(start), _whole(end)
            captured = tuple(_whole(c) for c in captured)
            path = (start, end) if path is None else tuple(_whole(p) for p in path)
        except (TypeError, ValueError):
            raise IllegalMoveError(
                f"Lance mal formado: Move({shown(start)}, {shown(end)}, captured={shown(captured)}, "
                f"path={shown(path)}). As casas de um lance são números inteiros, por exemplo "
                "Move(22, 17).") from None
        return tuple.__new__(cls, (start, end, captured, path, None, 0, 0))

    start = property(lambda self: tuple.__getitem__(self, 0), doc="Square where the move starts.")
    end = property(lambda self: tuple.__getitem__(self, 1), doc="Square where the move ends.")
    captured = property(lambda self: tuple.__getitem__(self, 2),
                        doc="Squares of the captured pieces, in the order taken.")
    path = property(lambda self: tuple.__getitem__(self, 3),
                    doc="Squares landed on, from start to end.")

    @property
    def is_capture(self) -> bool:
        return bool(tuple.__getitem__(self, 2))

    @property
    def promotes(self) -> bool:
        """True when a man ends this move on the far row and is crowned."""
        return bool(tuple.__getitem__(self, 6) & _PROMOTES)

    @property
    def ambiguous(self) -> bool:
        """True when another legal move has the same start and end, so the
        short notation is not enough and the full path must be written."""
        return bool(tuple.__getitem__(self, 6) & _AMBIGUOUS)

    def key(self):
        """(start, end, frozenset of captured squares): the move's identity."""
        return (self[0], self[1], frozenset(self[2]))

    def __eq__(self, other):
        if not isinstance(other, Move):
            return NotImplemented
        return (self[0] == other[0] and self[1] == other[1]
                and (self[2] == other[2] or frozenset(self[2]) == frozenset(other[2])))

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash((self[0], self[1], frozenset(self[2])))

    def __len__(self):  # a move is not a container of squares
        return 1

    def __iter__(self):
        raise TypeError("Um lance (Move) não é uma sequência; use move.path ou move.captured.")

    def __lt__(self, other):
        return (self[0], self[1], self[2]) < (other[0], other[1], other[2])

    def text(self, separator=None, full=None, names=None) -> str:
        """The move in numeric notation ('22-17', '28x19'); the full path
        when ``full`` is true or, by default, when the move is ambiguous.
        ``names`` maps a square number to its written name."""
        if separator is not None and not isinstance(separator, str):
            raise refuse("separator", "um texto, como '-' ou 'x'", separator)
        if names is not None and not callable(names):
            raise refuse("names", "uma função que dá o nome de cada casa", names)
        sep = separator or ("x" if self[2] else "-")
        squares = self[3] if (self.ambiguous if full is None else full) else (self[0], self[1])
        name = names or str
        return sep.join(name(s) for s in squares)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        args = [shown(self[0]), shown(self[1])]
        if self[2]:
            args.append(f"captured={shown(self[2], 200)}")
        if len(self[3]) > 2:
            args.append(f"path={shown(self[3], 200)}")
        return f"Move({', '.join(args)})"

    def __reduce__(self):
        return (Move, (self[0], self[1], self[2], self[3]))


_PROMOTES = 1
_AMBIGUOUS = 2
_new_move = tuple.__new__


def _whole(value) -> int:
    """A whole number (an int, or a number type with __index__), never a bool."""
    if isinstance(value, bool):
        raise TypeError("bool")
    return operator.index(value)


# -- the checks of a caller's moves (damas.rules.args gathers them) -----------------------------

#: A move (:class:`Move`), as ``Board.legal_moves`` gives it.
MOVE = instance_of(Move, "um lance (Move), como Board.legal_moves() os dá")


def MOVES(value, name):  # noqa: N802 - a constant-like spec
    """A list (or tuple) of moves."""
    if not isinstance(value, (list, tuple)):
        raise refuse(name, "uma lista de lances (Move)", value)
    for item in value:
        MOVE(item, f"{name} (um dos itens)")
    return value


#: A side: 'W' (White) or 'B' (Black).
COLOR = choice_spec(COLOR_NAMES)
