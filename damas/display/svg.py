"""Board pictures as SVG text.

One drawing function, :func:`board_svg`, with options in the manner of
python-chess: flip the board, choose the coordinates, highlight squares,
draw arrows (a capture is drawn through every square it lands on, and the
pieces it takes are crossed out), mark the last move, cross out squares and
put a heading above the board.

The picture is deterministic: the same position and options give the same
bytes on every run (no random ids, no dates, fixed number formatting), which
keeps notebook outputs stable.  The SVG's ``<title>`` carries the FEN.

The geometry comes only from ``board.variant`` (``square_to_rc``); the
pieces from ``board.piece_at``.  When a ``(from, to)`` pair is given as an
arrow, the board is *asked* (``board.legal_moves()``) whether it names a
capture, so that the arrow can follow the capture's real path; no rule is
computed here.

The layout is computed once, in board units, by :func:`diagram` (a
:class:`Diagram`), and then written out as SVG here or drawn with
matplotlib by :mod:`damas.display.plot`; both pictures therefore agree.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any, NamedTuple

from damas.errors import ArgumentError
from damas.rules.args import board as check_board, flag, refuse, text
from damas.rules.args import choice_spec, number_spec, text_spec, whole_spec, checked
from damas.rules.board import Board
from damas.rules.colors import Color
from damas.rules.variants import Variant

__all__ = ["board_svg", "SVG", "Arrow", "Diagram", "diagram", "COLORS", "live_board_svg", "LiveMarks",
           "piece_icon_svg", "LIVE_COLORS"]

#: A point of a picture, in board units: (x, y).
Point = tuple[float, float]
#: A palette: name -> colour.
Palette = dict[str, str]

# Every word a reader sees lives here.
TEXTS = {
    "bad_square": "Casa inválida: {value!r}. O tabuleiro {size}x{size} tem as casas 1 a {squares}"
                  "{names}.",
    "bad_coordinates": "Coordenadas desconhecidas: {value!r}. Use 'auto', 'numbers' (números nas casas), "
                       "'algebraic' (letras e números em volta, só no 8x8), 'both' ou None.",
    "algebraic_10x10": "As coordenadas algébricas (a–h, 1–8) só existem no tabuleiro 8x8; "
                       "no 10x10 use coordinates='numbers'.",
    "bad_arrow": "Seta inválida: {value!r}. Use um lance (Move), um texto como '22-17' "
                 "ou uma sequência de casas como (22, 17).",
    "bad_size": "Tamanho inválido: {value!r}. Use um número de pixels maior que zero.",
    "bad_colors": "Cores desconhecidas: {names}. As cores que podem ser trocadas são: {known}.",
}

#: Default palette.  Pass ``colors={...}`` to change some of them.
COLORS = {
    "light": "#f3e3c3",        # light (unused) squares
    "dark": "#8b5a2b",         # dark (playing) squares
    "frame": "#4a2f17",        # border around the board
    "coord": "#f3e3c3",        # letters and digits on the border
    "number": "#f7ecd6",       # square numbers on dark squares
    "title": "#222222",        # heading above the board
    "background": "#ffffff",   # behind the heading
    "highlight": "#ffd43b",    # highlighted squares
    "lastmove": "#9ccc3c",     # squares of the last move
    "arrow": "#1b7f3b",        # arrow of a simple move
    "capture": "#d1262b",      # arrow of a capture
    "mark": "#d1262b",         # crosses on taken pieces and marked squares
    "white_fill": "#fbf7ee",
    "white_line": "#1a1a1a",   # outline and inner ring of white pieces
    "black_fill": "#262626",
    "black_line": "#000000",   # outline of black pieces
    "black_ring": "#cfcfcf",   # inner ring of black pieces (light: tells them apart in grey)
    "crown": "#f2b01e",
}

# Sizes in board units (one square = 1).
PIECE_RADIUS = 0.40
RING_RATIO = 0.68             # inner ring radius / piece radius
KING_LIFT = 0.06              # a king is two stacked pieces: the lower one shows below
OUTLINE = 0.045
RING = 0.025
NUMBER_SIZE = 0.21
NUMBER_SIZE_10 = 0.28         # 10x10: the squares are smaller on the page (about 11 px at 400 px)
NUMBER_HALO = 0.05
SMALL_PIECE_RADIUS = 0.36     # when square numbers are shown, so that they stay readable
COORD_SIZE = 0.30
TITLE_SIZE = 0.42
TITLE_ONE_LINE_MIN = 0.37    # a heading a little too wide is made smaller, on one line
TITLE_MAX_LINES = 3
TITLE_PAD = 0.12              # free space left and right of the heading
ARROW_WIDTH = 0.15
ARROW_HEAD_LENGTH = 0.42
ARROW_HEAD_WIDTH = 0.42
ARROW_OPACITY = 0.8
MARK_SIZE = 0.24              # half the width of a cross
MARK_WIDTH = 0.09
HIGHLIGHT_OPACITY = 0.6
# Crown outline, in units of the piece radius, centre of the piece at (0, 0).
CROWN = ((-0.60, 0.36), (0.60, 0.36), (0.74, -0.40), (0.33, -0.05), (0.0, -0.56),
         (-0.33, -0.05), (-0.74, -0.40))

COORDINATE_MODES = ("auto", "numbers", "algebraic", "both", None)


# Advance widths of DejaVu Sans (the pictures' first font), in em, rounded
# up; Verdana, the fallback, is about as wide.  Letters with accents count
# as their base letter.
_NARROW = dict.fromkeys("ijl'|", 0.29) | dict.fromkeys(".,:;!Ii ", 0.34) | dict.fromkeys("ft()[]-", 0.42)
_WIDE = dict.fromkeys("mw", 1.0) | dict.fromkeys("MW", 1.0) | {"—": 1.0, "…": 1.0, "%": 0.96}


@checked(text=text_spec(), size=number_spec(0))
def text_width(text: str, size: float) -> float:
    """Estimated width of ``text`` at font size ``size`` (same units)."""
    total = 0.0
    for ch in text:
        base = unicodedata.normalize("NFD", ch)[0] if ch.strip() else ch
        if base in _WIDE:
            em = _WIDE[base]
        elif base in _NARROW:
            em = _NARROW[base]
        elif base == "r":
            em = 0.42
        elif base.isupper():
            em = 0.76
        elif base.isdigit():
            em = 0.64
        else:
            em = 0.62
        total += em
    return total * size


@checked(available=number_spec(0))
def fit_title(title: str, available: float) -> tuple[float, list[str]]:
    """(font size, lines) for a heading that must fit in ``available`` board
    units.  In order: one line at TITLE_SIZE; one line a little smaller
    (down to TITLE_ONE_LINE_MIN); two, then three lines at TITLE_SIZE, cut
    where the longest line is shortest (no word left alone on a line); else
    the three lines made as small as they must be."""
    words = title.split()
    if not words:
        return TITLE_SIZE, []
    if text_width(" ".join(words), TITLE_SIZE) <= available:
        return TITLE_SIZE, [" ".join(words)]
    one = math.floor(available / text_width(" ".join(words), 1.0) * 10000) / 10000
    if one >= TITLE_ONE_LINE_MIN:
        return one, [" ".join(words)]
    lines: list[str] = []
    widest = 1.0
    for count in range(2, TITLE_MAX_LINES + 1):
        lines = _balanced(words, min(count, len(words)))
        widest = max(text_width(t, 1.0) for t in lines)
        if widest * TITLE_SIZE <= available:
            return TITLE_SIZE, lines
    size = math.floor(max(available / widest, 0.0) * 10000) / 10000
    return min(size, TITLE_SIZE), lines


def _balanced(words: list[str], count: int) -> list[str]:
    """``words`` cut into ``count`` lines so that the widest is as narrow as
    possible (a small dynamic programme: headings have few words)."""
    n = len(words)
    width: dict[tuple[int, int], float] = {}

    def span(i: int, j: int) -> float:
        if (i, j) not in width:
            width[i, j] = text_width(" ".join(words[i:j]), 1.0)
        return width[i, j]

    # best[k][i]: (widest line, cuts) for words[i:] in k lines
    best: dict[int, dict[int, tuple[float, list[int]]]] = {1: {i: (span(i, n), [n]) for i in range(n)}}
    for k in range(2, count + 1):
        best[k] = {}
        for i in range(n - k + 1):
            options = []
            for j in range(i + 1, n - k + 2):
                rest, cuts = best[k - 1][j]
                options.append((max(span(i, j), rest), [j] + cuts))
            best[k][i] = min(options, key=lambda o: o[0])
    cuts = [0] + best[count][0][1]
    return [" ".join(words[a:b]) for a, b in zip(cuts, cuts[1:])]


class Arrow(NamedTuple):
    """An arrow with a chosen colour: ``Arrow(move_or_squares, "#1f77b4")``."""

    move: Any                      # a Move, a move text or a sequence of squares
    color: str | None = None


@dataclass
class Diagram:
    """What a board picture shows, laid out in board units (square = 1,
    y growing downwards, origin at the top-left corner of the picture).

    Both back ends (SVG here, matplotlib in :mod:`damas.display.plot`) draw exactly
    these items, in this order: frame, light board, dark squares, square
    highlights, pieces, square numbers, crosses, arrows, border letters,
    heading.
    """

    size: int                      # 8 or 10
    width: float                   # whole picture, in board units
    height: float
    board_x: float                 # top-left corner of the board
    board_y: float
    margin: float
    fen: str
    title: str | None
    colors: Palette
    piece_radius: float
    # (x, y, square) of each dark square's top-left corner
    dark_squares: list[tuple[float, float, int]] = field(default_factory=list)
    # (x, y, square, kind) with kind 'lastmove' or 'highlight', color
    highlights: list[tuple[float, float, int, str, str]] = field(default_factory=list)
    # (x, y, text): baseline-left position of a square number
    numbers: list[tuple[float, float, str]] = field(default_factory=list)
    # (cx, cy, color 'W'/'B', king, square)
    pieces: list[tuple[float, float, Color, bool, int]] = field(default_factory=list)
    # (cx, cy, square)
    crosses: list[tuple[float, float, int]] = field(default_factory=list)
    # (points [(x, y), ...] through square centres, color, is_capture, squares)
    arrows: list[tuple[list[Point], str, bool, tuple[int, ...]]] = field(default_factory=list)
    # (x, y, text, anchor) with anchor 'middle'; y is the text's centre line
    coords: list[tuple[float, float, str, str]] = field(default_factory=list)
    # the heading: its font size and its lines (x, baseline y, text), centred
    title_size: float = TITLE_SIZE
    title_lines: list[tuple[float, float, str]] = field(default_factory=list)
    number_size: float = NUMBER_SIZE
    # square -> (cx, cy): centre of each dark square
    centers: dict[int, Point] = field(default_factory=dict)


def _check_square(variant: Variant, value: object) -> int:
    """A square number from an int or a name ('c3', '22'), or a Portuguese error."""
    sq: int | None = None
    if isinstance(value, bool):
        sq = None
    elif isinstance(value, int):
        sq = value if 1 <= value <= variant.squares else None
    elif isinstance(value, str):
        sq = variant.parse_square(value)
    if sq is None:
        names = " (ou os nomes a1, c1, …, h8)" if variant.size == 8 else ""
        raise ArgumentError(TEXTS["bad_square"].format(
            value=value, size=variant.size, squares=variant.squares, names=names))
    return sq


def _check_options(board: object, flipped: object, title: object, colors: object, **marks: object) -> None:
    """Refuse, before drawing, what is not a board, a flag, a title, colours or marks (ArgumentError)."""
    check_board(board)
    flag(flipped, "flipped")
    if title is not None:
        text(title, "title")
    if colors is not None and not isinstance(colors, dict):
        raise refuse("colors", "um dicionário de cores, como {'dark': '#8b5a2b'}", colors)
    for name, value in marks.items():
        kinds = (str, list, tuple, Arrow) if name == "arrows" else (int, str, list, tuple, set, frozenset, dict)
        if (value is not None or name != "lastmove") and not isinstance(value, kinds) and not _is_move(value):
            raise refuse(name, "uma casa, um lance ou uma lista deles", value)


def _is_move(obj: object) -> bool:
    return hasattr(obj, "path") and hasattr(obj, "captured") and hasattr(obj, "start")


def _resolve_path(board: Board, item: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(landing squares, captured squares) for an arrow given as a Move, a
    text or a sequence of squares."""
    variant = board.variant
    if _is_move(item):
        path = tuple(_check_square(variant, s) for s in item.path)
        captured = tuple(_check_square(variant, s) for s in item.captured)
        if len(captured) > 1 and len(path) == 2:
            # A capture written without its landing squares: take the path
            # from the board's own legal move, when it has that move.
            legal = getattr(board, "legal_moves", None)
            for move in (legal() if callable(legal) else ()):
                if move == item:
                    return tuple(move.path), tuple(move.captured)
        return path, captured
    if isinstance(item, str):
        try:
            move = board.parse_move(item)
        except AttributeError:  # a board without notation support
            raise ArgumentError(TEXTS["bad_arrow"].format(value=item)) from None
        return _resolve_path(board, move)
    try:
        squares = tuple(_check_square(variant, s) for s in item)
    except ArgumentError:
        raise
    except TypeError:
        raise ArgumentError(TEXTS["bad_arrow"].format(value=item)) from None
    if len(squares) < 2:
        raise ArgumentError(TEXTS["bad_arrow"].format(value=item))
    # Ask the board whether these squares name exactly one legal move; if so,
    # draw that move's real path and cross out the pieces it takes.
    legal = getattr(board, "legal_moves", None)
    if callable(legal):
        found = [m for m in legal()
                 if m.start == squares[0] and m.end == squares[-1]
                 and (len(squares) == 2 or tuple(m.path) == squares)]
        if len(found) == 1:
            return tuple(found[0].path), tuple(found[0].captured)
    return squares, ()


