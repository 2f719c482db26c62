"""Moves written as text, and read back (art. 8 and PDN 3.0); the one reader
of squares and numbers.

A move is written with its start and end squares, ``-`` for a simple move
and ``x`` for a capture (regra 8.2).  When two legal captures join the same
two squares, the short form is ambiguous and the full path is written: every
square where the capturing piece lands (``47x38x24x13x36``).  On the 8x8
board the squares may be numbers (``22-17``) or algebraic names (``c3-d4``).

Reading is lenient on purpose and writing is strict: the separator does not
decide whether a text names a capture (``22-15`` is read as the capture
``22x15`` when that capture is the legal move joining those squares), since
students and old score sheets mix the signs, and the move is identified by
its squares; what is written always uses ``x`` for a capture and ``-`` for a
simple move.

The grammar of move text
------------------------
One reader, :func:`read_move_text`, serves :func:`parse_move`,
:func:`damas.rules.explain` and every program of the package that reads a move::

    move      = square , { separator , square } , [ marks ]     (two squares or more)
    separator = [ spaces ] , ( "-" | "x" | "X" | ":" | "×" ) , [ spaces ]
    square    = number | algebraic
    number    = digit , { digit }          digits 0-9 only (ASCII)
    algebraic = letter , digit             a-h and 1-8, either case; 8x8 only
    marks     = { "!" | "?" | "*" | "+" | "#" }

Spaces around the whole text are ignored.  Exactly one separator stands
between two squares: ``22--17``, ``22-17-``, ``22x17x`` and ``-17`` are not
moves.  Only the ASCII digits are digits: ``'²'`` or Arabic-Indic digits are
not numbers of squares; leading zeros are allowed (``022``).  A number is
never converted beyond the size of a board, so a number of thousands of
digits is simply a square that does not exist.  Every refusal is a
:class:`~damas.errors.NotationError` with a Portuguese message and a
``code`` ('not_text', 'unreadable', 'unreadable_square', 'off_board',
'light_square' (regra 2.2), 'no_algebraic').

Squares of a FEN and numbers of a PDN file are read by the same functions,
:func:`read_number` and :func:`square_reading`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

from damas.errors import ArgumentError, NotationError
from damas.rules.colors import BLACK, COLOR, WHITE, Color, opponent
from damas.rules.move import Move
from damas.rules.values import (Spec, checked_with, described, flag_spec, items_spec, read_number, refuse, shown,
                                text_spec, whole_spec)
from damas.rules.variants import Variant, get_variant, square_reading

if TYPE_CHECKING:
    from damas.rules.board import Board

__all__ = ["move_text", "parse_move", "route", "line_texts", "read_move_text", "read_number",
           "square_reading", "shown", "WrittenMove", "MESSAGES", "move_number", "number_prefix", "numbered",
           "numbered_line", "next_move_number"]

# Every Portuguese text of reading.  damas.rules.refusals shows the same texts.
MESSAGES = {
    "not_text": "Esperava o lance como texto, por exemplo {example}, não {what}.",
    "unreadable": ("Não entendi o lance {text}: escreva a casa de partida e a de chegada, "
                   "por exemplo {example}."),
    "unreadable_square": "No lance {text}, {part} não é uma casa do tabuleiro: {squares}.",
    "no_algebraic": ("No lance {text}, {part} não serve: no tabuleiro de 100 casas as casas "
                     "são números de 1 a {n}."),
    "off_board": "A casa {part} não existe neste tabuleiro: {squares}.",
    "light_square": "A casa {part} é uma casa clara: joga-se só nas casas escuras (regra 2.2).",
    "squares_8": "as casas vão de 1 a 32, ou de a1 a h8 (só as escuras)",
    "squares_10": "as casas vão de 1 a {n}",
    "example_8": "'22-17' ou 'c3-d4'",
    "example_10": "'32-28'",
    "bad_notation": "Notação desconhecida {notation}: use 'numeric' ou 'algebraic'.",
    "no_algebraic_notation": "A notação algébrica só é usada no tabuleiro de 64 casas; use 'numeric'.",
}

_SEPARATOR = re.compile(r"\s*([-x:×])\s*", re.IGNORECASE)
_MARKS = re.compile(r"[!?*+#]+$")


def _check_board(board: object) -> None:
    """Refuse what is not a board (the rules' Board: this module lies below it and asks only for
    what a board answers)."""
    if not (hasattr(board, "legal_moves") and hasattr(board, "variant") and hasattr(board, "copy")):
        raise refuse("board", "um tabuleiro (Board)", board)


def _check_move(move: object) -> None:
    if not isinstance(move, Move):
        raise refuse("move", "um lance (Move)", move)


class WrittenMove:
    """A move text, read: its ``squares`` (start first), the ``separators``
    written between them, whether it was written with algebraic names and
    whether a separator said "capture" (``x``, ``:``, ``×``)."""

    __slots__ = ("text", "squares", "separators", "algebraic")

    def __init__(self, text: str, squares: list[int], separators: list[str], algebraic: bool) -> None:
        self.text = text
        self.squares = squares
        self.separators = separators
        self.algebraic = algebraic

    @property
    def said_capture(self) -> bool:
        return any(s.lower() in ("x", ":", "×") for s in self.separators)

    def __repr__(self) -> str:
        return f"WrittenMove({self.squares!r})"


def _squares_text(variant: Variant) -> str:
    if variant.size == 8:
        return MESSAGES["squares_8"]
    return MESSAGES["squares_10"].format(n=variant.squares)


def _example(variant: Variant) -> str:
    return MESSAGES["example_8"] if variant.size == 8 else MESSAGES["example_10"]


def _refuse(code: str, article: str | None = None, **fields: object) -> NoReturn:
    raise NotationError(MESSAGES[code].format(**fields), code=code, article=article)


def read_move_text(variant: Variant | str, text: object) -> WrittenMove:
    """Read ``text`` by the grammar above; a NotationError (Portuguese,
    with its ``code``) when it is not a move of ``variant``'s board.  Only
    the writing is read here: whether the move is legal is the board's
    business."""
    variant = get_variant(variant)
    if not isinstance(text, str):
        _refuse("not_text", example=_example(variant), what=described(text))
    shown_text = shown(text)
    clean = _MARKS.sub("", text.strip())
    pieces = _SEPARATOR.split(clean)
    parts, separators = pieces[0::2], pieces[1::2]
    if len(parts) < 2 or any(p == "" for p in parts):
        _refuse("unreadable", text=shown_text, example=_example(variant))
    squares: list[int] = []
    algebraic = False
    for part in parts:
        sq, alg, problem = square_reading(variant, part)
        algebraic = algebraic or alg
        if problem == "off_board":
            _refuse("off_board", part=shown(part).strip("'"), squares=_squares_text(variant))
        if problem == "light_square":
            _refuse("light_square", "2.2", part=part)
        if problem == "no_algebraic":
            _refuse("no_algebraic", text=shown_text, part=shown(part), n=variant.squares)
        if problem is not None:
            _refuse("unreadable_square", text=shown_text, part=shown(part), squares=_squares_text(variant))
        assert sq is not None                   # a square was read: no problem
        squares.append(sq)
    return WrittenMove(text, squares, separators, algebraic)


def _notation(board: Board, notation: str | None) -> str:
    notation = notation or board.variant.notation
    if notation not in ("numeric", "algebraic"):
        raise ArgumentError(MESSAGES["bad_notation"].format(notation=shown(notation)))
    if notation == "algebraic" and board.variant.size != 8:
        raise ArgumentError(MESSAGES["no_algebraic_notation"])
    return notation


def move_text(board: Board, move: Move, notation: str | None = None, full: bool | None = None) -> str:
    """``move`` as text in ``notation`` ('numeric' or 'algebraic', by default
    the variant's usual one).  The full path is written only when the move is
    ambiguous in ``board`` (or when ``full`` is true)."""
    if not hasattr(board, "legal_moves") or not hasattr(board, "variant"):
        raise refuse("board", "um tabuleiro (Board)", board)
    if not (hasattr(move, "start") and hasattr(move, "text") and hasattr(move, "end")):
        raise refuse("move", "um lance (Move)", move)
    notation = _notation(board, notation)
    if full is None:
        same = [m for m in board.legal_moves() if m.start == move.start and m.end == move.end]
        full = len(same) > 1
    names = board.variant.square_name if notation == "algebraic" else str
    return move.text(full=full, names=names)


def line_texts(board: Board, moves: Sequence[Move], notation: str | None = None) -> list[str]:
    """The texts of ``moves`` played one after the other from ``board``
    (which is not changed), each written as in that position."""
    _check_board(board)
    if not isinstance(moves, (list, tuple)):
        raise refuse("moves", "uma lista de lances", moves)
    b = board.copy(stack=False)
    out = []
    for m in moves:
        out.append(move_text(b, m, notation))
        b.push(m)
    return out


def route(board: Board, move: Move) -> list[int]:
    """Every square the moving piece passes over or lands on, in order,
    from start to end (captured squares included)."""
    _check_board(board)
    _check_move(move)
    t = board.variant.tables
    out = [move.path[0]]
    for a, b in zip(move.path, move.path[1:]):
        ra, ca = t.rc[a]
        rb, cb = t.rc[b]
        dr = 1 if rb > ra else -1
        dc = 1 if cb > ca else -1
        r, c = ra + dr, ca + dc
        while (r, c) != (rb + dr, cb + dc) and 0 <= r < t.size and 0 <= c < t.size:
            square = board.variant.rc_to_square(r, c)
            if square is not None:              # always: a diagonal runs over dark squares
                out.append(square)
            r, c = r + dr, c + dc
    return out


def parse_move(board: Board, text: str) -> Move:
    """The legal move of ``board`` written as ``text``: :meth:`Board.parse_move
    <damas.rules.board.Board.parse_move>`, which says why when no legal move fits."""
    _check_board(board)
    return board.parse_move(text)


# -- move numbers, as on a score sheet (art. 8) and in PDN: the one place that counts them -------

def _ply_number(ply: int, first_turn: Color, first_number: int = 1) -> tuple[int, Color]:
    """(number, colour) of the move at index ``ply`` (0 for the first) of a line whose first
    move is ``first_turn``'s and bears the number ``first_number``: a move is a white ply and
    the black reply, so a line that starts with Black gives its first move White's number.

    >>> _ply_number(0, "W"), _ply_number(1, "W"), _ply_number(0, "B"), _ply_number(1, "B", 12)
    ((1, 'W'), (1, 'B'), (1, 'B'), (13, 'W'))
    """
    k = ply + (1 if first_turn == BLACK else 0)
    return first_number + k // 2, WHITE if k % 2 == 0 else BLACK


def move_number(ply: int, first_turn: Color = "W", first_number: int = 1) -> str:
    """The score-sheet number of the move of index ``ply`` (0-based) of a line whose first move is
    ``first_turn``'s (``"W"`` or ``"B"``) and numbered ``first_number``: ``"5."`` before White's
    move, ``"5..."`` before Black's (art. 8).

    >>> move_number(0), move_number(1), move_number(0, "B"), move_number(1, "B", 12)
    ('1.', '1...', '1...', '13.')
    """
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise refuse("ply", "o índice de um lance (um número inteiro de 0 em diante)", ply)
    if first_turn not in ("W", "B"):
        raise refuse("first_turn", "a cor de quem joga primeiro ('W' ou 'B')", first_turn)
    if isinstance(first_number, bool) or not isinstance(first_number, int) or first_number < 1:
        raise refuse("first_number", "o número do primeiro lance (um número inteiro de 1 em diante)", first_number)
    number, color = _ply_number(ply, first_turn, first_number)
    return f"{number}." if color == WHITE else f"{number}..."


@checked_with({}, number=whole_spec(1), color=COLOR, opens=flag_spec())
def number_prefix(number: int, color: Color, opens: bool) -> str:
    """What stands before a move's text: ``"12. "`` before White's move, ``"12... "`` before
    Black's when it ``opens`` a line (or follows a comment or a variation), nothing before
    Black's reply otherwise."""
    if color == WHITE:
        return f"{number}. "
    return f"{number}... " if opens else ""


@checked_with({}, texts=items_spec(text_spec(), "uma lista de lances escritos (textos)"), first_turn=COLOR,
              first_number=whole_spec(1))
def numbered(texts: Iterable[str], first_turn: Color, first_number: int = 1) -> str:
    """The move ``texts`` of a line numbered as on a score sheet: ``1. c3-d4 f6-e5 2. d4xf6``;
    a line that starts with Black reads ``1... f6-e5 2. d4xf6``.

    >>> numbered(["f6-e5", "d4xf6"], "B")
    '1... f6-e5 2. d4xf6'
    """
    parts = []
    for ply, text in enumerate(texts):
        number, color = _ply_number(ply, first_turn, first_number)
        parts.append(number_prefix(number, color, ply == 0) + text)
    return " ".join(parts)


def numbered_line(board: Board, moves: Sequence[Move], first_number: int = 1, notation: str | None = None) -> str:
    """``moves`` played one after the other from ``board`` (which is not changed) as on a score
    sheet: ``"1. c3-d4 f6-g5 2. d4xf6"``; a line that starts with Black reads ``"1... f6-g5 2. ..."``.
    Each move is written as in its position (:func:`move_text`, in ``notation``)."""
    if isinstance(first_number, bool) or not isinstance(first_number, int) or first_number < 1:
        raise refuse("first_number", "o número do primeiro lance (um número inteiro de 1 em diante)", first_number)
    return numbered(line_texts(board, moves, notation), board.turn, first_number)


def next_move_number(board: Board) -> int:
    """The number of the next move of ``board``, counted from the start of its move stack: 1 for
    a board without one."""
    _check_board(board)
    plies = len(board.move_stack)
    first_turn: Color = board.turn if plies % 2 == 0 else opponent(board.turn)
    return _ply_number(plies, first_turn)[0]
