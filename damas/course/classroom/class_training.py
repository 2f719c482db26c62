"""The class in «Treino do dia», for the teacher: levels, themes most missed, reviews, problems.

``python -m damas turma PASTA`` prints it after the table of stars (:mod:`damas.course.classroom.turma`
calls :func:`run_training_view`); ``--csv turma.csv`` also writes the two tables as CSV
(``turma.csv``, one line per student, and ``turma-problemas.csv``, one line per problem); the
plot ``turma-treino.png`` (next to the class plot) shows each student's level.

The CSV is data, never code: a cell that would start a formula in a spreadsheet (a name or a key
from a hand-edited file: ``=cmd|…``, ``+1+1``, ``=HYPERLINK(…)``) gets a ``'`` in front
(:func:`damas.course.kit.safe_text.safe_cell`, as OWASP recommends); its name must end in
``.csv`` (one is added to a name without an extension), so that a typo can never name a
progress file or a collection to be written over; and every file is written whole or not at all
(:func:`damas.rules.files.write_file`).

Per student: the level (``nota (rating)``) the student sees in their notebook (their own
attempts replayed, :meth:`damas.course.kit.training.Catalog.book`) and its uncertainty, the
attempts and how many were solved at the first try, the three themes with most attempts not
solved at the first try, and the reviews whose day has come (and how many are waiting).
Per problem tried by someone: its rating from every student's attempts replayed in the order
of time (the class's book; the simulated class of ``tests/course/class_simulation.py``
checks that it orders the problems by difficulty), how many students tried it, and how many
solved it at the first try (at their first attempt).

Pure Python; the plot imports matplotlib only when asked.
"""

from __future__ import annotations

import csv
import io
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from damas.course.kit.ratings import RatingBook
from damas.course.kit.review import due_reviews, review_states
from damas.course.kit.training import SECTION, ATTEMPTS, Catalog, merge_attempts, STUDENT, valid_attempts
from damas.course.kit.safe_text import safe_cell, shown
from damas.rules.args import Spec, checked, instance_spec, number, optional, refuse, text
from damas.rules.files import PathLike, os_error_text, output_path, write_file
from damas.rules.values import read_number

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

__all__ = ["training_tables", "format_training", "write_csv", "training_plot", "run_training_view",
           "default_puzzles"]

STUDENT_HEADER = ["aluno", "nota (rating)", "incerteza", "tentativas", "de primeira", "temas mais errados",
                  "revisões para hoje", "em revisão"]
PROBLEM_HEADER = ["problema", "coleção", "título", "tema", "nota (rating)", "alunos que tentaram",
                  "resolveram de primeira"]

TEXTS = {
    "title": "Treino do dia",
    "problems": "Problemas do treino (tentados por alguém)",
    "nobody": "Treino do dia: nenhum aluno fez o treino ainda.",
    "csv": "Tabelas em CSV: {students} e {problems}",
    "plot": "Gráfico do treino: {path}",
    "plot_title": "Nível de cada aluno no Treino do dia",
    "plot_label": "nota (rating) ± incerteza",
    "not_written": "Não foi possível gravar {path}: {error}",
    "no_puzzles": "Pasta de problemas não encontrada ({path}): os temas e os títulos ficam em branco.",
}


def default_puzzles() -> Path:
    """The course's ``puzzles/`` folder, beside the package."""
    return Path(__file__).resolve().parents[3] / "puzzles"


_STUDENTS_WORDS = "os arquivos de progresso lidos da turma (read_class)"


def _students(value: Any, name: str) -> list[Any] | tuple[Any, ...]:
    """The checked progress files of :func:`damas.course.kit.progress.read_class`: dicts with
    ``aluno`` and, if they trained, a well-formed training section."""
    if not isinstance(value, (list, tuple)):
        raise refuse(name, _STUDENTS_WORDS, value)
    for s in value:
        section = s.get(SECTION, {}) if isinstance(s, dict) else None
        if not isinstance(s, dict) or not isinstance(s.get("aluno"), str) or not s["aluno"] \
                or not isinstance(section, dict) or not valid_attempts(section.get(ATTEMPTS, [])):
            raise refuse(f"{name} (um dos alunos)", _STUDENTS_WORDS, s)
    return value


def _rows(width: int) -> Spec:
    """Rows of a table: lists (or tuples) of ``width`` cells or more."""
    def spec(value: Any, name: str) -> list[Any] | tuple[Any, ...]:
        if not isinstance(value, (list, tuple)) or not all(
                isinstance(row, (list, tuple)) and len(row) >= width for row in value):
            raise refuse(name, f"uma lista de linhas de tabela (listas de {width} valores)", value)
        return value
    return spec


