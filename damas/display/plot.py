"""Board pictures with matplotlib: figures made of several diagrams.

- :func:`draw_board` draws one board into a matplotlib ``Axes`` with the same
  options (and the same layout) as :func:`damas.display.svg.board_svg`;
- :func:`sequence_figure` draws a row of diagrams, the position after each
  move of a sequence (a combination, move by move), each captioned with its
  move numbered as on a score sheet (:func:`numbered_moves`: "1. c3-d4",
  "1... f6-e5");
- :func:`worksheet`, the older single PDF of diagrams with the answer key on
  its last page (kept for existing callers; the printable sheets of
  :mod:`damas.course.kit.sheets` replace it).

matplotlib is imported only inside these functions, so ``import damas`` does
not need it.  To keep files identical from run to run, save PNGs with
``metadata={"Software": None}`` and PDFs with ``metadata={"CreationDate":
None}`` (as :func:`worksheet` and :func:`save_png` do).
"""

from __future__ import annotations

import functools
import math
import os
import sys
import textwrap
from collections.abc import Callable, Iterable
from typing import IO, TYPE_CHECKING, Any, ParamSpec, TypeVar

from damas.errors import ArgumentError, DamasError
from damas.display.svg import (ARROW_OPACITY, ARROW_WIDTH, COORD_SIZE, HIGHLIGHT_OPACITY, MARK_SIZE, MARK_WIDTH,
                  NUMBER_HALO, NUMBER_SIZE, TITLE_SIZE, _arrow_outline, _piece_shapes, diagram)
from damas.rules.args import FIGURE, PATH, checked, refuse, whole_spec
from damas.display.sequence import sequence_frames
from damas.rules.notation import move_text, next_move_number, numbered
from damas.rules.board import Board
from damas.rules.colors import NAMES, Color, side_name
from damas.rules.move import Move

if TYPE_CHECKING:                       # matplotlib is imported inside the functions only
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

P = ParamSpec("P")
R = TypeVar("R")

__all__ = ["draw_board", "sequence_figure", "numbered_moves", "worksheet", "worksheet_pages", "save_png", "TEXTS"]

# Every word a reader sees lives here.
TEXTS = {
    "to_move": "{side} jogam",
    "start": "Posição inicial",
    "problem": "Posição do problema",
    "before": "Antes do lance {number}",
    "answer_key": "Gabarito",
    "worksheet": "Exercícios",
    "page": "Página {page} de {pages}",
    "exercise": "{number}. {title}",
    "exercise_untitled": "{number}.",
    "no_puzzles": "Nenhum exercício para a folha: a lista está vazia.",
    "bad_per_page": "per_page deve ser um número inteiro de 1 a 12, não {value!r}.",
    "bad_puzzle": "O exercício {number} não tem {attribute!r}: cada exercício precisa de "
                  ".board, .title, .goal e .solution.",
}

FONT = "DejaVu Sans"
A4 = (8.27, 11.69)  # inches, portrait


def _needs_matplotlib(function: Callable[P, R]) -> Callable[P, R]:
    """The public functions of this module refuse to run without matplotlib, with the Portuguese
    message (:class:`MatplotlibMissingError`); under the door's check (``@checked`` outside)."""
    @functools.wraps(function)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise MatplotlibMissingError(TEXTS["no_matplotlib"]) from None
        return function(*args, **kwargs)
    return guarded


def _points_per_unit(ax: Axes) -> float:
    """Typographic points per board unit, once the Axes has its limits."""
    ax.apply_aspect()
    x0, _ = ax.transData.transform((0.0, 0.0))
    x1, _ = ax.transData.transform((1.0, 0.0))
    return float(abs(x1 - x0) * 72.0 / ax.figure.dpi)


def _axes(value: Any, name: str) -> Any:
    if not (callable(getattr(value, "set_xlim", None)) and callable(getattr(value, "add_patch", None))):
        raise refuse(name, "um gráfico do matplotlib (Axes), ou None para um novo", value)
    return value


