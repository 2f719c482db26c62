"""The printable sheets a school photocopies: how each page looks.

A student sheet of problems (neutral numbers, the task, lines for the answer,
name/class/date fields, one board size) and, as a separate PDF, its answer key
(numbered moves and the theme), in a light print palette (:data:`PRINT_COLORS`);
a chapter's one-page «ficha-resumo» (:func:`summary_sheet`: the rule in one line, one
diagram, one example) and its «Jogue com um colega» sheet (:func:`classmate_sheet`: the
position to set up, what to do, what to watch for, a table of results or a score sheet);
the three blank forms of the teacher's guide:
:func:`score_sheet` (art. 8), :func:`irregularities_sheet` (5.4.01 to
5.4.14) and :func:`forcada_sheet`.  The boards are drawn by
:func:`damas.display.plot.draw_board`; matplotlib is imported only inside the
functions.  The PDFs carry no creation date: the same input gives the same
bytes (the kept ones are in notebooks/fichas/).  Which sheets ``python -m damas fichas``
writes, and where, is :mod:`damas.course.classroom.fichas`.
"""

from __future__ import annotations

import functools
import math
import os
import textwrap
from collections.abc import Iterable
from pathlib import Path

from damas.display.plot import A4, FONT, TEXTS, _needs_matplotlib, _points_per_unit, draw_board, numbered_moves
from damas.display.svg import diagram
from damas.errors import ArgumentError, DamasError
from damas.rules.args import PATH, checked, refuse

__all__ = ["student_sheet", "student_sheet_pages", "answer_key", "answer_key_pages", "score_sheet",
           "score_sheet_pages", "irregularities_sheet", "irregularities_pages", "forcada_sheet",
           "forcada_pages", "summary_sheet", "summary_pages", "classmate_sheet", "classmate_pages",
           "PRINT_COLORS", "SHEET_TEXTS"]

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
    "source": "Fonte: {source}",
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
                      "é empate. As brancas têm {moves} lances para tomar a dama preta ({rule}). Jogue "
                      "a partir de uma das posições e anote os lances."),
    "forcada_out": "Posição 1: a dama preta fora da grande diagonal",
    "forcada_in": "Posição 2: a dama preta na grande diagonal",
    "forcada_diag": "Dama preta na grande diagonal?",
    "forcada_result_win": "\u2610 As brancas tomaram a dama preta no lance ____ (regra 7.2)",
    "forcada_result_draw": "\u2610 Empate: {moves} lances sem tomar a dama preta ({rule})",
    "forcada_model": "A partida-modelo do capítulo 11, a partir da posição 1 (confira no tabuleiro):",
    "forcada_position": "Posição escolhida:  \u2610 1   \u2610 2",
    # the chapter's summary sheet (the Steps Method's reminder) and «Jogue com um colega»
    "summary_title": "Ficha-resumo — {chapter}",
    "summary_rule": "A regra",
    "summary_example": "Exemplo",
    "summary_foot": "Curso de damas · capítulo {chapter}",
    "classmate_title": "Jogue com um colega — {chapter}",
    "classmate_players": ("Jogador 1:", "Jogador 2:"),
    "classmate_do": "O que fazer (uns dez minutos)",
    "classmate_watch": "Fique de olho",
    "classmate_setup": "Monte esta posição no tabuleiro de madeira",
    "classmate_results": ("Partida", "Brancas", "Pretas", "Quem ganhou?"),
    "classmate_tries": ("Vez", "Quem monta", "Quem procura", "Achou?"),
    "classmate_score": "Folha de anotação (regra 8): o número, o lance das brancas, o das pretas",
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
    # A file name: the PDF is made in memory and written whole or not at all
    # (damas.rules.files.write_file), so that a sheet that fails halfway, a full disk or a kill
    # leaves no partial file (and an older sheet stays whole).
    import io

    from damas.rules.files import os_error_text, write_file
    try:
        out = io.BytesIO() if isinstance(path, (str, os.PathLike)) else path
        with PdfPages(out, metadata=metadata) as pdf:
            for fig in figures:
                pdf.savefig(fig)
        if out is not path:
            write_file(path, out.getvalue())
    except OSError as error:
        raise DamasError(f"Não foi possível escrever o arquivo {path}: {os_error_text(error)}.") from None
    finally:
        for fig in figures:
            plt.close(fig)
    return len(figures)