def _student_rows(value: Any, name: str) -> Any:
    """The student rows of :func:`training_tables` (name, rating, uncertainty, ...)."""
    _rows(len(STUDENT_HEADER))(value, name)
    for row in value:
        text(row[0], f"{name} (o nome de um aluno)")
        number(row[1], f"{name} (a nota de {row[0]})")
        number(row[2], f"{name} (a incerteza de {row[0]})")
    return value


def _file(value: Any, name: str) -> str | os.PathLike[str]:
    """A file's or folder's path: a text or a Path."""
    if not isinstance(value, (str, os.PathLike)) or (isinstance(value, str) and not value.strip()):
        raise refuse(name, "o caminho de um arquivo ou de uma pasta (um texto ou um Path)", value)
    return value


def _stream(value: Any, name: str) -> Any:
    if not callable(getattr(value, "write", None)):
        raise refuse(name, "um arquivo aberto para escrita (como sys.stdout)", value)
    return value


_CATALOG = instance_spec("damas.course.kit.training.Catalog", "um catálogo de problemas (Catalog)")
_NOW = instance_spec("datetime.datetime", "uma data e hora (datetime)")


def _attempts(student: Mapping[str, Any]) -> list[dict[str, Any]]:
    attempts: list[dict[str, Any]] = student.get(SECTION, {}).get(ATTEMPTS, [])
    return attempts


@checked(students=_students, catalog=_CATALOG, now=_NOW)
def training_tables(students: Sequence[Mapping[str, Any]], catalog: Catalog,
                    now: datetime) -> tuple[list[list[str | int]], list[list[str | int]]]:
    """(student rows, problem rows) for ``students`` (the checked progress files of
    :func:`damas.course.kit.progress.read_class`), as in :data:`STUDENT_HEADER` and
    :data:`PROBLEM_HEADER`."""
    student_rows: list[list[str | int]] = []
    for s in students:
        log = _attempts(s)
        if not log:
            continue
        rating = catalog.book(log).student(STUDENT)
        missed: dict[str, int] = {}
        for a in log:
            if a["resultado"] != "primeira":
                theme = catalog.theme(a["problema"])
                missed[theme] = missed.get(theme, 0) + 1
        themes = sorted(missed.items(), key=lambda item: (-item[1], item[0]))[:3]
        student_rows.append([s["aluno"], round(rating.r), round(rating.rd), len(log),
                             sum(a["resultado"] == "primeira" for a in log),
                             "; ".join(f"{t} ({n})" for t, n in themes),
                             len(due_reviews(log, now)), len(review_states(log))])
    # The class's book: every attempt of every student, in the order of time.
    everything = merge_attempts(*[[dict(a, aluno=s["aluno"]) for a in _attempts(s)] for s in students])
    book = RatingBook(catalog.start).replay(everything)
    tried: dict[str, set[str]] = {}
    first: dict[str, int] = {}
    for a in everything:
        key, name = a["problema"], a["aluno"]
        tried.setdefault(key, set())
        if name not in tried[key]:         # the student's first attempt at it
            tried[key].add(name)
            if a["resultado"] == "primeira":
                first[key] = first.get(key, 0) + 1
    problem_rows: list[list[str | int]] = []
    def order(k: str) -> tuple[str, int]:       # a collection's problems in their order
        return _problem_order(catalog.labels.get(k, k))
    for key in sorted(tried, key=order):
        known = key in catalog.puzzles
        problem_rows.append([catalog.labels.get(key, key), catalog.titles.get(key, ""), catalog.puzzles[key].title if known else "",
                             catalog.theme(key) if known else "", round(book.problem(key).r), len(tried[key]),
                             first.get(key, 0)])
    return student_rows, problem_rows


def _words(error: Exception) -> str:
    """What went wrong, in Portuguese (never the system's English)."""
    if isinstance(error, OSError):
        return os_error_text(error)
    return "o matplotlib não está instalado" if isinstance(error, ImportError) else str(error)


def _problem_order(key: str) -> tuple[str, int]:
    """A collection's problems by number («classicos/3» before «classicos/12»); a key from a
    hand-edited file («x/²», thousands of digits) sorts without a ValueError."""
    name, _, number = key.rpartition("/")
    n = read_number(number)
    return (name, n) if n is not None else (key, -1)


def format_training(student_rows: Sequence[Sequence[object]], problem_rows: Sequence[Sequence[object]]) -> str:
    """The two tables as aligned text, with their titles."""
    from damas.course.classroom.stars_table import format_table
    if not student_rows:
        return TEXTS["nobody"]
    return "\n".join([TEXTS["title"], format_table(STUDENT_HEADER, student_rows), "",
                      TEXTS["problems"], format_table(PROBLEM_HEADER, problem_rows)])


