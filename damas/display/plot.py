"""Board pictures with matplotlib: figures made of several diagrams.

- :func:`draw_board` draws one board into a matplotlib ``Axes`` with the same
  options (and the same layout) as :func:`damas.display.svg.board_svg`;
- :func:`sequence_figure` draws a row of diagrams, the position after each
  move of a sequence (a combination, move by move), each captioned with its
  move numbered as on a score sheet (:func:`numbered_moves`: "1. c3-d4",
  "1... f6-e5");
- the sheets a school photocopies, in a light print palette
  (:data:`PRINT_COLORS`): :func:`student_sheet` (neutral numbers, the task,
  lines for the answer, name/class/date fields, one board size) and, as a
  separate PDF, :func:`answer_key` (numbered moves and the theme); the three
  blank forms :func:`score_sheet` (art. 8), :func:`irregularities_sheet`
  (5.4.01 to 5.4.14) and :func:`forcada_sheet`.  ``python -m damas fichas``
  makes them from the collections;
- :func:`worksheet`, the older single PDF of diagrams with the answer key on
  its last page (kept for existing callers; the sheets above replace it).

matplotlib is imported only inside these functions, so ``import damas`` does
not need it.  To keep files identical from run to run, save PNGs with
``metadata={"Software": None}`` and PDFs with ``metadata={"CreationDate":
None}`` (as :func:`worksheet` and :func:`save_png` do).
"""

from __future__ import annotations

import functools
import math
import sys
import textwrap

from damas.errors import DamasError
from damas.display.svg import (ARROW_OPACITY, ARROW_WIDTH, COORD_SIZE, HIGHLIGHT_OPACITY, MARK_SIZE, MARK_WIDTH,
                  NUMBER_HALO, NUMBER_SIZE, TITLE_SIZE, arrow_outline, diagram, piece_shapes)

__all__ = ["draw_board", "sequence_figure", "numbered_moves", "worksheet", "worksheet_pages", "save_png",
           "student_sheet", "student_sheet_pages", "answer_key", "answer_key_pages", "score_sheet",
           "irregularities_sheet", "forcada_sheet", "PRINT_COLORS", "TEXTS", "SHEET_TEXTS"]

