"""Moves written as text, and read back (art. 8 and PDN 3.0).

A move is written with its start and end squares, ``-`` for a simple move
and ``x`` for a capture (regra 8.2).  When two legal captures join the same
two squares, the short form is ambiguous and the full path is written: every
square where the capturing piece lands (``47x38x24x13x36``).  On the 8x8
board the squares may be numbers (``22-17``) or algebraic names (``c3-d4``).

Reading accepts both forms, ``-``, ``x`` or ``:`` between squares, and any
squares of the route in between; it explains in Portuguese what is wrong.
Reading is lenient on purpose and writing is strict: the separator does not
decide whether a text names a capture (``22-15`` is read as the capture
``22x15`` when that capture is the legal move joining those squares), since
students and old score sheets mix the signs, and the move is identified by
its squares; what is written always uses ``x`` for a capture and ``-`` for a
simple move.
"""

from __future__ import annotations

import re

from .errors import AmbiguousMoveError, IllegalMoveError, NotationError

__all__ = ["move_text", "parse_move", "route", "line_texts"]

_SEPARATORS = re.compile(r"\s*[-x:×]\s*", re.IGNORECASE)
_MARKS = re.compile(r"[!?*+#]+$")


def _notation(board, notation):
    notation = notation or board.variant.notation
    if notation not in ("numeric", "algebraic"):
        raise ValueError(f"Notação desconhecida {notation!r}: use 'numeric' ou 'algebraic'.")
    if notation == "algebraic" and board.variant.size != 8:
        raise ValueError("A notação algébrica só é usada no tabuleiro de 64 casas; use 'numeric'.")
    return notation


def move_text(board, move, notation=None, full=None) -> str:
    """``move`` as text in ``notation`` ('numeric' or 'algebraic', by default
    the variant's usual one).  The full path is written only when the move is
    ambiguous in ``board`` (or when ``full`` is true)."""
    notation = _notation(board, notation)
    if full is None:
        same = [m for m in board.legal_moves() if m.start == move.start and m.end == move.end]
        full = len(same) > 1
    names = board.variant.square_name if notation == "algebraic" else str
    return move.text(full=full, names=names)


def line_texts(board, moves, notation=None) -> list:
    """The texts of ``moves`` played one after the other from ``board``
    (which is not changed), each written as in that position."""
    b = board.copy(stack=False)
    out = []
    for m in moves:
        out.append(move_text(b, m, notation))
        b.push(m)
    return out


def route(board, move) -> list:
    """Every square the moving piece passes over or lands on, in order,
    from start to end (captured squares included)."""
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

    Raises NotationError for text that names no squares, IllegalMoveError
    when no legal move fits (with the reason from :func:`damas.explain`) and
    AmbiguousMoveError, listing the routes, when several fit."""
    if not isinstance(text, str):
        raise NotationError(f"Esperava o lance como texto, por exemplo '22-17', não {type(text).__name__}.")
    clean = _MARKS.sub("", text.strip())
    parts = [p for p in _SEPARATORS.split(clean) if p != ""]
    v = board.variant
    if len(parts) < 2:
        raise NotationError(f"Não entendi o lance {text!r}: escreva a casa de partida e a de chegada, "
                            "por exemplo '22-17'" + (" ou 'c3-d4'" if v.size == 8 else "") + ".")
    squares = []
    for part in parts:
        sq = v.parse_square(part)
        if sq is None:
            raise NotationError(f"No lance {text!r}, {part!r} não é uma casa do tabuleiro: as casas vão de 1 a "
                                f"{v.squares}" + (" (ou de a1 a h8, só as escuras)" if v.size == 8 else "") + ".")
        squares.append(sq)
    start, end = squares[0], squares[-1]
    legal = board.legal_moves()
    fits = [m for m in legal if m.start == start and m.end == end]
    if len(squares) > 2:
        # Landing squares first (the standard full form), then any square of the route.
        by_path = [m for m in fits if _is_subsequence(squares, m.path)]
        fits = by_path or [m for m in fits if _is_subsequence(squares, route(board, m))]
    if not fits:
        from .explain import explain
        why = explain(board, text)
        raise IllegalMoveError(why.message)
    if len(fits) > 1:
        options = ", ".join(move_text(board, m, full=True) for m in fits)
        raise AmbiguousMoveError(
            f"O lance {text!r} é ambíguo: há {len(fits)} tomadas de {v.square_name(start) if v.size == 8 else start} "
            f"a {v.square_name(end) if v.size == 8 else end}. Escreva o caminho completo: {options}.",
            candidates=fits)
    return fits[0]