@checked(student_rows=_student_rows, problem_rows=_rows(len(PROBLEM_HEADER)), path=_file)
def write_csv(student_rows: Sequence[Sequence[object]], problem_rows: Sequence[Sequence[object]],
              path: PathLike) -> tuple[Path, Path]:
    """The tables as CSV (UTF-8 with a BOM, so a spreadsheet reads the accents): ``path`` for
    the students (``.csv`` added when it has no extension; another extension is refused with a
    :class:`damas.rules.files.FileError`), ``<path>-problemas.csv`` for the problems.  No cell
    starts a formula; each file is written whole or not at all."""
    path = csv_paths(path)[0]
    problems = csv_paths(path)[1]
    for target, header, rows in ((path, STUDENT_HEADER, student_rows), (problems, PROBLEM_HEADER, problem_rows)):
        out = io.StringIO(newline="")          # a line break inside a cell is written as it is
        writer = csv.writer(out)
        writer.writerow([safe_cell(c) for c in header])
        writer.writerows([safe_cell(c) for c in row] for row in rows)
        write_file(target, out.getvalue().encode("utf-8-sig"))
    return path, problems


@checked(path=_file)
def csv_paths(path: PathLike) -> tuple[Path, Path]:
    """(the students' CSV, the problems' CSV) for ``path``; a name that does not end in ``.csv``
    (``turma/bia.json``) is refused with a :class:`damas.rules.files.FileError`."""
    path = output_path(path, ".csv")
    return path, path.with_name(path.stem + "-problemas" + path.suffix)


@checked(student_rows=_student_rows)
def training_plot(student_rows: Sequence[Sequence[Any]], path: PathLike) -> None:
    """Each student's level with its uncertainty, as a PNG (written whole or not at all; names
    drawn as written, never as TeX, control characters as visible escapes)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = sorted(student_rows, key=lambda r: r[1])
    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}), warnings.catch_warnings():
        warnings.simplefilter("ignore")         # matplotlib's English warnings (a missing glyph...)
        fig, ax = plt.subplots(figsize=(6, max(2.5, 0.35 * len(rows) + 1.2)))
        try:
            # A point and its uncertainty (a bar from a cut axis would misstate the differences).
            ax.errorbar([r[1] for r in rows], range(len(rows)), xerr=[r[2] for r in rows], fmt="o",
                        color="#4c72b0", ecolor="#777777", capsize=3)
            from damas.course.classroom.stars_table import _label
            ax.set_yticks(range(len(rows)), [_label(r[0]) for r in rows])
            ax.set_ylim(-0.7, len(rows) - 0.3)
            ax.grid(axis="x", alpha=0.3)
            ax.set_xlabel(TEXTS["plot_label"])
            ax.set_title(TEXTS["plot_title"])
            fig.tight_layout()
            png = io.BytesIO()
            fig.savefig(png, format="png", dpi=100, metadata={"Software": None})
        finally:
            plt.close(fig)
    write_file(path, png.getvalue())


@checked(students=_students, folder=_file,
         csv_path=optional(lambda value, name: value if value == "" else _file(value, name)), puzzles=optional(_file), now=optional(_NOW), out=optional(_stream), err=optional(_stream))
def run_training_view(students: Sequence[Mapping[str, Any]], folder: PathLike, csv_path: PathLike | None = None,
                      puzzles: PathLike | None = None, now: datetime | None = None,
                      out: SupportsWrite[str] | None = None, err: SupportsWrite[str] | None = None) -> int:
    """Print the training tables of ``students`` (read from ``folder``), save the plot
    (``folder/turma-treino.png``) and, with ``csv_path``, the CSV; returns the exit status."""
    from damas.course.classroom.daily import load_catalog
    out, err = out or sys.stdout, err or sys.stderr
    puzzles = Path(puzzles) if puzzles is not None else default_puzzles()
    if not puzzles.is_dir():
        print(TEXTS["no_puzzles"].format(path=puzzles), file=err)
    catalog = load_catalog(puzzles) if puzzles.is_dir() else Catalog({})
    student_rows, problem_rows = training_tables(students, catalog, now or datetime.now().astimezone())
    print(file=out)
    print(format_training(student_rows, problem_rows), file=out)
    if not student_rows:
        return 0
    status = 0
    plot = Path(folder) / "turma-treino.png"
    try:
        training_plot(student_rows, plot)
        print(TEXTS["plot"].format(path=plot), file=out)
    except (OSError, ImportError) as error:
        print(shown(TEXTS["not_written"].format(path=plot, error=_words(error))), file=err)
        status = 1
    if csv_path:
        try:
            written = write_csv(student_rows, problem_rows, csv_path)
            print(shown(TEXTS["csv"].format(students=written[0], problems=written[1])), file=out)
        except OSError as error:
            print(shown(TEXTS["not_written"].format(path=csv_path, error=_words(error))), file=err)
            status = 1
    return status