@checked(ax=_axes)
@_needs_matplotlib
def draw_board(board: Board, ax: Axes | None = None, **options: Any) -> Axes:
    """Draw ``board`` into the matplotlib ``ax`` (a new figure if None) and
    return the Axes.  ``options`` are those of :func:`damas.display.svg.board_svg`
    (``flipped``, ``coordinates``, ``highlight``, ``arrows``, ``lastmove``,
    ``marked``, ``title``, ``colors``); ``size`` is ignored (the Axes sets
    the size).  Line widths and fonts are fitted to the Axes' size at the
    time of drawing: create the figure's layout first, then draw."""
    import matplotlib.pyplot as plt
    from matplotlib import patheffects
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Polygon, Rectangle

    options.pop("size", None)
    d = diagram(board, **options)
    c = d.colors
    if ax is None:
        fig = plt.figure(figsize=(4.0, 4.0 * d.height / d.width))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, d.width)
    ax.set_ylim(d.height, 0)  # y grows downwards, as in the SVG
    ax.set_aspect("equal")
    ax.set_axis_off()
    pt = _points_per_unit(ax)
    z = [1.0]
    axes = ax

    def add(artist: Artist) -> Artist:
        artist.set_zorder(z[0])
        z[0] += 0.001
        # add_artist, not add_patch: the limits are fixed, and updating
        # them for every patch would cost more than the drawing itself.
        axes.add_artist(artist)
        return artist

    bx, by, n, m = d.board_x, d.board_y, d.size, d.margin
    add(Rectangle((0, by - m), d.width, n + 2 * m, facecolor=c["frame"], edgecolor="none"))
    add(Rectangle((bx, by), n, n, facecolor=c["light"], edgecolor="none"))
    for x, y, _sq in d.dark_squares:
        add(Rectangle((x, y), 1, 1, facecolor=c["dark"], edgecolor="none"))
    inset = 0.04
    for x, y, _sq, _kind, color in d.highlights:
        add(Rectangle((x + 2 * inset, y + 2 * inset), 1 - 4 * inset, 1 - 4 * inset, facecolor=color,
                      edgecolor="none", alpha=HIGHLIGHT_OPACITY))
        add(Rectangle((x + inset, y + inset), 1 - 2 * inset, 1 - 2 * inset, facecolor="none",
                      edgecolor=color, linewidth=2 * inset * pt))
    for cx, cy, color, king, _sq in d.pieces:
        for shape in _piece_shapes(cx, cy, color, king, c, d.piece_radius):
            if shape[0] == "circle":
                _, x, y, r, fill, stroke, sw = shape
                add(Circle((x, y), r, facecolor=fill, edgecolor=stroke, linewidth=sw * pt))
            else:
                _, pts, fill, stroke, sw = shape
                add(Polygon(pts, closed=True, facecolor=fill, edgecolor=stroke, linewidth=sw * pt,
                            joinstyle="round"))
    halo = [patheffects.withStroke(linewidth=NUMBER_HALO * pt, foreground=c["dark"])]
    for x, y, text in d.numbers:
        ax.text(x, y, text, fontsize=NUMBER_SIZE * pt, fontweight="bold", color=c["number"],
                ha="left", va="baseline", family=FONT, path_effects=halo, zorder=z[0])
    s = MARK_SIZE
    for cx, cy, _sq in d.crosses:
        for width, color in ((2 * MARK_WIDTH, "#ffffff"), (MARK_WIDTH, c["mark"])):
            for (x0, y0), (x1, y1) in (((cx - s, cy - s), (cx + s, cy + s)),
                                       ((cx - s, cy + s), (cx + s, cy - s))):
                add(Line2D([x0, x1], [y0, y1], color=color, linewidth=width * pt,
                           solid_capstyle="round"))
    for points, color, _is_capture, _squares in d.arrows:
        shaft, head = _arrow_outline(points)
        add(Line2D([p[0] for p in shaft], [p[1] for p in shaft], color=color,
                   linewidth=ARROW_WIDTH * pt, alpha=ARROW_OPACITY, solid_joinstyle="round",
                   solid_capstyle="butt"))
        add(Polygon(head, closed=True, facecolor=color, edgecolor="none", alpha=ARROW_OPACITY))
    for x, y, text, _anchor in d.coords:
        ax.text(x, y, text, fontsize=COORD_SIZE * pt, color=c["coord"], ha="center",
                va="center_baseline", family=FONT, zorder=z[0])
    if d.title:
        ax.text(d.width / 2, 0.52, d.title, fontsize=TITLE_SIZE * pt, color=c["title"],
                ha="center", va="baseline", family=FONT, zorder=z[0])
    return ax