@checked()
def diagram(board: Board, *, flipped: bool = False, coordinates: str | None | bool = "auto",
            highlight: Any = (), arrows: Any = (), lastmove: Any = None, marked: Any = (), title: str | None = None,
            colors: Palette | None = None) -> Diagram:
    """Lay out a board picture (see :func:`board_svg` for the options)."""
    _check_options(board, flipped, title, colors, highlight=highlight, arrows=arrows, marked=marked,
                   lastmove=lastmove)
    variant = board.variant
    n = variant.size
    if coordinates is False or coordinates == "none":
        coordinates = None
    if coordinates not in COORDINATE_MODES:
        raise ArgumentError(TEXTS["bad_coordinates"].format(value=coordinates))
    if coordinates == "auto":
        coordinates = "algebraic" if variant.notation == "algebraic" and n == 8 else "numbers"
    if coordinates in ("algebraic", "both") and n != 8:
        raise ArgumentError(TEXTS["algebraic_10x10"])
    palette = dict(COLORS)
    if colors:
        unknown = sorted(set(colors) - set(COLORS))
        if unknown:
            raise ArgumentError(TEXTS["bad_colors"].format(names=", ".join(unknown),
                                                        known=", ".join(COLORS)))
        palette.update(colors)

    # A single square or a single move may be given without a list.
    if isinstance(highlight, (int, str)):
        highlight = [highlight]
    if isinstance(marked, (int, str)):
        marked = [marked]
    if isinstance(arrows, (str, Arrow)) or _is_move(arrows):
        arrows = [arrows]

    letters_around = coordinates in ("algebraic", "both")
    numbers_inside = coordinates in ("numbers", "both")
    margin = 0.5 if letters_around else 0.12
    width = n + 2 * margin
    title_size, lines = fit_title(title, width - 2 * TITLE_PAD) if title else (TITLE_SIZE, [])
    # One line: 0.75 above the board, as before; each further line adds its height.
    top = 0.75 + (len(lines) - 1) * title_size * 1.2 if lines else 0.0
    bx, by = margin, top + margin
    d = Diagram(size=n, width=width, height=top + n + 2 * margin, board_x=bx,
                board_y=by, margin=margin, fen=board.fen(), title=title, colors=palette,
                piece_radius=SMALL_PIECE_RADIUS if numbers_inside else PIECE_RADIUS,
                title_size=title_size, number_size=NUMBER_SIZE if n == 8 else NUMBER_SIZE_10)
    first = 0.52 - (TITLE_SIZE - title_size) * 0.36
    d.title_lines = [(width / 2, first + i * title_size * 1.2, line) for i, line in enumerate(lines)]

    def corner(square: int) -> Point:
        row, col = variant.square_to_rc(square)
        if flipped:
            row, col = n - 1 - row, n - 1 - col
        return bx + col, by + row

    def center(square: int) -> Point:
        x, y = corner(square)
        return x + 0.5, y + 0.5

    squares = variant.square_range
    for sq in squares:
        x, y = corner(sq)
        d.dark_squares.append((x, y, sq))
        d.centers[sq] = (x + 0.5, y + 0.5)

    if lastmove is not None:
        path, _ = _resolve_path(board, lastmove)
        for sq in dict.fromkeys(path):
            x, y = corner(sq)
            d.highlights.append((x, y, sq, "lastmove", palette["lastmove"]))
    items: list[tuple[Any, str | None]]
    if isinstance(highlight, dict):
        items = list(highlight.items())
    else:
        items = [(s, None) for s in highlight]
    for value, color in items:
        sq = _check_square(variant, value)
        x, y = corner(sq)
        d.highlights.append((x, y, sq, "highlight", color or palette["highlight"]))

    if numbers_inside:
        for sq in squares:
            x, y = corner(sq)
            d.numbers.append((x + 0.06, y + 0.06 + d.number_size * 0.78, str(sq)))

    for sq in squares:
        piece = board.piece_at(sq)
        if piece is not None:
            cx, cy = center(sq)
            d.pieces.append((cx, cy, piece.color, bool(piece.king), sq))

    crossed = [_check_square(variant, s) for s in marked]
    resolved: list[tuple[tuple[int, ...], tuple[int, ...], str | None]] = []
    for item in arrows:
        arrow_color: str | None = None
        if isinstance(item, Arrow):
            item, arrow_color = item.move, item.color
        path, captured = _resolve_path(board, item)
        resolved.append((path, captured, arrow_color))
        crossed.extend(captured)
    for sq in dict.fromkeys(crossed):
        cx, cy = center(sq)
        d.crosses.append((cx, cy, sq))
    for path, captured, chosen in resolved:
        is_capture = bool(captured)
        color = chosen if chosen is not None else palette["capture"] if is_capture else palette["arrow"]
        d.arrows.append(([center(s) for s in path], color, is_capture, path))

    if letters_around:
        for i in range(n):
            col = n - 1 - i if flipped else i
            row = n - 1 - i if flipped else i
            d.coords.append((bx + i + 0.5, by + n + margin / 2, "abcdefgh"[col], "middle"))
            d.coords.append((margin / 2, by + i + 0.5, str(n - row), "middle"))
    return d