# Every word a reader sees lives here.
TEXTS = {
    "W": "Brancas jogam",
    "B": "Pretas jogam",
    "side_W": "brancas",
    "side_B": "pretas",
    "start": "Posição inicial",
    "problem": "Posição do problema",
    "before": "Antes do lance {number}",
    "after_white": "{number}. {move}",
    "after_black": "{number}... {move}",
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


def _points_per_unit(ax) -> float:
    """Typographic points per board unit, once the Axes has its limits."""
    ax.apply_aspect()
    x0, _ = ax.transData.transform((0.0, 0.0))
    x1, _ = ax.transData.transform((1.0, 0.0))
    return abs(x1 - x0) * 72.0 / ax.figure.dpi


def draw_board(board, ax=None, **options):
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

    def add(artist):
        artist.set_zorder(z[0])
        z[0] += 0.001
        # add_artist, not add_patch: the limits are fixed, and updating
        # them for every patch would cost more than the drawing itself.
        ax.add_artist(artist)
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
        for shape in piece_shapes(cx, cy, color, king, c, d.piece_radius):
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
        shaft, head = arrow_outline(points)
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


def save_png(fig, path, dpi=100):
    """Save a figure as PNG without the metadata that changes between runs."""
    fig.savefig(path, format="png", dpi=dpi, metadata={"Software": None})


def _side_of(board) -> str:
    return TEXTS["side_W"] if board.turn == "W" else TEXTS["side_B"]


def _start_number(board) -> int:
    """The number (as on a score sheet, art. 8) of the next move of ``board``,
    counted from the start of its move stack: 1 for a board without one."""
    plies = len(board.move_stack)
    start_turn = board.turn if plies % 2 == 0 else ("B" if board.turn == "W" else "W")
    return plies // 2 + 1 if start_turn == "W" else (plies + 1) // 2 + 1


def numbered_moves(board, moves, first_number: int | None = None, notation=None) -> str:
    """``moves`` (``Move`` objects or texts) played from ``board`` (not
    changed) and written as chapter 10 and the score sheet number them:
    ``1. c3-d4 f6-e5 2. d4xf6``; a line that starts with Black reads
    ``1... f6-e5 2. d4xf6``.  ``first_number`` is the number of the first
    move (by default counted from the board's own move stack)."""
    from damas.rules.notation import move_text
    work = board.copy()
    number = _start_number(board) if first_number is None else first_number
    parts = []
    for i, item in enumerate(moves):
        move = work.parse_move(item) if isinstance(item, str) else item
        text = move_text(work, move, notation)
        if work.turn == "W":
            parts.append(f"{number}. {text}")
        else:
            parts.append(f"{number}... {text}" if i == 0 else text)
            number += 1
        work.push(move)
    return " ".join(parts)


def _is_initial(board) -> bool:
    return not board.move_stack and board.fen() == type(board)(board.variant.name).fen()


def sequence_figure(board, moves, *, start: bool = True, panel_size: float = 2.6,
                    arrows: bool = True, first_number: int | None = None,
                    start_caption: str | None = None, **options):
    """A figure with a row of diagrams: the starting position (if ``start``),
    then the position after each move of ``moves`` (``Move`` objects or move
    texts, read by the board), with that move's squares coloured and, if
    ``arrows``, its arrow (captured pieces crossed out where they stood).

    Each panel is captioned with its move numbered as on a score sheet
    (chapter 10, art. 8): ``1. c3-d4`` after a white move, ``1... f6-e5``
    after a black one.  The numbers continue the board's own move stack
    (``first_number`` overrides them).  The first panel reads "Posição
    inicial" for the position of art. 2.8, "Posição do problema" for a
    position set up from a FEN, "Antes do lance N" inside a game, unless
    ``start_caption`` is given.  ``options`` go to :func:`draw_board`.
    ``board`` itself is not changed; an illegal move raises the board's own
    error."""
    import matplotlib.pyplot as plt

    work = board.copy()
    number = _start_number(board) if first_number is None else first_number
    panels = []
    if start:
        if start_caption is None:
            if _is_initial(board):
                start_caption = TEXTS["start"]
            elif board.move_stack:
                start_caption = TEXTS["before"].format(number=number)
            else:
                start_caption = TEXTS["problem"]
        panels.append((work.copy(), None, start_caption))
    for item in moves:
        move = work.parse_move(item) if isinstance(item, str) else item
        text = work.move_text(move)
        if work.turn == "W":
            caption = TEXTS["after_white"].format(number=number, move=text)
        else:
            caption = TEXTS["after_black"].format(number=number, move=text)
            number += 1
        move = work.push(move)
        panels.append((work.copy(), move, caption))
    options.pop("title", None)
    probe = diagram(board, **{k: v for k, v in options.items() if k in ("coordinates", "colors")})
    aspect = probe.height / probe.width
    count = max(1, len(panels))
    fig = plt.figure(figsize=(panel_size * count, panel_size * aspect + 0.45))
    width = 1.0 / count
    for i, (position, move, caption) in enumerate(panels):
        ax = fig.add_axes([i * width + 0.03 * width, 0.02, 0.94 * width,
                           (panel_size * aspect) / (panel_size * aspect + 0.45) - 0.02])
        extra = dict(options)
        if move is not None:
            extra["lastmove"] = move
            if arrows:
                extra["arrows"] = [move]
        draw_board(position, ax, **extra)
        ax.set_title(caption, fontsize=10, family=FONT)
    return fig


def _goal_line(turn: str, goal) -> str:
    """'Brancas jogam e ganham' from 'e ganham'; 'Brancas jogam — Ganhar uma
    pedra' from a sentence; the goal alone if it already names the side."""
    side = TEXTS[turn]
    goal = str(goal or "").strip()
    if not goal:
        return side
    if goal.lower().startswith(side.lower()):
        return goal
    if goal.startswith("e ") or goal.startswith(","):
        return f"{side} {goal}"
    return f"{side} — {goal}"


def _check_puzzle(number, puzzle):
    for attribute in ("board", "title", "goal", "solution"):
        if not hasattr(puzzle, attribute):
            raise ValueError(TEXTS["bad_puzzle"].format(number=number, attribute=attribute))


def _solution_text(solution) -> str:
    if isinstance(solution, (list, tuple)):
        return " ".join(str(s) for s in solution)
    return str(solution)


def _label(number, puzzle) -> str:
    key = "exercise" if puzzle.title else "exercise_untitled"
    return TEXTS[key].format(number=number, title=puzzle.title)


def worksheet_pages(puzzles, per_page: int = 6, *, title: str | None = None, coordinates="auto"):
    """The pages of :func:`worksheet` as a list of matplotlib figures (A4
    portrait): the diagram pages, then the answer key.  Close them with
    ``matplotlib.pyplot.close(fig)`` when done."""
    import matplotlib.pyplot as plt

    puzzles = list(puzzles)
    if not puzzles:
        raise ValueError(TEXTS["no_puzzles"])
    if isinstance(per_page, bool) or not isinstance(per_page, int) or not 1 <= per_page <= 12:
        raise ValueError(TEXTS["bad_per_page"].format(value=per_page))
    for number, puzzle in enumerate(puzzles, 1):
        _check_puzzle(number, puzzle)
    heading = title or TEXTS["worksheet"]
    cols = 1 if per_page == 1 else 2 if per_page <= 6 else 3
    rows = math.ceil(per_page / cols)
    diagram_pages = math.ceil(len(puzzles) / per_page)

    # The answer key, wrapped into lines and split into pages.
    key_lines = []
    for number, puzzle in enumerate(puzzles, 1):
        label = _label(number, puzzle) + (" —" if puzzle.title else "")
        key_lines.extend(textwrap.wrap(f"{label} {_solution_text(puzzle.solution)}", width=84,
                                       subsequent_indent="    ") or [label])
        key_lines.append("")
    lines_per_page = 48
    key_pages = [key_lines[i:i + lines_per_page] for i in range(0, len(key_lines), lines_per_page)]
    pages = diagram_pages + len(key_pages)

    def new_page(number, text):
        fig = plt.figure(figsize=A4)
        fig.text(0.5, 0.965, text, ha="center", va="center", fontsize=16, family=FONT)
        fig.text(0.5, 0.02, TEXTS["page"].format(page=number, pages=pages), ha="center",
                 fontsize=8, family=FONT, color="#555555")
        return fig

    figures = []
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
            ax = fig.add_axes([x0 + (cell_w - box_w) / 2, y0 + text_h, box_w, box_h])
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


def worksheet(puzzles, path, per_page: int = 6, *, title: str | None = None,
              coordinates="auto") -> int:
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
    try:
        with PdfPages(path, metadata=metadata) as pdf:
            for fig in figures:
                pdf.savefig(fig)
    finally:
        for fig in figures:
            plt.close(fig)
    return len(figures)


# ---------------------------------------------------------------------------
# Sheets a school photocopies: a student sheet, its answer key, and the three
# blank forms of the teacher's guide (score sheet, irregularities, forçada).
# ---------------------------------------------------------------------------
#: A light palette for paper: white board and frame, grey playing squares,
#: dark-grey black pieces, white crowns.  Little ink, and it still photocopies.
PRINT_COLORS = {
    "light": "#ffffff",
    "dark": "#d4d4d4",
    "frame": "#ffffff",
    "coord": "#333333",
    "number": "#6b6b6b",
    "title": "#000000",
    "white_fill": "#ffffff",
    "white_line": "#000000",
    "black_fill": "#4d4d4d",
    "black_line": "#000000",
    "black_ring": "#c8c8c8",
    "crown": "#ffffff",
}

SHEET_TEXTS = {
    "name": "Nome:",
    "class": "Turma:",
    "date": "Data:",
    "date_blank": "____/____/________",
    "answer": "Resposta:",
    "student_hint": ("Escreva a solução com os lances numerados, como na folha de anotação: o número, o lance "
                     "das brancas, o das pretas (regra 8.2)."),
    "key_title": "Gabarito — {title}",
    "key_hint": "Folha do professor: não distribua aos alunos.",
    "theme": "Tema: {theme}",
    "also": "Também vale começar com: {moves}",
    "page": "Página {page} de {pages}",
    "mixed_sizes": ("Uma ficha tem um só tamanho de tabuleiro: estes exercícios misturam {sizes}. "
                    "Faça uma ficha para cada tabuleiro."),
    "no_items": "Nenhum exercício para a ficha: a lista está vazia.",
    "bad_item": ("O exercício {number} não tem {attribute!r}: a ficha do aluno precisa de .board e .task; "
                 "o gabarito, de .task, .answer e .theme."),
    "size_64": "64 casas",
    "size_100": "100 casas",
    # score sheet (art. 8)
    "score_title": "Folha de anotação — damas",
    "score_fields": (("Evento:", "Data:"), ("Local:", "Rodada:"), ("Brancas:", "Pretas:")),
    "score_number": "Nº",
    "score_white": "Brancas",
    "score_black": "Pretas",
    "score_result": "Resultado (2-0, 1-1 ou 0-2):",
    "score_signatures": ("Assinatura (brancas):", "Assinatura (pretas):"),
    "score_help": ("Cada lance se anota com a casa de partida e a de chegada, separadas por um hífen no "
                   "movimento simples (22-18 ou c3-d4) e por um x na tomada (18x11 ou d4xf6) (regras 8.1 e 8.2). "
                   "O tabuleiro ao lado mostra os números e os nomes das casas."),
    # irregularities (art. 5.4)
    "irr_title": "As irregularidades (regra 5.4)",
    "irr_intro": ("Quando um jogador comete uma destas irregularidades, só o adversário decide se ela é "
                  "corrigida ou se o jogo segue assim (regra 5.4). Se o adversário já jogou o lance seguinte, "
                  "aceitou a situação e não há mais correção (regra 5.7). Não se corrige pela metade (regra 5.8)."),
    "irr_number": "Regra",
    "irr_what": "O que o jogador fez",
    "irr_seen": "Vimos em aula",
    # forçada record
    "forcada_title": "A forçada: três damas contra uma — folha de registro",
    "forcada_intro": ("Com a dama preta fora da grande diagonal, três damas a prendem; na grande diagonal, o final "
                      "é empate. As brancas têm {moves} lances para tomar a dama preta (regra {article}). Jogue "
                      "a partir de uma das posições e anote os lances."),
    "forcada_out": "Posição 1: a dama preta fora da grande diagonal",
    "forcada_in": "Posição 2: a dama preta na grande diagonal",
    "forcada_diag": "Dama preta na grande diagonal?",
    "forcada_result_win": "\u2610 As brancas tomaram a dama preta no lance ____ (regra 7.2)",
    "forcada_result_draw": "\u2610 Empate: {moves} lances sem tomar a dama preta (regra {article})",
    "forcada_model": "A partida-modelo do capítulo 11, a partir da posição 1 (confira no tabuleiro):",
    "forcada_position": "Posição escolhida:  \u2610 1   \u2610 2",
}

#: The forçada of chapter 11, from position 1: White takes the black king
#: on the 9th move (the test replays it with damas.Game).
FORCADA_OUT = "W:WKb8,Kh4,Kg1:BKf8"
FORCADA_IN = "W:WKb8,Kh4,Kg1:BKg7"
FORCADA_MODEL = ("h4-f6 f8-b4 b8-f4 b4-f8 g1-d4 f8-a3 f6-h4 a3-f8 d4-f6 f8-h6 "
                 "f4-c1 h6-f8 f6-g7 f8xh6 h4-g5 h6xf4 c1xh6").split()

#: The irregularities of article 5.4, in the course's own words.
IRREGULARITIES = (
    ("5.4.01", "Jogou duas vezes seguidas na sua vez."),
    ("5.4.02", "Moveu uma pedra ou uma dama de um jeito que as regras não permitem."),
    ("5.4.03", "Tocou numa peça sua e jogou com outra."),
    ("5.4.04", "Desfez um lance que já tinha jogado."),
    ("5.4.05", "Moveu uma peça do adversário."),
    ("5.4.06", "Fez um movimento simples quando havia tomada a fazer."),
    ("5.4.07", "Tirou do tabuleiro, sem motivo, peças do adversário ou suas."),
    ("5.4.08", "Tomou mais ou menos peças do que a regra manda (lei da maioria, regra 4.13)."),
    ("5.4.09", "Parou no meio de uma tomada em cadeia que ainda continuava (peça largada, regra 4.10)."),
    ("5.4.10", "Tirou uma peça tomada do tabuleiro antes de terminar a tomada."),
    ("5.4.11", "Depois da tomada, tirou menos peças do que tinha tomado."),
    ("5.4.12", "Depois da tomada, tirou peças que não tinham sido tomadas."),
    ("5.4.13", "Parou no meio a retirada das peças de uma tomada em cadeia."),
    ("5.4.14", "Depois da tomada, tirou do tabuleiro uma ou mais peças suas."),
)

_PDF_DATE = None  # no creation date: the same input gives the same bytes


def _save_pdf(figures, path, title):
    """Write ``figures`` as one PDF without dates, close them, return the page count."""
    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_pdf import PdfPages

    metadata = {"CreationDate": _PDF_DATE, "ModDate": _PDF_DATE, "Title": title, "Creator": "damas",
                "Producer": "damas"}
    try:
        with PdfPages(path, metadata=metadata) as pdf:
            for fig in figures:
                pdf.savefig(fig)
    finally:
        for fig in figures:
            plt.close(fig)
    return len(figures)


def _page(text, number=None, pages=None, size=14):
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=A4)
    fig.text(0.5, 0.962, text, ha="center", va="center", fontsize=size, fontweight="bold", family=FONT)
    if number is not None:
        fig.text(0.5, 0.018, SHEET_TEXTS["page"].format(page=number, pages=pages), ha="center",
                 fontsize=8, family=FONT, color="#444444")
    return fig