def _literal_texts(function):
    """Draw every text of a sheet as written: a title such as ``$\\frac{`` is not TeX (mathtext);
    a sheet that fails closes the figures it opened."""
    @functools.wraps(function)
    def literal(*args, **kwargs):
        import matplotlib
        import matplotlib.pyplot as plt
        before = set(plt.get_fignums())
        try:
            # A booklet holds more than matplotlib's 20 open figures; _save_pdf closes them all.
            with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False,
                                        "figure.max_open_warning": 0}):
                return function(*args, **kwargs)
        except BaseException:
            # A sheet that fails halfway closes the pages it had drawn.
            for number in set(plt.get_fignums()) - before:
                plt.close(number)
            raise
    return literal


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
        raise ArgumentError(SHEET_TEXTS["mixed_sizes"].format(sizes=names))
    return sizes[0]


def _check_items(items, attributes):
    if isinstance(items, (str, bytes, dict)) or not isinstance(items, Iterable):
        raise refuse("items", "uma lista de exercícios", items)
    items = list(items)
    if not items:
        raise ArgumentError(SHEET_TEXTS["no_items"])
    for number, item in enumerate(items, 1):
        for attribute in attributes:
            if not hasattr(item, attribute):
                raise ArgumentError(SHEET_TEXTS["bad_item"].format(number=number, attribute=attribute))
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
        raise ArgumentError(TEXTS["bad_per_page"].format(value=per_page))
    cols = 1 if per_page == 1 else 2 if per_page <= 6 else 3
    rows = math.ceil(per_page / cols)
    pages = math.ceil(len(items) / per_page)
    top, bottom, left, right = 0.875, 0.04, 0.07, 0.93
    cell_w = (right - left) / cols
    cell_h = (top - bottom) / rows
    # the task and two answer lines under each board; a problem's source is the teacher's, printed in
    # the answer key, never on the student's sheet (issue 46, item 4)
    text_h = 0.080
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
            fig.text(x0 + cell_w / 2, y0 + text_h - 0.002, task, ha="center", va="top",
                     fontsize=9, family=FONT, linespacing=1.15)
            fig.text(x0 + 0.01, y0 + 0.037, SHEET_TEXTS["answer"], ha="left", va="baseline",
                     fontsize=9, family=FONT)
            _hline(fig, x0 + 0.085, x0 + cell_w - 0.015, y0 + 0.035)
            _hline(fig, x0 + 0.01, x0 + cell_w - 0.015, y0 + 0.012)
        figures.append(fig)
    return figures


