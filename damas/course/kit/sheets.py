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
functions.  Every text is placed in a frame by :func:`_fitted_text`, wrapped by the width the
font really has in the PDF and shrunk when it is too big, so no word leaves its box or the
printable area (:data:`PRINT_AREA`; tests/course/kit/test_sheet_fit.py reads the PDFs back).
The PDFs carry no creation date: the same input gives the same
bytes (the kept ones are in notebooks/fichas/).  Which sheets ``python -m damas fichas``
writes, and where, is :mod:`damas.course.classroom.fichas`.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Iterable
from pathlib import Path

from damas.display.plot import A4, FONT, TEXTS, _needs_matplotlib, _points_per_unit, draw_board, numbered_moves
from damas.display.svg import diagram
from damas.errors import ArgumentError, DamasError
from damas.rules.args import PATH, checked, refuse

__all__ = ["student_sheet", "student_sheet_pages", "answer_key", "answer_key_pages", "score_sheet",
           "score_sheet_pages", "irregularities_sheet", "irregularities_pages", "forcada_sheet",
           "forcada_pages", "summary_sheet", "summary_pages", "classmate_sheet", "classmate_pages",
           "PRINT_COLORS", "SHEET_TEXTS", "PRINT_AREA", "SUMMARY_RULE_BOX", "SUMMARY_RULE_TEXT",
           "SUMMARY_EXAMPLE_TEXT", "CLASSMATE_COLUMN"]

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
        # The font embedded as TrueType (Type 42): a PDF reader (and poppler, which the tests use)
        # gets the font's own height and copies the text; Type 3 glyphs report twice their height.
        import matplotlib
        with matplotlib.rc_context({"pdf.fonttype": 42}), PdfPages(out, metadata=metadata) as pdf:
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
    _fitted_text(fig, (0.07, 0.946, 0.93, 0.978), text, size=size, min_size=round(size * 0.75, 1), ha="center",
                va="center", weight="bold")
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


#: The printable area of every sheet, in fractions of the A4 page (left, bottom, right, top): the
#: text column from 0.07 to 0.93 of the width (about 15 mm on each side) and 12 points (4,2 mm, the
#: edge a laser printer leaves blank) at the top and at the bottom.  No word of a sheet lies outside it.
PRINT_AREA = (0.07, 12 / 841.89, 0.93, 1 - 12 / 841.89)
#: The rounded box of a summary sheet's rule, (left, bottom, right, top) in fractions of the page;
#: its label («A regra») and the rule stay inside :data:`SUMMARY_RULE_TEXT`.
SUMMARY_RULE_BOX = (0.07, 0.775, 0.93, 0.89)
#: Where the rule's lines may go inside :data:`SUMMARY_RULE_BOX` (under the label).
SUMMARY_RULE_TEXT = (0.085, 0.781, 0.915, 0.858)
#: The summary sheet's example, under its heading and above the foot line.
SUMMARY_EXAMPLE_TEXT = (0.07, 0.05, 0.93, 0.228)
#: The «Jogue com um colega» column right of the board (what to do, what to watch for), above the
#: table of results.
CLASSMATE_COLUMN = (0.51, 0.515, 0.93, 0.865)


def _font_properties(size, weight="normal", style="normal"):
    from matplotlib.font_manager import FontProperties
    return FontProperties(family=FONT, size=size, weight=weight, style=style)


def _text_width(text: str, size: float, weight: str = "normal", style: str = "normal") -> float:
    """The width in points of one line of ``text`` as the PDF prints it: the sheet's font
    (:data:`damas.display.plot.FONT`) measured by matplotlib without hinting, as its PDF backend
    places the glyphs."""
    from matplotlib.textpath import text_to_path
    if not text.strip():
        return 0.0
    width, _, _ = text_to_path.get_text_width_height_descent(text, _font_properties(size, weight, style),
                                                             ismath=False)
    return float(width)


