"""A piece and a move: the two values the position hands out.

:class:`Piece` is a colour and whether it is a king (a named pair: ``color, king = piece``);
:class:`Move` is a frozen dataclass: a start, an end, the pieces captured and the path, equal to
another move with the same start, end and set of captured pieces.  The colours ``WHITE`` and
``BLACK`` are the one-letter codes of the FEN (:mod:`damas.rules.colors`).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any, NamedTuple

from damas.errors import IllegalMoveError
from damas.rules.colors import BLACK, COLOR, NAMES, WHITE, Color, check_color, piece_color_name
from damas.rules.values import instance_of, refuse, shown

__all__ = ["Piece", "Move", "WHITE", "BLACK", "COLOR_NAMES", "MOVE", "MOVES", "COLOR"]

#: The sides' names, «brancas» and «pretas» (:data:`damas.rules.colors.NAMES`).
COLOR_NAMES = NAMES
_check_color = check_color


class _PieceFields(NamedTuple):
    color: Color
    king: bool


class Piece(_PieceFields):
    """A piece: its colour ('W' or 'B') and whether it is a king."""

    __slots__ = ()

    def __new__(cls, color: str, king: bool = False) -> Piece:
        return super().__new__(cls, check_color(color), bool(king))

    def symbol(self) -> str:
        """'w'/'b' for men, 'W'/'B' for kings."""
        return self.color if self.king else self.color.lower()

    @property
    def name(self) -> str:
        """Portuguese name: 'pedra branca', 'dama preta', ..."""
        return f"{'dama' if self.king else 'pedra'} {piece_color_name(self.color)}"

    def __repr__(self) -> str:
        return f"Piece({self.color!r}, king={self.king})"


#: The position a move was made for, as the board keys it: (white bits, black bits, king bits,
#: side to move, variant).
PositionKey = tuple[int, int, int, Color, object]


@dataclass(frozen=True, slots=True, eq=False, repr=False, init=False)
class Move:
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

    A move is a value, frozen: it has no length and is not a sequence of squares (its
    squares are ``move.path``, its captures ``move.captured``).
    """

    start: int
    end: int
    captured: tuple[int, ...]
    path: tuple[int, ...]
    # What the board that made the move knows of it: the position it was made for (None for a
    # move built by hand), the bits of the captured pieces, and _PROMOTES | _AMBIGUOUS.
    _key: PositionKey | None = field(default=None, repr=False)
    _cmask: int = field(default=0, repr=False)
    _flags: int = field(default=0, repr=False)

    def __init__(self, start: int, end: int, captured: tuple[int, ...] | list[int] = (),
                 path: tuple[int, ...] | list[int] | None = None) -> None:
        try:
            start, end = _whole(start), _whole(end)
            caps = tuple(_whole(c) for c in captured)
            route = (start, end) if path is None else tuple(_whole(p) for p in path)
        except (TypeError, ValueError):
            raise IllegalMoveError(
                f"Lance mal formado: Move({shown(start)}, {shown(end)}, captured={shown(captured)}, "
                f"path={shown(path)}). As casas de um lance são números inteiros, por exemplo "
                "Move(22, 17).") from None
        _set_fields(self, start, end, caps, route, None, 0, 0)

    @property
    def is_capture(self) -> bool:
        return bool(self.captured)

    @property
    def promotes(self) -> bool:
        """True when a man ends this move on the far row and is crowned."""
        return bool(self._flags & _PROMOTES)

    @property
    def ambiguous(self) -> bool:
        """True when another legal move has the same start and end, so the
        short notation is not enough and the full path must be written."""
        return bool(self._flags & _AMBIGUOUS)

    def key(self) -> tuple[int, int, frozenset[int]]:
        """(start, end, frozenset of captured squares): the move's identity."""
        return (self.start, self.end, frozenset(self.captured))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (self.start == other.start and self.end == other.end
                and (self.captured == other.captured or frozenset(self.captured) == frozenset(other.captured)))

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash((self.start, self.end, frozenset(self.captured)))

    def __lt__(self, other: Move) -> bool:
        return (self.start, self.end, self.captured) < (other.start, other.end, other.captured)

    def text(self, separator: str | None = None, full: bool | None = None,
             names: Callable[[int], str] | None = None) -> str:
        """The move in numeric notation ('22-17', '28x19'); the full path
        when ``full`` is true or, by default, when the move is ambiguous.
        ``names`` maps a square number to its written name."""
        if separator is not None and not isinstance(separator, str):
            raise refuse("separator", "um texto, como '-' ou 'x'", separator)
        if names is not None and not callable(names):
            raise refuse("names", "uma função que dá o nome de cada casa", names)
        sep = separator or ("x" if self.captured else "-")
        squares = self.path if (self.ambiguous if full is None else full) else (self.start, self.end)
        name = names or str
        return sep.join(name(s) for s in squares)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        args = [shown(self.start), shown(self.end)]
        if self.captured:
            args.append(f"captured={shown(self.captured, 200)}")
        if len(self.path) > 2:
            args.append(f"path={shown(self.path, 200)}")
        return f"Move({', '.join(args)})"

    def __reduce__(self) -> tuple[type[Move], tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
        return (Move, (self.start, self.end, self.captured, self.path))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Move:
        return self


_PROMOTES = 1
_AMBIGUOUS = 2

_setters = tuple(getattr(Move, name).__set__ for name in ("start", "end", "captured", "path", "_key", "_cmask",
                                                          "_flags"))


def _set_fields(move: Move, start: int, end: int, captured: tuple[int, ...], path: tuple[int, ...],
                key: PositionKey | None, cmask: int, flags: int) -> None:
    """Fill the slots of a new Move (it is frozen: its own __setattr__ refuses)."""
    for setter, value in zip(_setters, (start, end, captured, path, key, cmask, flags)):
        setter(move, value)


class _Made:
    """The same slots as :class:`Move`, without its freezing: ``_Made(...)`` fills them and makes
    the object a Move at once (``__class__`` assignment between two classes of one layout).  The
    move generator makes every legal move so (:func:`_new_move`): about 190 ns a move, where
    filling a frozen Move slot by slot takes twice as long."""

    __slots__ = Move.__slots__

    def __init__(self, start: int, end: int, captured: tuple[int, ...], path: tuple[int, ...],
                 key: PositionKey | None, cmask: int, flags: int) -> None:
        self.start = start
        self.end = end
        self.captured = captured
        self.path = path
        self._key = key
        self._cmask = cmask
        self._flags = flags
        self.__class__ = Move  # type: ignore[assignment]


#: A Move made by the generator for the position ``key``: ``_new_move(start, end, captured,
#: path, key, bits of the captured pieces, flags)``, trusted as it comes (no check).
_new_move: Callable[[int, int, tuple[int, ...], tuple[int, ...], PositionKey | None, int, int], Move] = \
    _Made  # type: ignore[assignment]


def _whole(value: object) -> int:
    """A whole number (an int, or a number type with __index__), never a bool."""
    if isinstance(value, bool):
        raise TypeError("bool")
    return operator.index(value)  # type: ignore[arg-type]


# -- the checks of a caller's moves (damas.rules.args gathers them) -----------------------------

#: A move (:class:`Move`), as ``Board.legal_moves`` gives it.
MOVE = instance_of(Move, "um lance (Move), como Board.legal_moves() os dá")


def MOVES(value: Any, name: str) -> Any:  # noqa: N802 - a constant-like spec
    """A list (or tuple) of moves."""
    if not isinstance(value, (list, tuple)):
        raise refuse(name, "uma lista de lances (Move)", value)
    for item in value:
        MOVE(item, f"{name} (um dos itens)")
    return value
