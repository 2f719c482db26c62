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

from damas.errors import AmbiguousMoveError, ArgumentError, IllegalMoveError, NotationError
from damas.rules.args import board as check_board, described, refuse
from damas.rules.refusals import refusal

__all__ = ["move_text", "parse_move", "route", "line_texts", "read_move_text", "read_number",
           "square_reading", "shown", "WrittenMove", "MESSAGES", "move_number", "numbered_line"]

# Every Portuguese text of reading.  damas.rules.explain shows the same texts.
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
_DIGITS = re.compile(r"[0-9]+")          # ASCII digits only
_ALGEBRAIC = re.compile(r"([a-z])([0-9]+)")
_SHOWN = 40


def shown(value, limit: int = _SHOWN) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters; a
    number too long to print (Python refuses more than 4,300 digits) or an
    object whose repr fails is named, never printed."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail
        return "(um valor ilegível)" if not isinstance(value, int) else "(um número enorme)"
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def read_number(text, largest: int = 10 ** 9):
    """The number written in ``text`` with ASCII digits (0-9), or None.

    Values above ``largest`` come back as ``largest + 1``, without
    converting thousands of digits (Python refuses more than 4,300): a caller
    can say "too large" without ever holding the number."""
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(largest)):
        return largest + 1
    return min(int(digits), largest + 1)


def _variant(variant):
    from damas.rules.variants import get_variant
    return get_variant(variant)       # a Variant as it is; a name looked up; else VariantError


def _check_move(move):
    from damas.rules.move import Move
    if not isinstance(move, Move):
        raise refuse("move", "um lance (Move)", move)


def square_reading(variant, text):
    """How ``text`` reads as a square of ``variant``: ``(square, algebraic,
    None)``, or ``(None, algebraic, problem)`` where problem is
    'unreadable_square' (not a square at all), 'off_board', 'light_square'
    or 'no_algebraic' (a name like 'c3' on the 10x10 board)."""
    variant = _variant(variant)
    if not isinstance(text, str):
        return None, False, "unreadable_square"
    low = text.strip().lower()
    n = read_number(low, variant.squares)
    if n is not None:
        if not 1 <= n <= variant.squares:
            return None, False, "off_board"
        return n, False, None
    match = _ALGEBRAIC.fullmatch(low)
    if match is None:
        return None, False, "unreadable_square"
    if variant.size != 8:
        return None, True, "no_algebraic"
    col = ord(match.group(1)) - ord("a")
    row_number = read_number(match.group(2), 99)
    if col >= 8 or not 1 <= row_number <= 8:
        return None, True, "off_board"
    sq = variant.rc_to_square(8 - row_number, col)
    if sq is None:
        return None, True, "light_square"
    return sq, True, None


class WrittenMove:
    """A move text, read: its ``squares`` (start first), the ``separators``
    written between them, whether it was written with algebraic names and
    whether a separator said "capture" (``x``, ``:``, ``×``)."""

    __slots__ = ("text", "squares", "separators", "algebraic")

    def __init__(self, text, squares, separators, algebraic):
        self.text = text
        self.squares = squares
        self.separators = separators
        self.algebraic = algebraic

    @property
    def said_capture(self) -> bool:
        return any(s.lower() in ("x", ":", "×") for s in self.separators)

    def __repr__(self):
        return f"WrittenMove({self.squares!r})"


def _squares_text(variant):
    if variant.size == 8:
        return MESSAGES["squares_8"]
    return MESSAGES["squares_10"].format(n=variant.squares)


def _example(variant):
    return MESSAGES["example_8"] if variant.size == 8 else MESSAGES["example_10"]


def _refuse(code, article=None, **fields):
    raise NotationError(MESSAGES[code].format(**fields), code=code, article=article)


def read_move_text(variant, text) -> WrittenMove:
    """Read ``text`` by the grammar above; a NotationError (Portuguese,
    with its ``code``) when it is not a move of ``variant``'s board.  Only
    the writing is read here: whether the move is legal is the board's
    business."""
    variant = _variant(variant)
    if not isinstance(text, str):
        _refuse("not_text", example=_example(variant), what=described(text))
    shown_text = shown(text)
    clean = _MARKS.sub("", text.strip())
    pieces = _SEPARATOR.split(clean)
    parts, separators = pieces[0::2], pieces[1::2]
    if len(parts) < 2 or any(p == "" for p in parts):
        _refuse("unreadable", text=shown_text, example=_example(variant))
    squares = []
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
        squares.append(sq)
    return WrittenMove(text, squares, separators, algebraic)