# -- SVG output --------------------------------------------------------------

SCALE = 100  # SVG user units per square


def _num(value: float) -> str:
    """Fixed formatting: at most two decimals, no trailing zeros, no '-0'."""
    text = f"{value * SCALE:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: Iterable[Point]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _arrow_outline(points: Sequence[Point], head_length: float = ARROW_HEAD_LENGTH,
                   head_width: float = ARROW_HEAD_WIDTH) -> tuple[list[Point], list[Point]]:
    (x0, y0), (x1, y1) = points[-2], points[-1]
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    head = min(head_length, length * 0.6)
    bx, by = x1 - ux * head, y1 - uy * head
    px, py = -uy * head_width / 2, ux * head_width / 2
    shaft = list(points[:-1]) + [(bx, by)]
    triangle = [(x1, y1), (bx + px, by + py), (bx - px, by - py)]
    return shaft, triangle


#: A shape of a piece: ('circle', cx, cy, r, fill, stroke, stroke width) or ('polygon', points,
#: fill, stroke, stroke width).
Shape = tuple[Any, ...]


def _piece_shapes(cx: float, cy: float, color: str, king: bool, palette: Palette,
                  radius: float = PIECE_RADIUS) -> list[Shape]:
    fill = palette["white_fill"] if color == "W" else palette["black_fill"]
    line = palette["white_line"] if color == "W" else palette["black_line"]
    ring = palette["white_line"] if color == "W" else palette["black_ring"]
    shapes: list[Shape] = []
    if king:
        # Two stacked discs: the lower one peeks out below the upper one.
        shapes.append(("circle", cx, cy + KING_LIFT, radius, fill, line, OUTLINE))
        cy = cy - KING_LIFT / 2
    shapes.append(("circle", cx, cy, radius, fill, line, OUTLINE))
    shapes.append(("circle", cx, cy, radius * RING_RATIO, "none", ring, RING))
    if king:
        r = radius
        crown = [(cx + u * r, cy + v * r) for u, v in CROWN]
        crown_line = palette["white_line"] if color == "W" else palette["white_fill"]
        shapes.append(("polygon", crown, palette["crown"], crown_line, RING * 1.4))
    return shapes


