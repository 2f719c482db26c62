"""The class's progress for the teacher: ``python -m damas turma PASTA``.

Reads the students' progress files of a folder (:func:`damas.course.kit.progress.read_class`),
prints them as a table and saves the plot of the class (:mod:`damas.course.classroom.stars_table`),
then the class in «Treino do dia» (:mod:`damas.course.classroom.class_training`); with
``--diplomas D.pdf``, the class's diplomas in one PDF (:func:`damas.course.kit.diplomas.class_diplomas`).

What it writes cannot land on a file of the course: the plot must end in ``.png``, the CSV in
``.csv`` and the diplomas in ``.pdf`` (an extension is added to a name without one), and an
existing file there that is a folder, a pipe or a device is refused; a name or a file name from the
folder is printed literally (an escape code in it cannot drive the terminal).  Only regular files
are read (a pipe named like a progress file is reported, never opened).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from damas.course.classroom.class_training import run_training_view
from damas.course.classroom.stars_table import _path, class_plot, class_report, class_table
from damas.course.kit.progress import ProgressError, read_class
from damas.course.kit.safe_text import shown
from damas.rules.args import Spec, checked, optional
from damas.rules.files import FileError, PathLike, os_error_text

__all__ = ["run_turma", "plot_path", "write_diplomas"]


@checked(pasta=_path, grafico=optional(lambda value, name: value if value == "" else _path(value, name)))
def plot_path(pasta: PathLike, grafico: PathLike | None = None) -> Path:
    """Where the plot goes: ``grafico`` (``.png`` added when it has no extension), by default
    turma.png inside ``pasta``; ProgressError for another extension (the plot is a PNG)."""
    if not grafico:
        return Path(pasta) / "turma.png"
    path = Path(grafico)
    if not path.suffix:
        return path.with_name(path.name + ".png")
    if path.suffix.lower() != ".png":
        raise ProgressError(f"o gráfico é gravado em PNG: dê um nome terminado em .png, não {shown(grafico)}")
    return path


def run_turma(pasta: PathLike, grafico: PathLike | None = None, csv: PathLike | None = None,
              problemas: PathLike | None = None, diplomas: PathLike | None = None) -> int:
    """Print the table of the progress files in ``pasta`` and save the plot
    (``grafico``, by default turma.png inside the folder), then the class in
    «Treino do dia» (:mod:`damas.course.classroom.class_training`; ``csv``: also as CSV;
    ``problemas``: the folder of the collections, by default the course's; ``diplomas``: a PDF of
    every diploma the class has won); messages in Portuguese. Returns the exit status: 2 for a bad argument (a folder that is
    not there, a plot that is not a PNG), 1 when nothing could be shown or written."""
    from damas.rules.commandline import usage_error
    prog = "python -m damas turma"
    folder = Path(pasta)
    if not folder.exists():
        return usage_error(prog, f"a pasta {pasta} não existe")
    if not folder.is_dir():
        return usage_error(prog, f"{pasta} não é uma pasta (dê a pasta dos arquivos de progresso)")
    try:
        plot = plot_path(pasta, grafico)
    except ProgressError as err:
        return usage_error(prog, err)
    if not plot.parent.is_dir():
        return usage_error(prog, f"a pasta {plot.parent} não existe: crie-a antes ou escolha outra")
    csv_file = None
    if csv:
        from damas.course.classroom.class_training import csv_paths
        try:
            csv_file = csv_paths(csv)[0]
        except FileError as err:
            return usage_error(prog, f"o CSV é gravado em .csv: dê um nome terminado em .csv, não {shown(err.filename)}")
        if not csv_file.parent.is_dir():
            return usage_error(prog, f"a pasta {shown(csv_file.parent)} não existe: crie-a antes ou escolha outra")
    if diplomas is not None:
        target = Path(diplomas)
        if target.suffix.lower() != ".pdf":
            return usage_error(prog, f"os diplomas são gravados em PDF: dê um nome terminado em .pdf, não {shown(diplomas)}")
        if not target.parent.is_dir():
            return usage_error(prog, f"a pasta {shown(target.parent)} não existe: crie-a antes ou escolha outra")
    try:
        students, problems = read_class(pasta)
    except ProgressError as err:
        print(shown(f"Não foi possível ler a turma: {err}"), file=sys.stderr)
        return 1
    for message in problems:
        print(shown(f"Arquivo ignorado: {message}"), file=sys.stderr)
    if not students:
        print(shown(f"Nenhum arquivo de progresso em {pasta}."))
        return 1 if problems else 0
    header, rows = class_table(students)
    print(class_report(students))
    try:
        class_plot(header, rows, plot)
    except (OSError, ImportError) as err:
        why = os_error_text(err) if isinstance(err, OSError) else "o matplotlib não está instalado"
        print(shown(f"Não foi possível gravar o gráfico {plot}: {why}"), file=sys.stderr)
        return 1
    print(shown(f"Gráfico: {plot}"))
    if diplomas is not None and write_diplomas(students, Path(diplomas)) != 0:
        return 1
    return run_training_view(students, pasta, csv_path=csv_file, puzzles=problemas)


def _diploma_students(value: Any, name: str) -> Any:
    from damas.course.kit.diplomas import STUDENTS
    spec: Spec = STUDENTS       # the kit's spec of a class's progress (a Spec, not annotated there yet)
    return spec(value, name)


@checked(students=_diploma_students, path=_path)
def write_diplomas(students: Sequence[Mapping[str, Any]], path: PathLike) -> int:
    """The class's diplomas into ``path`` (one page per stage test each student passed), whole or
    not at all; says what it wrote, in Portuguese.  0, or 1 when the file could not be written."""
    from damas.course.kit.diplomas import STAGES, class_diplomas
    from damas.rules.files import write_file
    path = Path(path)
    data, pages = class_diplomas(students)
    if data is None:
        print("Diplomas: nenhum aluno passou numa prova de etapa ainda; nenhum arquivo gravado.")
        return 0
    try:
        write_file(path, data)
    except FileError as err:
        print(shown(f"Não foi possível gravar os diplomas em {path}: {err}"), file=sys.stderr)
        return 1
    print(shown(f"Diplomas: {path} ({len(pages)} {'página' if len(pages) == 1 else 'páginas'})"))
    for name, stage in pages:
        print(shown(f"  {name}: {STAGES[stage][0]}"))
    return 0