def _hline(fig, x0, x1, y, width=0.6, color="#555555"):
    from matplotlib.lines import Line2D
    fig.add_artist(Line2D([x0, x1], [y, y], transform=fig.transFigure, color=color, linewidth=width))


def _vline(fig, x, y0, y1, width=0.6, color="#555555"):
    from matplotlib.lines import Line2D
    fig.add_artist(Line2D([x, x], [y0, y1], transform=fig.transFigure, color=color, linewidth=width))


def _name_fields(fig, y):
    """Name, class and date, with lines to write on."""
    t = SHEET_TEXTS
    for label, x0, x1, x2 in ((t["name"], 0.07, 0.135, 0.56), (t["class"], 0.59, 0.66, 0.76),
                              (t["date"], 0.785, 0.84, 0.93)):
        fig.text(x0, y, label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, x1, x2, y - 0.003)


def _draw_print_board(board, ax, coordinates="auto"):
    """A board in the print palette, with a thin line around it."""
    from matplotlib.patches import Rectangle

    draw_board(board, ax, coordinates=coordinates, colors=PRINT_COLORS)
    d = diagram(board, coordinates=coordinates, colors=PRINT_COLORS)
    ax.add_artist(Rectangle((d.board_x, d.board_y), d.size, d.size, fill=False, edgecolor="#333333",
                            linewidth=_points_per_unit(ax) * 0.03, zorder=10))
    return ax