def _piece_svg(cx: float, cy: float, color: str, king: bool, sq: int, c: Palette, radius: float,
               live: bool = False) -> str:
    """One piece as an SVG group (both pictures, static and live, draw it so;
    ``live`` adds the classes and the ``data-piece`` the page reads)."""
    kind = ("white " if color == "W" else "black ") + ("king" if king else "man")
    symbol = color if king else color.lower()
    extra = f' damas-piece" data-piece="{symbol}' if live else ""
    out = [f'<g class="piece {kind}{extra}" data-square="{sq}">']
    for shape in _piece_shapes(cx, cy, color, king, c, radius):
        if shape[0] == "circle":
            _, x, y, r, fill, stroke, sw = shape
            out.append(f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{fill}" '
                       f'stroke="{stroke}" stroke-width="{_num(sw)}"/>')
        else:
            _, pts, fill, stroke, sw = shape
            crown = "crown damas-crown" if live else "crown"
            out.append(f'<polygon class="{crown}" points="{_points(pts)}" fill="{fill}" stroke="{stroke}" '
                       f'stroke-width="{_num(sw)}" stroke-linejoin="round"/>')
    out.append("</g>")
    return "".join(out)


def _number_svg(x: float, y: float, text: str, d: Diagram, live: bool = False) -> str:
    c = d.colors
    extra = ' damas-number" aria-hidden="true' if live else ""
    return (f'<text class="number{extra}" x="{_num(x)}" y="{_num(y)}" font-size="{_num(d.number_size)}" '
            f'font-weight="bold" fill="{c["number"]}" stroke="{c["dark"]}" '
            f'stroke-width="{_num(NUMBER_HALO)}" paint-order="stroke">{text}</text>')