@checked(path=PATH)
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
    (``.title``, optional) and its source (``.source_line``, optional) are shown only here, never on
    the student sheet."""
    items = _check_items(items, ("task", "answer", "theme"))
    t = SHEET_TEXTS
    entries = []
    for number, item in enumerate(items, 1):
        name = getattr(item, "title", "") or ""
        heading = f"{number}. {name} — {item.task}" if name else f"{number}. {item.task}"
        lines = [(line, True) for line in textwrap.wrap(heading, 84, subsequent_indent="     ")]
        lines += [(line, False) for line in textwrap.wrap(str(item.answer), 92,
                                                          initial_indent="     ", subsequent_indent="     ")]
        also = getattr(item, "also", "")
        if also:
            lines += [(line, False) for line in textwrap.wrap(t["also"].format(moves=also), 92,
                                                              initial_indent="     ",
                                                              subsequent_indent="     ")]
        source = getattr(item, "source_line", "")
        if source:
            lines += [(line, False) for line in textwrap.wrap(t["source"].format(source=source), 92,
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


@checked(path=PATH)
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


def score_sheet_pages(fields=None, note=None):
    """A score sheet (art. 8): the game's data, 60 numbered moves in two
    columns, result and signatures, and the numbered 64-square board.  Blank by
    default; ``fields`` fills the game's data already ({"Brancas:": "Ana", ...},
    keyed by the labels of ``SHEET_TEXTS["score_fields"]``: the class tournament's
    sheets) and ``note`` is printed under the title."""
    from damas import Board

    t = SHEET_TEXTS
    if fields is not None and not isinstance(fields, dict):
        raise refuse("fields", "os dados da partida, como {'Brancas:': 'Ana'}", fields)
    if note is not None and not isinstance(note, str):
        raise refuse("note", "um texto", note)
    fields = fields or {}
    fig = _page(t["score_title"])
    if note:
        fig.text(0.5, 0.942, note, ha="center", va="center", fontsize=9.5, family=FONT, color="#222222")
    y = 0.925
    for left_label, right_label in t["score_fields"]:
        fig.text(0.07, y, left_label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.16, 0.52, y - 0.003)
        fig.text(0.56, y, right_label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.65, 0.93, y - 0.003)
        for label, x, width in ((left_label, 0.165, 44), (right_label, 0.655, 34)):
            value = str(fields.get(label, ""))
            if value:
                fig.text(x, y + 0.001, value if len(value) <= width else value[:width - 1] + "…", ha="left",
                         va="baseline", fontsize=10.5, family=FONT, fontweight="bold")
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


@checked(path=PATH)
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


@checked(path=PATH)
def irregularities_sheet(path) -> int:
    """Write the table of irregularities as a PDF; return the page count (1)."""
    return _save_pdf(irregularities_pages(), path, SHEET_TEXTS["irr_title"])


def forcada_pages(rules=None):
    """The forçada record sheet: the two starting positions of chapter 11, a
    table for 20 moves with a column for the long diagonal, the result boxes
    (7.2, and the limit named by its source: the Brazilian rules number no article for it) and the
    model game of chapter 11, numbered."""
    from damas import Board
    from damas.rules.variants import get_variant

    t = SHEET_TEXTS
    if rules is not None and not (isinstance(rules, dict) and isinstance(rules.get("endgames"), list)):
        raise refuse("rules", "as regras de empate de uma variante (Variant.draw_rules)", rules)
    rules = rules or get_variant("brazilian").draw_rules
    limit = [r for r in rules["endgames"] if (3, 0) in r["stronger"]][0]
    # the Brazilian 64-square rules number no article for this limit: it is named by its source
    # («regras do jogo de 64 casas»); a variant whose rules number it gives «regra 6.3»
    moves, rule = limit["moves"], limit["source"]
    fig = _page(t["forcada_title"], size=13)
    _name_fields(fig, 0.93)
    fig.text(0.07, 0.905, textwrap.fill(t["forcada_intro"].format(moves=moves, rule=rule), 100),
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
    fig.text(0.07, bottom - 0.048, t["forcada_result_draw"].format(moves=moves, rule=rule), ha="left",
             va="baseline", fontsize=10, family=FONT)
    model = numbered_moves(Board(FORCADA_OUT), FORCADA_MODEL)
    fig.text(0.07, bottom - 0.078, t["forcada_model"], ha="left", va="baseline", fontsize=9, family=FONT)
    fig.text(0.07, bottom - 0.096, textwrap.fill(model, 100), ha="left", va="top", fontsize=9, family=FONT,
             linespacing=1.3)
    return [fig]


@checked(path=PATH)
def forcada_sheet(path) -> int:
    """Write the forçada record sheet as a PDF; return the page count (1)."""
    return _save_pdf(forcada_pages(), path, SHEET_TEXTS["forcada_title"])


def _board_of(entry):
    from damas import Board
    return Board(entry["fen"], variant=entry.get("variant", "brazilian"))


def _entry(entry, needed, name):
    if not isinstance(entry, dict) or any(k not in entry for k in needed):
        raise refuse(name, "uma entrada dos textos do capítulo com " + ", ".join(needed), entry)
    return entry


def summary_pages(chapter: str, entry: dict):
    """The one-page «ficha-resumo» of ``chapter`` (its label, "03 — Tomada"): ``entry`` is the
    chapter's ``"summary"`` (:mod:`damas.course.kit.play_texts`): the rule in one line, the
    diagram with its caption, the example."""
    t = SHEET_TEXTS
    entry = _entry(entry, ("rule", "title", "fen", "example"), "entry")
    fig = _page(t["summary_title"].format(chapter=chapter), size=16)
    _name_fields(fig, 0.925)
    from matplotlib.patches import FancyBboxPatch
    fig.add_artist(FancyBboxPatch((0.07, 0.775), 0.86, 0.115, boxstyle="round,pad=0.005,rounding_size=0.012",
                                  transform=fig.transFigure, facecolor="#f2f2f2", edgecolor="#333333", linewidth=1.2))
    fig.text(0.095, 0.872, t["summary_rule"], ha="left", va="center", fontsize=11, family=FONT, color="#333333")
    fig.text(0.5, 0.815, textwrap.fill(entry["rule"], 62), ha="center", va="center", fontsize=15,
             fontweight="bold", family=FONT, linespacing=1.3)
    size = 0.56
    ax = fig.add_axes([0.5 - size / 2, 0.33, size, size * A4[0] / A4[1]])
    _draw_print_board(_board_of(entry), ax, coordinates="auto")
    fig.text(0.5, 0.318, entry["title"], ha="center", va="top", fontsize=11, family=FONT, style="italic")
    fig.text(0.07, 0.255, t["summary_example"], ha="left", va="center", fontsize=12, fontweight="bold", family=FONT)
    _hline(fig, 0.07, 0.93, 0.242, 0.8, "#333333")
    fig.text(0.07, 0.225, textwrap.fill(entry["example"], 86), ha="left", va="top", fontsize=12, family=FONT,
             linespacing=1.45)
    fig.text(0.5, 0.03, t["summary_foot"].format(chapter=chapter.split(" ")[0]), ha="center", fontsize=8,
             family=FONT, color="#555555")
    return [fig]


@checked(path=PATH)
def summary_sheet(chapter: str, entry: dict, path) -> int:
    """Write the «ficha-resumo» of :func:`summary_pages` as a PDF; return the page count (1)."""
    return _save_pdf(summary_pages(chapter, entry), path, SHEET_TEXTS["summary_title"].format(chapter=chapter))


def classmate_pages(chapter: str, entry: dict):
    """The «Jogue com um colega» sheet of ``chapter``: ``entry`` is the chapter's
    ``"classmate"`` (:mod:`damas.course.kit.play_texts`).  The two players' names, the
    position to set up, what to do and what to watch for, then what the entry's ``record``
    says: a table of results («results», a mini-game's default), of turns at setting and
    finding («tries») or a score sheet of 40 numbered moves («score», a whole game's default)."""
    t = SHEET_TEXTS
    entry = _entry(entry, ("title", "fen", "text", "watch"), "entry")
    fig = _page(t["classmate_title"].format(chapter=chapter), size=15)
    y = 0.925
    for label, x0, x1 in ((t["classmate_players"][0], 0.07, 0.44), (t["classmate_players"][1], 0.47, 0.80)):
        fig.text(x0, y, label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, x0 + 0.085, x1, y - 0.003)
    fig.text(0.82, y, t["date"], ha="left", va="baseline", fontsize=10, family=FONT)
    _hline(fig, 0.87, 0.93, y - 0.003)
    fig.text(0.5, 0.893, entry["title"], ha="center", va="center", fontsize=14, fontweight="bold", family=FONT)
    size = 0.40
    ax = fig.add_axes([0.07, 0.555, size, size * A4[0] / A4[1]])
    _draw_print_board(_board_of(entry), ax, coordinates="auto")
    fig.text(0.07 + size / 2, 0.548, t["classmate_setup"], ha="center", va="top", fontsize=9, family=FONT,
             style="italic")
    fig.text(0.51, 0.86, t["classmate_do"], ha="left", va="top", fontsize=11, fontweight="bold", family=FONT)
    fig.text(0.51, 0.832, textwrap.fill(entry["text"], 44), ha="left", va="top", fontsize=10.5, family=FONT,
             linespacing=1.4)
    fig.text(0.51, 0.69, t["classmate_watch"], ha="left", va="top", fontsize=11, fontweight="bold", family=FONT)
    yy = 0.662
    for line in entry["watch"]:
        wrapped = textwrap.fill(line, 42, initial_indent="• ", subsequent_indent="  ")
        fig.text(0.51, yy, wrapped, ha="left", va="top", fontsize=10.5, family=FONT, linespacing=1.35)
        yy -= 0.025 * (wrapped.count("\n") + 1) + 0.012
    record = entry.get("record", "results" if "minigame" in entry else "score")
    if record in ("results", "tries"):
        rows = [(str(n), "", "", "") for n in range(1, 7)]
        _table(fig, 0.07, 0.93, 0.50, rows, 0.045, (0.20, 0.46, 0.72), t[f"classmate_{record}"], font=11)
    else:
        fig.text(0.07, 0.50, t["classmate_score"], ha="left", va="baseline", fontsize=9.5, family=FONT)
        header = (t["score_number"], t["score_white"], t["score_black"])
        for block, (x0, x1) in enumerate(((0.07, 0.485), (0.515, 0.93))):
            w = x1 - x0
            rows = [(str(block * 20 + n), "", "") for n in range(1, 21)]
            _table(fig, x0, x1, 0.485, rows, 0.0205, (x0 + 0.12 * w, x0 + 0.56 * w), header)
    return [fig]


@checked(path=PATH)
def classmate_sheet(chapter: str, entry: dict, path) -> int:
    """Write the «Jogue com um colega» sheet of :func:`classmate_pages` as a PDF; return 1."""
    return _save_pdf(classmate_pages(chapter, entry), path, SHEET_TEXTS["classmate_title"].format(chapter=chapter))


for _name in ("student_sheet", "student_sheet_pages", "answer_key", "answer_key_pages", "score_sheet",
              "score_sheet_pages", "irregularities_sheet", "irregularities_pages", "forcada_sheet",
              "forcada_pages", "summary_sheet", "summary_pages", "classmate_sheet", "classmate_pages"):
    globals()[_name] = _needs_matplotlib(_literal_texts(globals()[_name]))
del _name