def _board_size_of(items):
    sizes = []
    for item in items:
        size = item.board.variant.size
        if size not in sizes:
            sizes.append(size)
    if len(sizes) > 1:
        names = " e ".join(SHEET_TEXTS["size_64" if s == 8 else "size_100"] for s in sizes)
        raise ValueError(SHEET_TEXTS["mixed_sizes"].format(sizes=names))
    return sizes[0]


def _check_items(items, attributes):
    items = list(items)
    if not items:
        raise ValueError(SHEET_TEXTS["no_items"])
    for number, item in enumerate(items, 1):
        for attribute in attributes:
            if not hasattr(item, attribute):
                raise ValueError(SHEET_TEXTS["bad_item"].format(number=number, attribute=attribute))
    return items


def student_sheet_pages(items, *, title: str, per_page: int | None = None, coordinates="auto"):
    """The pages of a student sheet (A4 portrait, matplotlib figures).

    ``items`` are objects with ``.board`` (the position) and ``.task`` (what
    to do, e.g. "As brancas jogam e ganham em 2 lances.").  Each diagram gets
    a neutral number, its task and two lines for the answer; every page has
    the name, class and date fields.  All boards must be of one size
    (ValueError otherwise).  ``per_page``: 6 for 8x8 and 4 for 10x10 by default."""
    items = _check_items(items, ("board", "task"))
    size = _board_size_of(items)
    if per_page is None:
        per_page = 6 if size == 8 else 4
    if isinstance(per_page, bool) or not isinstance(per_page, int) or not 1 <= per_page <= 12:
        raise ValueError(TEXTS["bad_per_page"].format(value=per_page))
    cols = 1 if per_page == 1 else 2 if per_page <= 6 else 3
    rows = math.ceil(per_page / cols)
    pages = math.ceil(len(items) / per_page)
    top, bottom, left, right = 0.875, 0.04, 0.07, 0.93
    cell_w = (right - left) / cols
    cell_h = (top - bottom) / rows
    text_h = 0.080  # task and two answer lines under each board
    figures = []
    for page in range(pages):
        fig = _page(title, page + 1, pages)
        _name_fields(fig, 0.925)
        fig.text(0.07, 0.897, textwrap.fill(SHEET_TEXTS["student_hint"], 110), ha="left", va="center",
                 fontsize=8.5, family=FONT, color="#222222")
        chunk = items[page * per_page:(page + 1) * per_page]
        for i, item in enumerate(chunk):
            number = page * per_page + i + 1
            r, col = divmod(i, cols)
            x0 = left + col * cell_w
            y0 = top - (r + 1) * cell_h
            box_h = cell_h - text_h - 0.012
            box_w = min(cell_w * 0.84, box_h * A4[1] / A4[0])
            box_h = box_w * A4[0] / A4[1]
            bx = x0 + (cell_w - box_w) / 2
            by = y0 + text_h + 0.005
            ax = fig.add_axes([bx, by, box_w, box_h])
            _draw_print_board(item.board, ax, coordinates=coordinates)
            fig.text(x0 + 0.005, by + box_h, f"{number}", ha="left", va="top", fontsize=14,
                     fontweight="bold", family=FONT)
            task = textwrap.fill(str(item.task), width=max(24, int(cell_w * 105)))
            fig.text(x0 + cell_w / 2, y0 + text_h - 0.002, task, ha="center", va="top", fontsize=9,
                     family=FONT, linespacing=1.15)
            fig.text(x0 + 0.01, y0 + 0.037, SHEET_TEXTS["answer"], ha="left", va="baseline",
                     fontsize=9, family=FONT)
            _hline(fig, x0 + 0.085, x0 + cell_w - 0.015, y0 + 0.035)
            _hline(fig, x0 + 0.01, x0 + cell_w - 0.015, y0 + 0.012)
        figures.append(fig)
    return figures