@checked(fig=FIGURE, path=PATH, dpi=whole_spec(10, 1200))
@_needs_matplotlib
def save_png(fig: Figure, path: str | os.PathLike[str] | IO[bytes], dpi: int = 100) -> None:
    """Save a figure as PNG without the metadata that changes between runs (to a file name: whole
    or not at all, :func:`damas.rules.files.write_file`)."""
    _written(path, lambda out: fig.savefig(out, format="png", dpi=dpi, metadata={"Software": None}))


def _written(path: str | os.PathLike[str] | IO[bytes], render: Callable[[IO[bytes]], object]) -> None:
    """``render`` into ``path``: an open file as it is; a file name through memory and
    :func:`damas.rules.files.write_file`, so that a failure (a full disk, a kill) leaves the old
    file or none, never a part."""
    if not isinstance(path, (str, os.PathLike)):
        render(path)
        return
    import io

    from damas.rules.files import write_file
    out = io.BytesIO()
    render(out)
    write_file(path, out.getvalue())


@checked()
@_needs_matplotlib
def numbered_moves(board: Board, moves: Iterable[Move | str], first_number: int | None = None,
                   notation: str | None = None) -> str:
    """``moves`` (``Move`` objects or texts) played from ``board`` (not
    changed) and written as chapter 10 and the score sheet number them:
    ``1. c3-d4 f6-e5 2. d4xf6``; a line that starts with Black reads
    ``1... f6-e5 2. d4xf6``.  ``first_number`` is the number of the first
    move (by default counted from the board's own move stack)."""
    work = board.copy()
    texts: list[str] = []
    for item in moves:
        move = work.parse_move(item) if isinstance(item, str) else item
        texts.append(move_text(work, move, notation))
        work.push(move)
    return numbered(texts, board.turn, next_move_number(board) if first_number is None else first_number)


@checked()
@_needs_matplotlib
def sequence_figure(board: Board, moves: Iterable[Move | str], *, start: bool = True, panel_size: float = 2.6,
                    arrows: bool = True, first_number: int | None = None,
                    start_caption: str | None = None, **options: Any) -> Figure:
    """A figure with a row of diagrams: the starting position (if ``start``),
    then the position after each move of ``moves`` (``Move`` objects or move
    texts, read by the board), with that move's squares coloured and, if
    ``arrows``, its arrow (captured pieces crossed out where they stood).

    The panels are those of :func:`damas.display.sequence.sequence_frames`
    (whose SVG twin, :func:`damas.display.sequence.sequence_svg`, the chapters
    show).  Each panel is captioned with its move numbered as on a score sheet
    (chapter 10, art. 8): ``1. c3-d4`` after a white move, ``1... f6-e5``
    after a black one.  The numbers continue the board's own move stack
    (``first_number`` overrides them).  The first panel reads "Posição
    inicial" for the position of art. 2.8, "Posição do problema" for a
    position set up from a FEN, "Antes do lance N" inside a game, unless
    ``start_caption`` is given.  ``options`` go to :func:`draw_board`.
    ``board`` itself is not changed; an illegal move raises the board's own
    error."""
    import matplotlib.pyplot as plt

    panels = sequence_frames(board, moves, start=start, first_number=first_number, start_caption=start_caption)
    options.pop("title", None)
    probe = diagram(board, **{k: v for k, v in options.items() if k in ("coordinates", "colors")})
    aspect = probe.height / probe.width
    count = max(1, len(panels))
    fig = plt.figure(figsize=(panel_size * count, panel_size * aspect + 0.45))
    width = 1.0 / count
    for i, (position, move, caption) in enumerate(panels):
        ax = fig.add_axes((i * width + 0.03 * width, 0.02, 0.94 * width,
                           (panel_size * aspect) / (panel_size * aspect + 0.45) - 0.02))
        extra = dict(options)
        if move is not None:
            extra["lastmove"] = move
            if arrows:
                extra["arrows"] = [move]
        draw_board(position, ax, **extra)
        ax.set_title(caption, fontsize=10, family=FONT)
    return fig