def _coord_svg(x: float, y: float, text: str, c: Palette, live: bool = False) -> str:
    extra = ' damas-coord" aria-hidden="true' if live else ""
    return (f'<text class="coord{extra}" x="{_num(x)}" y="{_num(y + COORD_SIZE * 0.36)}" '
            f'font-size="{_num(COORD_SIZE)}" text-anchor="middle" fill="{c["coord"]}">{text}</text>')


def _dark_svg(x: float, y: float, sq: int, c: Palette) -> str:
    one = _num(1)
    return (f'<rect class="square dark" data-square="{sq}" x="{_num(x)}" y="{_num(y)}" '
            f'width="{one}" height="{one}" fill="{c["dark"]}"/>')


def _highlight_svg(x: float, y: float, sq: int, kind: str, color: str) -> str:
    inset = 0.04
    return (f'<rect class="{kind}" data-square="{sq}" x="{_num(x + inset)}" y="{_num(y + inset)}" '
            f'width="{_num(1 - 2 * inset)}" height="{_num(1 - 2 * inset)}" fill="{color}" '
            f'fill-opacity="{HIGHLIGHT_OPACITY}" stroke="{color}" stroke-width="{_num(2 * inset)}"/>')


def _open_svg(d: Diagram, pixel_width: float, extra: str = "") -> list[str]:
    """The start of a picture: the <svg> element, its <title>, the frame and the light board."""
    c = d.colors
    w, h = d.width, d.height
    height_px = pixel_width * h / w
    out: list[str] = []
    add = out.append
    title_text = f"{d.title} — {d.fen}" if d.title else d.fen
    add(f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="damas-board" '
        f'width="{_num(pixel_width / SCALE)}" height="{_num(height_px / SCALE)}" '
        f'viewBox="0 0 {_num(w)} {_num(h)}" '
        f'font-family="DejaVu Sans, Verdana, Arial, sans-serif"{extra}>')
    add(f"<title>{escape(title_text, quote=False)}</title>")
    if d.title:
        add(f'<rect x="0" y="0" width="{_num(w)}" height="{_num(h)}" fill="{c["background"]}"/>')
    bx, by, n, m = d.board_x, d.board_y, d.size, d.margin
    add(f'<rect class="frame" x="0" y="{_num(by - m)}" width="{_num(w)}" '
        f'height="{_num(n + 2 * m)}" fill="{c["frame"]}"/>')
    add(f'<rect class="board" x="{_num(bx)}" y="{_num(by)}" width="{_num(n)}" height="{_num(n)}" '
        f'fill="{c["light"]}"/>')
    return out


