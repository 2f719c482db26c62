"""The class's stars chapter by chapter, for the teacher: a table and a plot (``turma``).

Each count says of how many («3 de 24»: the stars a chapter gives and the problems the course
offers, :mod:`damas.course.kit.catalogue`); the chapters nobody started are listed.  The plot
imports matplotlib only when it is drawn.

Names come from the students' files, which anyone may have edited: on the screen and in the plot
each is shown literally (:func:`damas.course.kit.safe_text.shown`: a terminal escape code, a line
break or a direction mark is written as a visible escape), and the columns are aligned by the
width a terminal gives each character (a combining accent takes none).  The plot is written whole
or not at all (:func:`damas.rules.files.write_file`).
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from damas.course.kit.catalogue import _solved, chapter_of, max_stars, problem_total, solved_problems
from damas.course.kit.chapter_list import CHAPTERS, EXTRAS, label as chapter_label, order as chapter_order
from damas.course.kit.safe_text import shown, width
from damas.rules.args import LIST, PATH, checked, refuse
from damas.rules.files import PathLike

__all__ = ["class_table", "class_report", "format_table", "class_plot", "TABLE_TEXTS"]

#: What the teacher reads under the class's table.
TABLE_TEXTS = {
    "legend": "Estrelas: ganhas de quantas há (cada tarefa, exercício ou questionário vale até 3). "
              "Problemas: resolvidos de quantos há (no treino e nos finais).",
    "not_started": "Capítulos que ninguém começou: {chapters}.",
    "all_started": "Todos os capítulos foram começados por alguém da turma.",
    "of": "{n} de {total}",
}


def _path(value: Any, name: str) -> PathLike:
    """A path (a text or a Path) of what the classroom writes or reads there; an open file, which
    the door's PATH lets through for the functions that write into one, is refused."""
    if hasattr(value, "write") or hasattr(value, "read"):
        raise refuse(name, "o caminho de um arquivo ou de uma pasta (um texto ou um Path)", value)
    path: PathLike = PATH(value, name)
    return path


_STUDENT_WORDS = ("uma lista de alunos como read_class os lê: cada um com «aluno» (o nome), «estrelas» "
                  "({tarefa: estrelas}) e «problemas» ({chave: [índice, ...]})")


def _students(value: Any, name: str) -> Sequence[Mapping[str, Any]]:
    """The students of :func:`damas.course.kit.progress.read_class`: each a mapping with a name,
    its stars ({task: whole number}) and its solved problems ({key: [index, ...]})."""
    students: Sequence[Mapping[str, Any]] = LIST(value, name)
    for i, d in enumerate(students):
        where = f"{name} (o aluno {i + 1})"
        if not isinstance(d, Mapping) or not all(k in d for k in ("aluno", "estrelas", "problemas")):
            raise refuse(where, _STUDENT_WORDS, d)
        stars = d["estrelas"]
        if not isinstance(stars, Mapping) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in stars.items()):
            raise refuse(f"{where}, «estrelas»", "{tarefa: estrelas}, as estrelas números inteiros", stars)
        _solved(d["problemas"], f"{where}, «problemas»")
    return students


def _column(chapter: str) -> str:
    """The table's heading of a chapter: ``"cap. 03"``, or its name when it has no number."""
    name = chapter_label(chapter)
    return "cap. " + name.split(" — ", 1)[0] if " — " in name else name


def _started(d: Mapping[str, Any]) -> set[str]:
    """The chapters a student started: a star or a problem saved under the chapter's name."""
    return {chapter_of(k) for k in list(d["estrelas"]) + [k for k, v in d["problemas"].items() if v]}


@checked(students=_students)
def class_table(students: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[list[str | int]]]:
    """(header, rows): one row per student, the stars of each chapter someone started (in the
    order of the course), the total and the problems solved."""
    chapters = _columns(students)
    header = ["aluno"] + [_column(c) for c in chapters] + ["estrelas", "problemas"]
    rows: list[list[str | int]] = []
    for d in students:
        per = {c: 0 for c in chapters}
        for k, v in d["estrelas"].items():
            per[chapter_of(k)] += v
        rows.append([d["aluno"]] + [per[c] for c in chapters]
                    + [sum(d["estrelas"].values()), len(solved_problems(d["problemas"]))])
    return header, rows