def student_sheet(items, path, *, title: str, per_page: int | None = None, coordinates="auto") -> int:
    """Write the student sheet of :func:`student_sheet_pages` as a PDF to
    ``path`` (file name or binary file) and return its number of pages.
    The PDF has no dates in it: the same exercises give the same bytes."""
    return _save_pdf(student_sheet_pages(items, title=title, per_page=per_page, coordinates=coordinates),
                     path, title)


def answer_key_pages(items, *, title: str):
    """The pages of an answer key: for each exercise, its number and task,
    the answer with numbered moves (``.answer``), the theme (``.theme``) and
    the other accepted first moves (``.also``, optional); the problem's name
    (``.title``, optional) is shown only here, never on the student sheet."""
    items = _check_items(items, ("task", "answer", "theme"))
    t = SHEET_TEXTS
    entries = []
    for number, item in enumerate(items, 1):
        name = getattr(item, "title", "") or ""
        lines = [(f"{number}. {name} — {item.task}" if name else f"{number}. {item.task}", True)]
        lines += [(line, False) for line in textwrap.wrap(str(item.answer), 92,
                                                          initial_indent="     ", subsequent_indent="     ")]
        also = getattr(item, "also", "")
        if also:
            lines += [(line, False) for line in textwrap.wrap(t["also"].format(moves=also), 92,
                                                              initial_indent="     ",
                                                              subsequent_indent="     ")]
        if item.theme:
            lines += [(line, False) for line in textwrap.wrap(t["theme"].format(theme=item.theme), 92,
                                                              initial_indent="     ",
                                                              subsequent_indent="     ")]
        entries.append(lines)
    per_page = 50
    pages_lines = [[]]
    for lines in entries:
        if len(pages_lines[-1]) + len(lines) > per_page:
            pages_lines.append([])
        pages_lines[-1].extend(lines + [("", False)])
    figures = []
    for k, lines in enumerate(pages_lines):
        fig = _page(t["key_title"].format(title=title), k + 1, len(pages_lines), size=13)
        fig.text(0.5, 0.937, t["key_hint"], ha="center", va="center", fontsize=9, family=FONT,
                 color="#333333")
        for j, (line, bold) in enumerate(lines):
            fig.text(0.07, 0.905 - j * 0.0172, line, ha="left", va="top", fontsize=9.5, family=FONT,
                     fontweight="bold" if bold else "normal")
        figures.append(fig)
    return figures