def _render_svg(d: Diagram, pixel_width: float) -> str:
    c = d.colors
    out = _open_svg(d, pixel_width)
    add = out.append
    for x, y, sq in d.dark_squares:
        add(_dark_svg(x, y, sq, c))
    for x, y, sq, kind, color in d.highlights:
        add(_highlight_svg(x, y, sq, kind, color))
    for cx, cy, color, king, sq in d.pieces:
        add(_piece_svg(cx, cy, color, king, sq, c, d.piece_radius))
    for x, y, text in d.numbers:
        add(_number_svg(x, y, text, d))
    s = MARK_SIZE
    for cx, cy, sq in d.crosses:
        lines = f'M{_num(cx - s)},{_num(cy - s)}L{_num(cx + s)},{_num(cy + s)}' \
                f'M{_num(cx - s)},{_num(cy + s)}L{_num(cx + s)},{_num(cy - s)}'
        add(f'<g class="cross" data-square="{sq}" stroke-linecap="round">'
            f'<path d="{lines}" stroke="#ffffff" stroke-width="{_num(MARK_WIDTH * 2)}"/>'
            f'<path d="{lines}" stroke="{c["mark"]}" stroke-width="{_num(MARK_WIDTH)}"/></g>')
    for points, color, is_capture, squares in d.arrows:
        shaft, head = _arrow_outline(points)
        kind = "arrow capture" if is_capture else "arrow"
        path = "-".join(str(sq) for sq in squares)
        add(f'<g class="{kind}" data-path="{path}" opacity="{ARROW_OPACITY}">'
            f'<polyline points="{_points(shaft)}" fill="none" stroke="{color}" '
            f'stroke-width="{_num(ARROW_WIDTH)}" stroke-linejoin="round" stroke-linecap="butt"/>'
            f'<polygon points="{_points(head)}" fill="{color}"/></g>')
    for x, y, text, _anchor in d.coords:
        add(_coord_svg(x, y, text, c))
    for x, y, line in d.title_lines:
        add(f'<text class="title" x="{_num(x)}" y="{_num(y)}" font-size="{_num(d.title_size)}" '
            f'text-anchor="middle" fill="{c["title"]}">{escape(line, quote=False)}</text>')
    add("</svg>")
    return "".join(out)


