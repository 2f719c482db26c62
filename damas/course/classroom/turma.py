"""The class's progress for the teacher: ``python -m damas turma PASTA``.

Reads the students' progress files of a folder (:func:`damas.course.kit.progress.read_class`),
prints them as a table and saves the plot of the class (:mod:`damas.course.classroom.stars_table`),
then the class in «Treino do dia» (:mod:`damas.course.classroom.class_training`).

What it writes cannot land on a file of the course: the plot must end in ``.png`` and the CSV in
``.csv`` (an extension is added to a name without one), and an existing file there that is a
folder, a pipe or a device is refused; a name or a file name from the folder is printed literally
(an escape code in it cannot drive the terminal).  Only regular files are read (a pipe named like
a progress file is reported, never opened).
"""

from __future__ import annotations

import sys
from pathlib import Path

from damas.course.classroom.class_training import run_training_view
from damas.course.classroom.stars_table import class_plot, class_report, class_table
from damas.course.kit.progress import ProgressError, read_class
from damas.course.kit.safe_text import shown
from damas.rules.args import PATH, checked, optional
from damas.rules.files import FileError, os_error_text

__all__ = ["run_turma", "plot_path"]


@checked(pasta=PATH, grafico=optional(lambda value, name: value if value == "" else PATH(value, name)))
def plot_path(pasta, grafico=None) -> Path:
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


def run_turma(pasta, grafico=None, csv=None, problemas=None) -> int:
    """Print the table of the progress files in ``pasta`` and save the plot
    (``grafico``, by default turma.png inside the folder), then the class in
    «Treino do dia» (:mod:`damas.course.classroom.class_training`; ``csv``: also as CSV;
    ``problemas``: the folder of the collections, by default the course's);
    messages in Portuguese. Returns the exit status: 2 for a bad argument (a folder that is
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
    if csv:
        from damas.course.classroom.class_training import csv_paths
        try:
            csv = csv_paths(csv)[0]
        except FileError as err:
            return usage_error(prog, f"o CSV é gravado em .csv: dê um nome terminado em .csv, não {shown(err.filename)}")
        if not csv.parent.is_dir():
            return usage_error(prog, f"a pasta {shown(csv.parent)} não existe: crie-a antes ou escolha outra")
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
    return run_training_view(students, pasta, csv_path=csv, puzzles=problemas)