_COURSE = {slug for slug, *_ in CHAPTERS} | {slug for slug, *_ in EXTRAS}


def _columns(students: Sequence[Mapping[str, Any]]) -> list[str]:
    """The table's chapters: every one someone started (and any other name stars are kept under)."""
    return sorted({c for d in students for c in _started(d) if c in _COURSE}
                  | {chapter_of(k) for d in students for k in d["estrelas"]}, key=chapter_order)


def class_report(students: Sequence[Mapping[str, Any]]) -> str:
    """The class's table as the teacher reads it: each count with its «de quantos» (the stars
    the chapter gives, the problems the course offers: :mod:`damas.course.kit.catalogue`), a legend,
    and the chapters nobody started."""
    header, rows = class_table(students)
    chapters = _columns(students)
    most = max_stars()
    totals = [most.get(c) for c in chapters] + [sum(most.values()), problem_total()]
    of = TABLE_TEXTS["of"]
    shown = [[row[0]] + [of.format(n=n, total=t) if t else str(n) for n, t in zip(row[1:], totals)]
             for row in rows]
    lines = [format_table(header, shown), "", TABLE_TEXTS["legend"]]
    started = set().union(*(_started(d) for d in students)) if students else set()
    missing = [chapter_label(slug) for slug in sorted(_COURSE - started, key=chapter_order)]
    lines.append(TABLE_TEXTS["not_started"].format(chapters=", ".join(missing)) if missing
                 else TABLE_TEXTS["all_started"])
    return "\n".join(lines)


@checked(header=LIST)
def format_table(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The table as aligned text, every cell shown literally (:func:`damas.course.kit.safe_text.shown`).
    Every row has as many cells as the header."""
    cells = [[shown(x) for x in header]]
    for i, row in enumerate(rows):
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != len(header):
            raise refuse(f"rows (a linha {i + 1})", f"uma lista de {len(header)} células, como o cabeçalho", row)
        cells.append([shown(x) for x in row])
    widths = [max(width(r[i]) for r in cells) for i in range(len(header))]

    def pad(cell: str, w: int, left: bool) -> str:
        space = " " * (w - width(cell))
        return cell + space if left else space + cell

    lines = ["  ".join(pad(c, w, i == 0) for i, (c, w) in enumerate(zip(r, widths))) for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _label(name: object) -> str:
    """A name as a plot's label: shown literally, cut at 40 columns («…»)."""
    text = shown(name)
    return text if len(text) <= 40 else text[:39] + "…"


@checked(header=LIST, path=_path)
def class_plot(header: Sequence[str], rows: Sequence[Sequence[Any]], path: PathLike) -> None:
    """A bar chart of the stars per student (stacked by chapter), as a PNG written to ``path``
    whatever its extension, whole or not at all.  Names are drawn as written: ``$\\frac{`` in a
    name is not TeX, and a control character is a visible escape."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    # matplotlib's own warnings (a glyph the font lacks, a layout too tight for long names) are
    # English words for the teacher's terminal: the plot is drawn as well as it can be, silently.
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        chapters = header[1:-2]
        names = [_label(r[0]) for r in rows]
        fig, ax = plt.subplots(figsize=(max(4, 0.7 * len(rows) + 2), 4))
        try:
            positions = range(len(rows))
            bottom = [0] * len(rows)
            for j, chapter in enumerate(chapters):
                values = [r[1 + j] for r in rows]
                ax.bar(positions, values, bottom=bottom, label=chapter)
                bottom = [b + v for b, v in zip(bottom, values)]
            ax.set_xticks(list(positions), names, rotation=30, ha="right")
            ax.set_ylabel("estrelas")
            ax.set_title("Estrelas da turma, por capítulo")
            if chapters:
                ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
            fig.tight_layout()
            png = io.BytesIO()
            fig.savefig(png, format="png", dpi=100, metadata={"Software": None})
        finally:
            plt.close(fig)
    from damas.rules.files import clean_leftovers, write_file
    clean_leftovers(path)
    write_file(path, png.getvalue())