def answer_key(items, path, *, title: str) -> int:
    """Write the answer key of :func:`answer_key_pages` as a PDF; return the page count."""
    return _save_pdf(answer_key_pages(items, title=title), path, SHEET_TEXTS["key_title"].format(title=title))


def _table(fig, x0, x1, y_top, rows, row_h, columns, header, font=9):
    """A ruled table: ``columns`` are x positions of the inner vertical lines."""
    y = y_top
    _hline(fig, x0, x1, y, 0.8, "#333333")
    xs = [x0] + list(columns) + [x1]
    for i, text in enumerate(header):
        fig.text((xs[i] + xs[i + 1]) / 2, y - row_h / 2, text, ha="center", va="center", fontsize=font,
                 fontweight="bold", family=FONT)
    y -= row_h
    _hline(fig, x0, x1, y, 0.8, "#333333")
    for cells in rows:
        for i, text in enumerate(cells):
            if text:
                fig.text(xs[i] + 0.006 if i else (xs[i] + xs[i + 1]) / 2, y - row_h / 2, text,
                         ha="left" if i else "center", va="center", fontsize=font, family=FONT)
        y -= row_h
        _hline(fig, x0, x1, y, 0.5, "#777777")
    for x in xs:
        _vline(fig, x, y, y_top, 0.6 if x in (x0, x1) else 0.5, "#555555")
    return y