class SVG(str):
    """SVG text that Jupyter shows as a picture (``_repr_svg_``).  It is a
    plain ``str`` otherwise: save it, compare it, embed it."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, Any]:
        # The picture as a safe <img> (damas/display/output.py), so it reads untrusted too.
        from damas.display.output import picture_bundle
        return picture_bundle(self)

    def _ipython_display_(self) -> None:
        # Stored once: IPython would add the SVG again from _repr_svg_.
        from damas.display.output import show_picture
        show_picture(self, repr(self))

    def __repr__(self) -> str:
        # Short and stable: the picture itself is the SVG output.
        title = self[self.find("<title>") + 7:self.find("</title>")] if "<title>" in self else ""
        return f"<SVG {len(self)} bytes: {title}>"


@checked()
def board_svg(board: Board, *, size: int = 400, flipped: bool = False, coordinates: str | None | bool = "auto",
              highlight: Any = (), arrows: Any = (), lastmove: Any = None, marked: Any = (),
              title: str | None = None, colors: Palette | None = None) -> SVG:
    """Draw ``board`` as SVG text.

    ``size``: width of the picture in pixels (the height follows).
    ``flipped``: Black at the bottom (White's side is at the bottom by default).
    ``coordinates``: ``'auto'`` (the variant's usual notation: letters and
    digits around the 8x8 board, numbers inside the squares on 10x10),
    ``'numbers'`` (square numbers inside the dark squares), ``'algebraic'``
    (a–h and 1–8 around the board; 8x8 only), ``'both'`` or ``None``.
    ``highlight``: squares (numbers or names like ``'c3'``) to colour, or a
    dict ``{square: colour}``.
    ``arrows``: moves to draw, each a ``Move``, a move text (``'22-17'``,
    read by the board), a sequence of squares (``(22, 17)``; if it names
    exactly one legal move of ``board``, that move's path is drawn) or an
    :class:`Arrow` with a colour.  A capture is drawn through every square
    it lands on and the pieces it takes are crossed out.
    ``lastmove``: a move (or squares) whose squares are coloured.
    ``marked``: squares to cross out.
    ``title``: a heading shown above the board (also put in ``<title>``,
    next to the FEN).
    ``colors``: replacements for some entries of :data:`COLORS`.

    Returns an :class:`SVG` (a ``str`` that notebooks display as a picture).
    """
    _check_size(size)
    d = diagram(board, flipped=flipped, coordinates=coordinates, highlight=highlight,
                arrows=arrows, lastmove=lastmove, marked=marked, title=title, colors=colors)
    return SVG(_render_svg(d, size))


def _check_size(size: object) -> None:
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not 0 < size <= 100_000:
        raise ArgumentError(TEXTS["bad_size"].format(value=size))


# -- the live board: the same picture, with the marks of the clicks -------------------------

#: Colours of the live marks (the widget's palettes replace them).
LIVE_COLORS = {
    "selected": "#ffd43b", "target": "#0b7a2e", "route": "#1f5fbf", "tried": "#555555",
    "outline": "#ffffff",
}

# Sizes of the live marks, in board units (a square is 1).
SELECTED_INSET, SELECTED_WIDTH = 0.035, 0.085
ROUTE_INSET, ROUTE_WIDTH = 0.05, 0.065
MARKED_INSET, MARKED_WIDTH, MARKED_DASH = 0.06, 0.085, (0.15, 0.085)
TARGET_DOT, TARGET_RING = 0.17, 0.44
CURSOR_INSET, CURSOR_WIDTH, CURSOR_DASH = 0.12, 0.04, (0.067, 0.05)
HALO = 0.035                  # the light outline under a coloured mark, each side


@dataclass
class LiveMarks:
    """What the clicks show on a live board (:func:`live_board_svg`): the
    selected square, the squares clicked so far, the squares that may be
    clicked next, the squares a refusal points to, the last move's squares
    and the arrows ``[{"path": [...], "kind": "reply" or "tried"}]``."""

    selected: int = 0
    route: tuple[int, ...] = ()
    targets: tuple[int, ...] = ()
    highlights: tuple[int, ...] = ()
    last_path: tuple[int, ...] = ()
    last_captured: tuple[int, ...] = ()
    arrows: tuple[dict[str, Any], ...] = ()


def _frame(x: float, y: float, inset: float, stroke: str, width: float, extra: str = "") -> str:
    return (f'<rect x="{_num(x + inset)}" y="{_num(y + inset)}" width="{_num(1 - 2 * inset)}" '
            f'height="{_num(1 - 2 * inset)}" fill="none" stroke="{stroke}" '
            f'stroke-width="{_num(width)}"{extra}/>')


def _dash(pattern: Iterable[float]) -> str:
    return " ".join(_num(v) for v in pattern)


def _live_arrow(points: Sequence[Point], path: Sequence[int], kind: str, c: Palette) -> str:
    shaft, head = _arrow_outline(points)
    color = c["tried"] if kind == "tried" else c["arrow"]
    dash = f' stroke-dasharray="{_dash((0.2, 0.13))}"' if kind == "tried" else ""
    data = ",".join(str(sq) for sq in path)
    return (f'<g class="arrow damas-arrow" data-path="{data}" data-kind="{kind}" aria-hidden="true" '
            f'pointer-events="none">'
            f'<polyline points="{_points(shaft)}" fill="none" stroke="{c["outline"]}" '
            f'stroke-width="{_num(ARROW_WIDTH + 2 * HALO)}" stroke-linejoin="round" stroke-linecap="round"/>'
            f'<polyline points="{_points(shaft)}" fill="none" stroke="{color}" '
            f'stroke-width="{_num(ARROW_WIDTH)}" stroke-linejoin="round" stroke-linecap="round"{dash}/>'
            f'<polygon points="{_points(head)}" fill="{color}" stroke="{c["outline"]}" '
            f'stroke-width="{_num(HALO)}" stroke-linejoin="round"/></g>')


@checked()
def live_board_svg(board: Board, marks: LiveMarks | None = None, *, flipped: bool = False,
                   coordinates: str | None | bool = "auto", colors: Palette | None = None, size: int = 480) -> SVG:
    """The live board of :class:`damas.widget.BoardWidget`: the picture of
    :func:`board_svg` (the same :func:`diagram`, the same pieces, numbers
    and letters) with each dark square drawn as one group
    ``<g class="damas-square" data-square=.. data-name=.. data-piece=..>``
    that the page makes clickable, and the marks of the clicks (``marks``,
    a :class:`LiveMarks`) inside it.  ``colors`` may hold the entries of
    :data:`COLORS` and of :data:`LIVE_COLORS`."""
    if marks is not None and not isinstance(marks, LiveMarks):
        raise refuse("marks", "as marcas do tabuleiro (LiveMarks)", marks)
    _check_size(size)
    if colors is not None and not isinstance(colors, dict):
        raise refuse("colors", "um dicionário de cores, como {'dark': '#8b5a2b'}", colors)
    marks = marks or LiveMarks()
    colors = dict(colors or {})
    d = diagram(board, flipped=flipped, coordinates=coordinates,
                colors={k: v for k, v in colors.items() if k in COLORS})
    c = dict(d.colors)
    c.update(LIVE_COLORS)
    c.update({k: v for k, v in colors.items() if k in LIVE_COLORS or k in COLORS})
    variant = board.variant
    pieces = {sq: (color, king) for _cx, _cy, color, king, sq in d.pieces}
    numbers = {int(text): (x, y, text) for x, y, text in d.numbers}
    last = set(marks.last_path) | set(marks.last_captured)
    route, targets, highlights = set(marks.route), set(marks.targets), set(marks.highlights)
    out = _open_svg(d, size)
    add = out.append
    for x, y, sq in d.dark_squares:
        piece = pieces.get(sq)
        symbol = "" if piece is None else piece[0] if piece[1] else piece[0].lower()
        states = [("damas-selected", sq == marks.selected), ("damas-target", sq in targets),
                  ("damas-highlight", sq in highlights), ("damas-last", sq in marks.last_path)]
        cls = " ".join(["damas-square"] + [name for name, on in states if on])
        add(f'<g class="{cls}" data-square="{sq}" data-name="{variant.square_name(sq)}" '
            f'data-piece="{symbol}">')
        add(_dark_svg(x, y, sq, c))
        if sq in last:
            add(_highlight_svg(x, y, sq, "lastmove", c["lastmove"]))
        if sq in route and sq != marks.selected:
            add(_frame(x, y, ROUTE_INSET, c["outline"], ROUTE_WIDTH + 2 * HALO, ' class="damas-halo"'))
            add(_frame(x, y, ROUTE_INSET, c["route"], ROUTE_WIDTH, ' class="damas-route-mark"'))
        if piece is not None:
            cx, cy = d.centers[sq]
            add(_piece_svg(cx, cy, piece[0], piece[1], sq, c, d.piece_radius, live=True))
        if sq == marks.selected:
            add(_frame(x, y, SELECTED_INSET, c["selected"], SELECTED_WIDTH, ' class="damas-selected-mark"'))
        if sq in highlights:
            add(_frame(x, y, MARKED_INSET, c["outline"], MARKED_WIDTH + 2 * HALO, ' class="damas-halo"'))
            add(_frame(x, y, MARKED_INSET, c["mark"], MARKED_WIDTH,
                       f' stroke-dasharray="{_dash(MARKED_DASH)}" class="damas-highlight-mark"'))
        if sq in numbers:   # over the frames: a marked square keeps its number readable
            add(_number_svg(*numbers[sq], d, live=True))
        if sq in targets:
            cx, cy = d.centers[sq]
            ring = piece is not None
            r = _num(TARGET_RING if ring else TARGET_DOT)
            fill_halo, fill = ("none", "none") if ring else (c["outline"], c["target"])
            add(f'<circle class="damas-target-halo" cx="{_num(cx)}" cy="{_num(cy)}" r="{r}" fill="{fill_halo}" '
                f'stroke="{c["outline"]}" stroke-width="{_num(0.085 + 2 * HALO if ring else 2 * HALO)}"/>')
            add(f'<circle class="damas-target-mark" cx="{_num(cx)}" cy="{_num(cy)}" r="{r}" fill="{fill}" '
                f'stroke="{c["target"]}" stroke-width="{_num(0.085 if ring else 0.035)}"/>')
        add(_frame(x, y, CURSOR_INSET, c["outline"], CURSOR_WIDTH,
                   f' stroke-dasharray="{_dash(CURSOR_DASH)}" rx="{_num(0.067)}" display="none" class="damas-cursor"'))
        add("</g>")
    for arrow in marks.arrows:
        path = [sq for sq in arrow.get("path", ()) if sq in d.centers]
        if len(path) >= 2:
            add(_live_arrow([d.centers[sq] for sq in path], path, arrow.get("kind", "reply"), c))
    for x, y, text, _anchor in d.coords:
        add(_coord_svg(x, y, text, c, live=True))
    add("</svg>")
    return SVG("".join(out))


@checked(symbol=choice_spec(('w', 'W', 'b', 'B')), size=whole_spec(1, 2000))
def piece_icon_svg(symbol: str, colors: Palette | None = None, size: int = 22) -> str:
    """A small picture of one piece ('w', 'W', 'b' or 'B'), drawn as the board draws it
    (the widget's panel shows it beside the side to move and in setup mode)."""
    c = dict(COLORS)
    c.update({k: v for k, v in (colors or {}).items() if k in COLORS})
    color, king = symbol.upper(), symbol.isupper()
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(1)} {_num(1)}" '
            f'width="{size}" height="{size}" aria-hidden="true">'
            + _piece_svg(0.5, 0.5, color, king, 0, c, 0.46) + "</svg>")