def _wrap_to_width(text: str, width: float, size: float, weight: str = "normal", style: str = "normal",
                  indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` cut at spaces into lines no wider than ``width`` points (:func:`_text_width`); a
    word wider than a line alone is cut where the line ends.  A new line in ``text`` starts a new
    line."""
    lines: list[str] = []

    def fits(line):
        return _text_width(line, size, weight, style) <= width

    for paragraph in str(text).split("\n"):
        prefix = indent if not lines else subsequent_indent
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else prefix + word
            if fits(trial):
                line = trial
                continue
            if line:
                lines.append(line)
                prefix = subsequent_indent
            line = prefix + word
            while not fits(line) and len(line) > len(prefix) + 1:
                cut = len(line) - 1
                while cut > len(prefix) + 1 and not fits(line[:cut]):
                    cut -= 1
                lines.append(line[:cut])
                prefix = subsequent_indent
                line = prefix + line[cut:]
        lines.append(line)
    return lines


def _clipped(text, width, size, weight="normal"):
    """``text`` on one line no wider than ``width`` points: cut with «…» when it is longer."""
    if _text_width(text, size, weight) <= width:
        return text
    while text and _text_width(text + "…", size, weight) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _frame_points(frame, page=A4):
    """(width, height) of a frame given in fractions of the page (``page``: its width and height
    in inches, A4 upright unless said), in points."""
    x0, y0, x1, y1 = frame
    return (x1 - x0) * page[0] * 72, (y1 - y0) * page[1] * 72


def _ascent_above_layout(size, weight="normal", style="normal", page_height=A4[1]) -> float:
    """How far (fractions of the page, ``page_height`` inches high) the font's full ascent (its
    hhea table, the top of the box a PDF reader gives a word) rises above the ascent matplotlib
    aligns a text's top with (the OS/2 table's typographic ascender)."""
    from matplotlib.font_manager import findfont, get_font
    font = get_font(findfont(_font_properties(size, weight, style)))
    hhea, os2 = font.get_sfnt_table("hhea"), font.get_sfnt_table("OS/2")
    if not hhea or not os2:
        return 0.0
    extra = (hhea["ascent"] - os2["sTypoAscender"]) / font.units_per_EM
    return max(0.0, extra) * size / (72 * page_height)


def _block_height(fig, text, size, weight, style, linespacing):
    """The height in fractions of ``fig``'s page of ``text`` (lines) drawn as matplotlib lays it out."""
    from matplotlib.text import Text
    probe = Text(0, 0, text, fontsize=size, fontweight=weight, fontstyle=style, family=FONT,
                 linespacing=linespacing)
    probe.set_figure(fig)
    # an Agg renderer of its own: the figure's canvas may be any backend's (PDF, a notebook's)
    from matplotlib.backends.backend_agg import RendererAgg
    extent = probe.get_window_extent(renderer=RendererAgg(1, 1, fig.dpi))
    return extent.height / (fig.dpi * fig.get_figheight())


def _fitted_text(fig, frame, text, *, size, min_size=None, ha="left", va="top", weight="normal",
                style="normal", linespacing=1.2, indent="", subsequent_indent="", **options):
    """Draw ``text`` inside ``frame`` (left, bottom, right, top in fractions of the page): wrapped
    by its measured width (:func:`_wrap_to_width`), and at a smaller size, down to ``min_size``
    (70 % of ``size`` by default), while a word alone or the whole block is too big for the frame;
    a word still too wide at ``min_size`` is cut.  ``ha`` places the lines at the frame's left,
    centre or right, ``va`` at its top, centre or bottom.  Returns the Text and records the frame
    (:func:`_text_frames`)."""
    x0, y0, x1, y1 = frame
    page = tuple(fig.get_size_inches())          # A4 upright, or a landscape page (certificates)
    width, _ = _frame_points(frame, page)
    text = str(text)
    floor = min_size if min_size is not None else round(size * 0.7, 1)
    current = size
    while True:
        lines = _wrap_to_width(text, width, current, weight, style, indent, subsequent_indent)
        block = "\n".join(lines)
        too_wide = any(_text_width(word, current, weight, style) > width for word in text.split())
        rise = _ascent_above_layout(current, weight, style, page[1])
        too_tall = _block_height(fig, block, current, weight, style, linespacing) + rise > y1 - y0
        if not (too_wide or too_tall) or current <= floor:
            break
        current = max(floor, round(current - 0.25, 2))
    if ha == "center" and len(lines) > 1:
        # centred lines of even length: the narrowest width that needs no more lines
        low, high = width / 2, width
        for _ in range(10):
            middle = (low + high) / 2
            if len(_wrap_to_width(text, middle, current, weight, style, indent, subsequent_indent)) <= len(lines):
                high = middle
            else:
                low = middle
        block = "\n".join(_wrap_to_width(text, high, current, weight, style, indent, subsequent_indent))
    x = {"left": x0, "center": (x0 + x1) / 2, "right": x1}[ha]
    y = {"top": y1 - rise, "center": (y0 + y1 - rise) / 2, "bottom": y0}[va]
    artist = fig.text(x, y, block, ha=ha, va=va, fontsize=current, fontweight=weight, fontstyle=style,
                      family=FONT, linespacing=linespacing, multialignment=ha,
                      **options)
    fig.__dict__.setdefault("_damas_frames", []).append((tuple(frame), text))
    return artist


def _text_frames(fig) -> list:
    """The frames of a sheet's page and the text each holds: [((left, bottom, right, top), text)],
    in fractions of the page, as :func:`_fitted_text` placed them."""
    return list(fig.__dict__.get("_damas_frames", []))


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
        _fitted_text(fig, (0.07, 0.884, 0.93, 0.911), SHEET_TEXTS["student_hint"], size=8.5, va="center",
                    color="#222222")
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
            _fitted_text(fig, (x0 + 0.01, y0 + 0.047, x0 + cell_w - 0.01, y0 + text_h - 0.002), str(item.task),
                        size=9, ha="center", linespacing=1.15)
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
    width, _ = _frame_points((PRINT_AREA[0], 0, PRINT_AREA[2], 1))

    def wrapped(text, bold=False):
        indent = "" if bold else "     "
        return [(line, bold) for line in _wrap_to_width(text, width, 9.5, "bold" if bold else "normal",
                                                        indent=indent, subsequent_indent="     ")]
    entries = []
    for number, item in enumerate(items, 1):
        name = getattr(item, "title", "") or ""
        heading = f"{number}. {name} — {item.task}" if name else f"{number}. {item.task}"
        lines = wrapped(heading, bold=True) + wrapped(str(item.answer))
        also = getattr(item, "also", "")
        if also:
            lines += wrapped(t["also"].format(moves=also))
        source = getattr(item, "source_line", "")
        if source:
            lines += wrapped(t["source"].format(source=source))
        if item.theme:
            lines += wrapped(t["theme"].format(theme=item.theme))
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
    pad = min(0.006, row_h / 8)
    for i, text in enumerate(header):
        _fitted_text(fig, (xs[i] + 0.004, y - row_h + pad, xs[i + 1] - 0.004, y - pad), text, size=font,
                    ha="center", va="center", weight="bold", linespacing=1.1)
    y -= row_h
    _hline(fig, x0, x1, y, 0.8, "#333333")
    for cells in rows:
        for i, text in enumerate(cells):
            if text:
                _fitted_text(fig, (xs[i] + 0.006, y - row_h + pad, xs[i + 1] - 0.006, y - pad), text, size=font,
                            ha="left" if i else "center", va="center", linespacing=1.2)
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
        _fitted_text(fig, (0.07, 0.935, 0.93, 0.949), note, size=9.5, ha="center", va="center", color="#222222")
    y = 0.925
    for left_label, right_label in t["score_fields"]:
        fig.text(0.07, y, left_label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.16, 0.52, y - 0.003)
        fig.text(0.56, y, right_label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, 0.65, 0.93, y - 0.003)
        for label, x, x_end in ((left_label, 0.165, 0.52), (right_label, 0.655, 0.93)):
            value = " ".join(str(fields.get(label, "")).split())
            if value:
                fig.text(x, y + 0.001, _clipped(value, (x_end - x) * A4[0] * 72, 10.5, "bold"), ha="left",
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
    _fitted_text(fig, (0.07, 0.03, 0.62, y - 0.105), t["score_help"], size=8.5, linespacing=1.3)
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
    _fitted_text(fig, (0.07, 0.865, 0.93, 0.937), t["irr_intro"], size=9.5, linespacing=1.35)
    rows = [(number, text, "") for number, text in IRREGULARITIES]
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
    _fitted_text(fig, (0.07, 0.848, 0.93, 0.907), t["forcada_intro"].format(moves=moves, rule=rule), size=9.5,
                linespacing=1.3)
    size = 0.30
    for k, (fen, caption) in enumerate(((FORCADA_OUT, t["forcada_out"]), (FORCADA_IN, t["forcada_in"]))):
        x = 0.12 + k * 0.46
        ax = fig.add_axes([x, 0.63, size, size * A4[0] / A4[1]])
        _draw_print_board(Board(fen), ax, coordinates="algebraic")
        middle = x + size / 2
        _fitted_text(fig, (middle - 0.2, 0.594, middle + 0.2, 0.622), caption, size=9, ha="center")
    fig.text(0.07, 0.585, t["forcada_position"], ha="left", va="baseline", fontsize=10, family=FONT)
    rows = [(str(n), "", "", "") for n in range(1, moves + 1)]
    bottom = _table(fig, 0.07, 0.93, 0.57, rows, 0.0178, (0.14, 0.38, 0.62),
                    (t["score_number"], t["score_white"], t["score_black"], t["forcada_diag"]))
    for k, text in enumerate((t["forcada_result_win"], t["forcada_result_draw"].format(moves=moves, rule=rule))):
        _fitted_text(fig, (0.07, bottom - 0.03 - 0.023 * k, 0.93, bottom - 0.012 - 0.023 * k), text, size=10,
                    va="center")
    model = numbered_moves(Board(FORCADA_OUT), FORCADA_MODEL)
    _fitted_text(fig, (0.07, bottom - 0.084, 0.93, bottom - 0.067), t["forcada_model"], size=9, va="center")
    _fitted_text(fig, (0.07, 0.03, 0.93, bottom - 0.092), model, size=9, linespacing=1.3)
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
    x0, y0, x1, y1 = SUMMARY_RULE_BOX
    fig.add_artist(FancyBboxPatch((x0, y0), x1 - x0, y1 - y0, boxstyle="round,pad=0.005,rounding_size=0.012",
                                  transform=fig.transFigure, facecolor="#f2f2f2", edgecolor="#333333", linewidth=1.2))
    _fitted_text(fig, (SUMMARY_RULE_TEXT[0], SUMMARY_RULE_TEXT[3], SUMMARY_RULE_TEXT[2], y1 - 0.006),
                t["summary_rule"], size=11, va="center", color="#333333")
    _fitted_text(fig, SUMMARY_RULE_TEXT, entry["rule"], size=15, min_size=10, ha="center", va="center",
                weight="bold", linespacing=1.3)
    size = 0.56
    ax = fig.add_axes([0.5 - size / 2, 0.33, size, size * A4[0] / A4[1]])
    _draw_print_board(_board_of(entry), ax, coordinates="auto")
    _fitted_text(fig, (0.07, 0.272, 0.93, 0.318), entry["title"], size=11, ha="center", style="italic")
    fig.text(0.07, 0.255, t["summary_example"], ha="left", va="center", fontsize=12, fontweight="bold", family=FONT)
    _hline(fig, 0.07, 0.93, 0.242, 0.8, "#333333")
    _fitted_text(fig, SUMMARY_EXAMPLE_TEXT, entry["example"], size=12, min_size=9, linespacing=1.45)
    fig.text(0.5, 0.03, t["summary_foot"].format(chapter=chapter.split(" ")[0]), ha="center", fontsize=8,
             family=FONT, color="#555555")
    return [fig]


@checked(path=PATH)
def summary_sheet(chapter: str, entry: dict, path) -> int:
    """Write the «ficha-resumo» of :func:`summary_pages` as a PDF; return the page count (1)."""
    return _save_pdf(summary_pages(chapter, entry), path, SHEET_TEXTS["summary_title"].format(chapter=chapter))


def _classmate_column(fig, entry):
    """What to do and what to watch for, one under the other in :data:`CLASSMATE_COLUMN`, all at
    the largest size (10,5 points down to 7,5) at which the whole column fits."""
    t = SHEET_TEXTS
    x0, y0, x1, y1 = CLASSMATE_COLUMN
    width, _ = _frame_points(CLASSMATE_COLUMN)
    # (text, heading?, indent, subsequent indent, line spacing)
    pieces = [(t["classmate_do"], True, "", "", 1.2), (entry["text"], False, "", "", 1.4),
              (t["classmate_watch"], True, "", "", 1.2)]
    pieces += [(line, False, "• ", "   ", 1.35) for line in entry["watch"]]
    gap = 0.012
    size = 10.5
    while True:
        heights = []
        for text, heading, indent, rest, spacing in pieces:
            font = size + 0.5 if heading else size
            weight = "bold" if heading else "normal"
            lines = _wrap_to_width(text, width, font, weight, indent=indent, subsequent_indent=rest)
            heights.append(_block_height(fig, "\n".join(lines), font, weight, "normal", spacing)
                           + _ascent_above_layout(font, weight))
        words_fit = all(_text_width(word, size) <= width for piece in pieces for word in piece[0].split())
        if (words_fit and sum(heights) + gap * (len(pieces) - 1) <= y1 - y0) or size <= 7.5:
            break
        size -= 0.25
    top = y1
    for (text, heading, indent, rest, spacing), height in zip(pieces, heights):
        font = size + 0.5 if heading else size
        _fitted_text(fig, (x0, top - height - 0.001, x1, top), text, size=font, min_size=font,
                    weight="bold" if heading else "normal", indent=indent, subsequent_indent=rest,
                    linespacing=spacing)
        top -= height + gap


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
    # each line to write on starts a little after its label, as wide as the label is measured
    for label, x0, x1 in ((t["classmate_players"][0], 0.07, 0.42), (t["classmate_players"][1], 0.45, 0.76),
                          (t["date"], 0.785, 0.93)):
        fig.text(x0, y, label, ha="left", va="baseline", fontsize=10, family=FONT)
        _hline(fig, x0 + _text_width(label, 10) / (A4[0] * 72) + 0.008, x1, y - 0.003)
    _fitted_text(fig, (0.07, 0.879, 0.93, 0.908), entry["title"], size=14, ha="center", va="center", weight="bold")
    size = 0.40
    ax = fig.add_axes([0.07, 0.555, size, size * A4[0] / A4[1]])
    _draw_print_board(_board_of(entry), ax, coordinates="auto")
    _fitted_text(fig, (0.07, 0.515, 0.07 + size + 0.02, 0.548), t["classmate_setup"], size=9, ha="center",
                style="italic")
    _classmate_column(fig, entry)
    record = entry.get("record", "results" if "minigame" in entry else "score")
    if record in ("results", "tries"):
        rows = [(str(n), "", "", "") for n in range(1, 7)]
        _table(fig, 0.07, 0.93, 0.50, rows, 0.045, (0.20, 0.46, 0.72), t[f"classmate_{record}"], font=11)
    else:
        _fitted_text(fig, (0.07, 0.493, 0.93, 0.511), t["classmate_score"], size=9.5, va="bottom")
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