def score_sheet_pages():
    """A blank score sheet (art. 8): the game's data, 60 numbered moves in two
    columns, result and signatures, and the numbered 64-square board."""
    from damas import Board

    t = SHEET_TEXTS
    fig = _page(t["score_title"])
    y = 0.925
    for left_label, right_label in t["score_fields"]:
        fig.text(0.07, y, left_label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.16, 0.52, y - 0.003)
        fig.text(0.56, y, right_label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.65, 0.93, y - 0.003)
        y -= 0.028
    row_h = 0.0185
    header = (t["score_number"], t["score_white"], t["score_black"])
    top = y - 0.005
    for block, (x0, x1) in enumerate(((0.07, 0.485), (0.515, 0.93))):
        w = x1 - x0
        rows = [(str(block * 30 + n), "", "") for n in range(1, 31)]
        bottom = _table(fig, x0, x1, top, rows, row_h, (x0 + 0.12 * w, x0 + 0.56 * w), header)
    y = bottom - 0.03
    fig.text(0.07, y, t["score_result"], ha="left", va="baseline", fontsize=10, family=FONT)
    _hline(fig, 0.37, 0.52, y - 0.003)
    for k, label in enumerate(t["score_signatures"]):
        fig.text(0.07, y - 0.03 * (k + 1), label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.29, 0.58, y - 0.03 * (k + 1) - 0.003)
    fig.text(0.07, y - 0.105, textwrap.fill(t["score_help"], 60), ha="left", va="top", fontsize=8.5,
             family=FONT, linespacing=1.3)
    empty = Board("W:W:B")
    ax = fig.add_axes([0.65, 0.025, 0.28, 0.28 * A4[0] / A4[1]])
    _draw_print_board(empty, ax, coordinates="both")
    return [fig]


def score_sheet(path) -> int:
    """Write the blank score sheet as a PDF; return the page count (1)."""
    return _save_pdf(score_sheet_pages(), path, SHEET_TEXTS["score_title"])


def irregularities_pages():
    """The table of the irregularities 5.4.01 to 5.4.14, with a blank column."""
    t = SHEET_TEXTS
    fig = _page(t["irr_title"])
    fig.text(0.07, 0.935, textwrap.fill(t["irr_intro"], 100), ha="left", va="top", fontsize=9.5,
             family=FONT, linespacing=1.35)
    rows = []
    for number, text in IRREGULARITIES:
        rows.append((number, textwrap.fill(text, 58), ""))
    _table(fig, 0.07, 0.93, 0.86, rows, 0.052, (0.17, 0.75), (t["irr_number"], t["irr_what"], t["irr_seen"]),
           font=10)
    return [fig]


def irregularities_sheet(path) -> int:
    """Write the table of irregularities as a PDF; return the page count (1)."""
    return _save_pdf(irregularities_pages(), path, SHEET_TEXTS["irr_title"])