def _notation(board, notation):
    notation = notation or board.variant.notation
    if notation not in ("numeric", "algebraic"):
        raise ArgumentError(MESSAGES["bad_notation"].format(notation=shown(notation)))
    if notation == "algebraic" and board.variant.size != 8:
        raise ArgumentError(MESSAGES["no_algebraic_notation"])
    return notation


def move_text(board, move, notation=None, full=None) -> str:
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


def line_texts(board, moves, notation=None) -> list:
    """The texts of ``moves`` played one after the other from ``board``
    (which is not changed), each written as in that position."""
    check_board(board)
    if not isinstance(moves, (list, tuple)):
        raise refuse("moves", "uma lista de lances", moves)
    b = board.copy(stack=False)
    out = []
    for m in moves:
        out.append(move_text(b, m, notation))
        b.push(m)
    return out


def route(board, move) -> list:
    """Every square the moving piece passes over or lands on, in order,
    from start to end (captured squares included)."""
    check_board(board)
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
            out.append(board.variant.rc_to_square(r, c))
            r, c = r + dr, c + dc
    return out


def _is_subsequence(small, big):
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def parse_move(board, text):
    """The legal move of ``board`` written as ``text``.

    Raises NotationError for text that is not a move by the grammar above,
    IllegalMoveError when no legal move fits (with the reason from
    :func:`damas.rules.explain`) and AmbiguousMoveError, listing the routes, when
    several fit."""
    check_board(board)
    v = board.variant
    written = read_move_text(v, text)
    squares = written.squares
    start, end = squares[0], squares[-1]
    legal = board.legal_moves()
    fits = [m for m in legal if m.start == start and m.end == end]
    if len(squares) > 2:
        # Landing squares first (the standard full form), then any square of the route.
        by_path = [m for m in fits if _is_subsequence(squares, m.path)]
        fits = by_path or [m for m in fits if _is_subsequence(squares, route(board, m))]
    if not fits:
        raise IllegalMoveError(refusal(board, text))
    if len(fits) > 1:
        options = ", ".join(move_text(board, m, full=True) for m in fits)
        raise AmbiguousMoveError(
            f"O lance {shown(text)} é ambíguo: há {len(fits)} tomadas de {v.square_name(start) if v.size == 8 else start} "
            f"a {v.square_name(end) if v.size == 8 else end}. Escreva o caminho completo: {options}.",
            candidates=fits)
    return fits[0]


# -- numbering, as on a score sheet (art. 8): the one place ------------------------------------------
def move_number(ply: int, first_turn: str = "W", first_number: int = 1) -> str:
    """The score-sheet number of the move of index ``ply`` (0-based) of a line whose first move is
    ``first_turn``'s (``"W"`` or ``"B"``) and numbered ``first_number``: ``"5."`` before White's
    move, ``"5..."`` before Black's (art. 8)."""
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise refuse("ply", "o índice de um lance (um número inteiro de 0 em diante)", ply)
    if first_turn not in ("W", "B"):
        raise refuse("first_turn", "a cor de quem joga primeiro ('W' ou 'B')", first_turn)
    if isinstance(first_number, bool) or not isinstance(first_number, int) or first_number < 1:
        raise refuse("first_number", "o número do primeiro lance (um número inteiro de 1 em diante)", first_number)
    k = ply + (first_turn == "B")
    return f"{first_number + k // 2}" + ("." if k % 2 == 0 else "...")


def numbered_line(board, moves, first_number: int = 1, notation=None) -> str:
    """``moves`` played one after the other from ``board`` (which is not changed) as on a score
    sheet: ``"1. c3-d4 f6-g5 2. d4xf6"``; a line that starts with Black reads ``"1... f6-g5 2. ..."``.
    Each move is written as in its position (:func:`move_text`, in ``notation``)."""
    texts = line_texts(board, moves, notation)
    parts = []
    for ply, text in enumerate(texts):
        label = move_number(ply, board.turn, first_number)
        black = label.endswith("...")
        parts.append(text if black and ply > 0 else f"{label} {text}")
    return " ".join(parts)