def _goal_line(turn: Color, goal: object) -> str:
    """'Brancas jogam e ganham' from 'e ganham'; 'Brancas jogam — Ganhar uma
    pedra' from a sentence; the goal alone if it already names the side."""
    side = TEXTS["to_move"].format(side=side_name(turn, capital=True))
    goal = str(goal or "").strip()
    if not goal:
        return side
    if goal.lower().startswith(side.lower()):
        return goal
    if goal.startswith("e ") or goal.startswith(","):
        return f"{side} {goal}"
    return f"{side} — {goal}"


def _check_puzzle(number: int, puzzle: object) -> None:
    for attribute in ("board", "title", "goal", "solution"):
        if not hasattr(puzzle, attribute):
            raise ArgumentError(TEXTS["bad_puzzle"].format(number=number, attribute=attribute))


def _solution_text(solution: object) -> str:
    if isinstance(solution, (list, tuple)):
        return " ".join(str(s) for s in solution)
    return str(solution)


def _label(number: int, puzzle: Any) -> str:
    key = "exercise" if puzzle.title else "exercise_untitled"
    return TEXTS[key].format(number=number, title=puzzle.title)


@checked(per_page=whole_spec(1, 12))
@_needs_matplotlib
def worksheet_pages(puzzles: Iterable[Any], per_page: int = 6, *, title: str | None = None,
                    coordinates: str | None = "auto") -> list[Figure]:
    """The pages of :func:`worksheet` as a list of matplotlib figures (A4
    portrait): the diagram pages, then the answer key.  Close them with
    ``matplotlib.pyplot.close(fig)`` when done."""
    import matplotlib.pyplot as plt

    puzzles = list(puzzles)
    if not puzzles:
        raise ArgumentError(TEXTS["no_puzzles"])
    if isinstance(per_page, bool) or not isinstance(per_page, int) or not 1 <= per_page <= 12:
        raise ArgumentError(TEXTS["bad_per_page"].format(value=per_page))
    for number, puzzle in enumerate(puzzles, 1):
        _check_puzzle(number, puzzle)
    heading = title or TEXTS["worksheet"]
    cols = 1 if per_page == 1 else 2 if per_page <= 6 else 3
    rows = math.ceil(per_page / cols)
    diagram_pages = math.ceil(len(puzzles) / per_page)

    # The answer key, wrapped into lines and split into pages.
    key_lines: list[str] = []
    for number, puzzle in enumerate(puzzles, 1):
        label = _label(number, puzzle) + (" —" if puzzle.title else "")
        key_lines.extend(textwrap.wrap(f"{label} {_solution_text(puzzle.solution)}", width=84,
                                       subsequent_indent="    ") or [label])
        key_lines.append("")
    lines_per_page = 48
    key_pages = [key_lines[i:i + lines_per_page] for i in range(0, len(key_lines), lines_per_page)]
    pages = diagram_pages + len(key_pages)

    def new_page(number: int, text: str) -> Figure:
        fig = plt.figure(figsize=A4)
        fig.text(0.5, 0.965, text, ha="center", va="center", fontsize=16, family=FONT)
        fig.text(0.5, 0.02, TEXTS["page"].format(page=number, pages=pages), ha="center",
                 fontsize=8, family=FONT, color="#555555")
        return fig

    figures: list[Figure] = []
    top, bottom, left, right = 0.93, 0.05, 0.06, 0.94
    cell_w = (right - left) / cols
    cell_h = (top - bottom) / rows
    text_h = 0.045  # height kept for the text under each diagram
    for page in range(diagram_pages):
        fig = new_page(page + 1, heading)
        chunk = puzzles[page * per_page:(page + 1) * per_page]
        for i, puzzle in enumerate(chunk):
            number = page * per_page + i + 1
            r, col = divmod(i, cols)
            x0 = left + col * cell_w
            y0 = top - (r + 1) * cell_h
            # Keep the board square on paper: fit it in the cell.
            box_h = cell_h - text_h - 0.01
            box_w = min(cell_w * 0.92, box_h * A4[1] / A4[0])
            box_h = box_w * A4[0] / A4[1]
            ax = fig.add_axes((x0 + (cell_w - box_w) / 2, y0 + text_h, box_w, box_h))
            draw_board(puzzle.board, ax, coordinates=coordinates)
            fig.text(x0 + cell_w / 2, y0 + text_h - 0.004, _label(number, puzzle), ha="center",
                     va="top", fontsize=10, fontweight="bold", family=FONT)
            # the goal wrapped to the cell's width (about 110 characters of 9 pt per page width)
            goal = textwrap.fill(_goal_line(puzzle.board.turn, puzzle.goal), width=max(20, int(cell_w * 110)))
            fig.text(x0 + cell_w / 2, y0 + text_h - 0.020, goal, ha="center", va="top", fontsize=9,
                     family=FONT, linespacing=1.15)
        figures.append(fig)
    for k, lines in enumerate(key_pages):
        fig = new_page(diagram_pages + k + 1, f"{heading} — {TEXTS['answer_key']}")
        for j, line in enumerate(lines):
            fig.text(0.08, 0.92 - j * 0.018, line, ha="left", va="top", fontsize=10, family=FONT)
        figures.append(fig)
    return figures