def forcada_pages(rules=None):
    """The forçada record sheet: the two starting positions of chapter 11, a
    table for 20 moves with a column for the long diagonal, the result boxes
    (7.2, 6.3) and the model game of chapter 11, numbered."""
    from damas import Board
    from damas.rules.variants import get_variant

    t = SHEET_TEXTS
    rules = rules or get_variant("brazilian").draw_rules
    limit = [r for r in rules["endgames"] if (3, 0) in r["stronger"]][0]
    moves, article = limit["moves"], limit["article"]
    fig = _page(t["forcada_title"], size=13)
    _name_fields(fig, 0.93)
    fig.text(0.07, 0.905, textwrap.fill(t["forcada_intro"].format(moves=moves, article=article), 100),
             ha="left", va="top", fontsize=9.5, family=FONT, linespacing=1.3)
    size = 0.30
    for k, (fen, caption) in enumerate(((FORCADA_OUT, t["forcada_out"]), (FORCADA_IN, t["forcada_in"]))):
        x = 0.12 + k * 0.46
        ax = fig.add_axes([x, 0.63, size, size * A4[0] / A4[1]])
        _draw_print_board(Board(fen), ax, coordinates="algebraic")
        fig.text(x + size / 2, 0.62, caption, ha="center", va="top", fontsize=9, family=FONT)
    fig.text(0.07, 0.585, t["forcada_position"], ha="left", va="baseline", fontsize=10, family=FONT)
    rows = [(str(n), "", "", "") for n in range(1, moves + 1)]
    bottom = _table(fig, 0.07, 0.93, 0.57, rows, 0.0178, (0.14, 0.38, 0.62),
                    (t["score_number"], t["score_white"], t["score_black"], t["forcada_diag"]))
    fig.text(0.07, bottom - 0.025, t["forcada_result_win"], ha="left", va="baseline", fontsize=10, family=FONT)
    fig.text(0.07, bottom - 0.048, t["forcada_result_draw"].format(moves=moves, article=article), ha="left",
             va="baseline", fontsize=10, family=FONT)
    model = numbered_moves(Board(FORCADA_OUT), FORCADA_MODEL)
    fig.text(0.07, bottom - 0.078, t["forcada_model"], ha="left", va="baseline", fontsize=9, family=FONT)
    fig.text(0.07, bottom - 0.096, textwrap.fill(model, 100), ha="left", va="top", fontsize=9, family=FONT,
             linespacing=1.3)
    return [fig]


def forcada_sheet(path) -> int:
    """Write the forçada record sheet as a PDF; return the page count (1)."""
    return _save_pdf(forcada_pages(), path, SHEET_TEXTS["forcada_title"])


# Where matplotlib is missing (JupyterLite offline, a bare install), every public function of this
# module stops with a message in Portuguese, shown by IPython without a traceback.
TEXTS.setdefault("no_matplotlib", (
    "Esta figura é desenhada com o matplotlib, que não está instalado aqui. No curso aberto no "
    "navegador (JupyterLite, sem internet) não há matplotlib: abra este capítulo no Binder, no Colab "
    "ou num computador com o curso instalado (pip install matplotlib). Os tabuleiros em SVG e o "
    "tabuleiro interativo funcionam em todo lugar."))


class MatplotlibMissingError(DamasError, ModuleNotFoundError):
    """matplotlib is not installed; IPython shows only the message."""

    def _render_traceback_(self):
        return [f"{type(self).__name__}: {self}"]


class _MissingMatplotlib:
    """Last finder of ``sys.meta_path``: reached only when no other finder has matplotlib."""

    def find_spec(self, name, path=None, target=None):
        if name == "matplotlib" or name.startswith("matplotlib."):
            raise MatplotlibMissingError(TEXTS["no_matplotlib"])
        return None


def explain_missing_matplotlib() -> None:
    """Where matplotlib is missing, make a chapter's own ``import matplotlib`` (and
    ``%matplotlib inline``) stop with the Portuguese message too.  Where it is installed, or
    once it is, the usual finders find it first and nothing changes."""
    if not any(isinstance(f, _MissingMatplotlib) for f in sys.meta_path):
        sys.meta_path.append(_MissingMatplotlib())


def _needs_matplotlib(function):
    @functools.wraps(function)
    def guarded(*args, **kwargs):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise MatplotlibMissingError(TEXTS["no_matplotlib"]) from None
        return function(*args, **kwargs)
    return guarded


for _name in __all__:
    if callable(globals()[_name]):
        globals()[_name] = _needs_matplotlib(globals()[_name])
del _name