@checked(per_page=whole_spec(1, 12))
@_needs_matplotlib
def worksheet(puzzles: Iterable[Any], path: str | os.PathLike[str] | IO[bytes], per_page: int = 6, *,
              title: str | None = None, coordinates: str | None = "auto") -> int:
    """Write a PDF worksheet of exercises to ``path`` (a file name or a
    binary file) and return its number of pages.

    Each exercise is drawn as a diagram with its number, its title, the side
    to move ("Brancas jogam" / "Pretas jogam") and its goal; ``per_page``
    diagrams per A4 page; the answer key ("Gabarito") starts on a new page
    after the last diagram.

    ``puzzles`` are any objects following this protocol::

        class Puzzle(Protocol):
            board: damas.Board   # the position, with the side to move
            title: str | None    # short name ("Golpe da dama")
            goal: str            # in Portuguese: "e ganham" (joined to "Brancas jogam")
                                 # or a sentence ("Ganhar uma pedra")
            solution: str        # answer text, e.g. "1. c3-d4 f6xb2 2. a1xc3"
                                 # (a list of moves or texts is joined with spaces)

    The PDF carries no creation date, so the same puzzles give the same bytes.
    """
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    figures = worksheet_pages(puzzles, per_page, title=title, coordinates=coordinates)
    metadata = {"CreationDate": None, "ModDate": None, "Title": title or TEXTS["worksheet"],
                "Creator": "damas"}
    def render(out: IO[bytes]) -> None:
        with PdfPages(out, metadata=metadata) as pdf:
            for fig in figures:
                pdf.savefig(fig)

    try:
        _written(path, render)
    finally:
        for fig in figures:
            plt.close(fig)
    return len(figures)


# Where matplotlib is missing (JupyterLite offline, a bare install), every public function of this
# module stops with a message in Portuguese, shown by IPython without a traceback.
TEXTS.setdefault("no_matplotlib", (
    "Esta figura é desenhada com o matplotlib, que não está instalado aqui. No curso aberto no "
    "navegador (JupyterLite, sem internet) não há matplotlib: abra este capítulo no Binder, no Colab "
    "ou num computador com o curso instalado (pip install matplotlib). Os tabuleiros em SVG e o "
    "tabuleiro interativo funcionam em todo lugar."))


class MatplotlibMissingError(DamasError, ModuleNotFoundError):
    """matplotlib is not installed; IPython shows only the message."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


class _MissingMatplotlib:
    """Last finder of ``sys.meta_path``: reached only when no other finder has matplotlib."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise MatplotlibMissingError(TEXTS["no_matplotlib"])
        return None


def explain_missing_matplotlib() -> None:
    """Where matplotlib is missing, make a chapter's own ``import matplotlib`` (and
    ``%matplotlib inline``) stop with the Portuguese message too.  Where it is installed, or
    once it is, the usual finders find it first and nothing changes."""
    if not any(isinstance(f, _MissingMatplotlib) for f in sys.meta_path):
        sys.meta_path.append(_MissingMatplotlib())


